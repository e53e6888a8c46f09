/**
 * Static files (plugins/web.ts): the build's .br/.gz siblings go to browsers that accept them, hashed
 * assets are cached for a year, index.html is revalidated, and a client that accepts no encoding gets
 * the file itself. A throw-away web root stands in for the build; the last block checks the real
 * build when there is one (`npm test` builds first).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { webRoot as builtWebRoot } from '../src/paths';
import { buildTestApp, type TestApp } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" href="/assets/index-def456.css"></head><body><div id="root"></div>${' '.repeat(200)}</body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hub '.repeat(500))};\n`;
const STYLES = `.a{color:red}\n`.repeat(300);
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

let t: TestApp;
let webRoot: string;

/** Writes `name` and, as the web build does, its .br and .gz siblings. */
async function writeWithSiblings(name: string, content: string) {
  const file = path.join(webRoot, name);
  await fsp.writeFile(file, content);
  await fsp.writeFile(`${file}.br`, brotliCompressSync(content));
  await fsp.writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webRoot = await fsp.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-web-'));
  await fsp.mkdir(path.join(webRoot, 'assets'));
  await writeWithSiblings('index.html', INDEX_HTML);
  await writeWithSiblings('assets/index-abc123.js', SCRIPT);
  await writeWithSiblings('assets/index-def456.css', STYLES);
  await fsp.writeFile(path.join(webRoot, 'favicon.svg'), FAVICON); // too small to be worth compressing
  t = await buildTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  await fsp.rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed static files', () => {
  it('a hashed script goes brotli-compressed to a browser, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('a client that accepts only gzip gets the gzip file', async () => {
    const res = await get('/assets/index-def456.css', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('text/css');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(STYLES);
  });

  it('a client without Accept-Encoding gets the file itself, still cached for a year', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(SCRIPT);
  });

  it('an encoding we have no file for (identity, zstd only) gets the file itself', async () => {
    for (const acceptEncoding of ['identity', 'zstd']) {
      const res = await get('/assets/index-abc123.js', acceptEncoding);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body, acceptEncoding).toBe(SCRIPT);
    }
  });

  it('index.html is compressed too, but revalidated on every load (no-cache), with the security headers', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('a file the build left uncompressed is sent as it is, not cached immutably', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(FAVICON);
  });

  it('a missing asset is still a 404 for a client that accepts compression', async () => {
    const missing = await get('/assets/missing.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
  });
});

describe.skipIf(!fs.existsSync(path.join(builtWebRoot, 'index.html')))('the real web build', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: t.config, database: t.database, jwtSecret: t.jwtSecret, webRoot: builtWebRoot });
  });
  afterAll(() => app.close());

  it('every script and stylesheet index.html loads is served brotli-compressed and immutable', async () => {
    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(index.rawPayload).toString();
    const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
      const plain = fs.readFileSync(path.join(builtWebRoot, url));
      expect(brotliDecompressSync(res.rawPayload).equals(plain), url).toBe(true);
    }
  });
});
