/**
 * The built web app (apps/web/dist) at `/`. Vite's hashed files under /assets are cached for a year;
 * index.html and unhashed files are revalidated on every load so a deploy is picked up at once.
 * The web build writes a .br and .gz beside each text file (vite.config.ts); a browser that accepts
 * one gets it (`vary: accept-encoding`), any other client the file itself. Nothing is compressed
 * per request. The SPA uses hash routing, so only `/` and real files exist; anything else is our
 * JSON 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface WebPluginOptions {
  /** Absolute path of the web build; nothing is served when it has no index.html. */
  root: string;
}

const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { root }) => {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web build not found: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
};

export default fp(webPlugin, { name: 'web', fastify: '5.x' });
