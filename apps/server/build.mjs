// Bundles src/main.ts into dist/main.js. npm packages stay external (installed in node_modules),
// except the workspace contract, which is TypeScript source and must be compiled in.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const started = performance.now();
await rm(new URL('dist', import.meta.url), { recursive: true, force: true });

/** Keeps every bare import external but @cooler-hub/contract (resolved normally, then bundled). */
const externalsButContract = {
  name: 'externals-but-contract',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@cooler-hub/contract/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalsButContract],
});
console.log(`server built: apps/server/dist/main.js in ${Math.round(performance.now() - started)} ms`);
