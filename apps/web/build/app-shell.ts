/**
 * The installable app shell (docs/decisions/269): writes dist/sw.js from build/sw.js with the list of
 * every file the build made (and the files of public/), so the worker can keep the whole app for
 * use without the network. Its VERSION is a hash of the file names and of the unhashed files'
 * contents: an unchanged build gives a byte-identical sw.js, which browsers do not install again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const TEMPLATE = path.join(import.meta.dirname, 'sw.js');
export const SERVICE_WORKER = 'sw.js';

export function appShell(): Plugin {
  let publicDir = '';
  return {
    name: 'cooler-hub:app-shell',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const hash = createHash('sha256');
        const files: string[] = [];
        for (const output of Object.values(bundle)) {
          files.push(output.fileName);
          // Hashed names stand for their content; index.html's content names this build's chunks.
          if (!output.fileName.startsWith('assets/')) hash.update(output.type === 'asset' ? output.source : output.code);
        }
        for (const entry of publicDir ? readdirSync(publicDir, { withFileTypes: true }) : []) {
          if (!entry.isFile()) continue;
          files.push(entry.name);
          hash.update(readFileSync(path.join(publicDir, entry.name)));
        }
        const precache = files.map((file) => `/${file}`).sort();
        hash.update(precache.join('\n'));
        const version = hash.digest('base64url').slice(0, 12);
        const source = `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${readFileSync(TEMPLATE, 'utf8')}`;
        this.emitFile({ type: 'asset', fileName: SERVICE_WORKER, source });
      },
    },
  };
}
