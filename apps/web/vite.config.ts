import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { transform as transformCss, type Selector } from 'lightningcss';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { appShell } from './build/app-shell';
import { webCallDeclarations } from './build/call-declarations';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at the highest level,
 * which the server sends to browsers that accept them (@fastify/static `preCompressed`); nothing is
 * compressed per request. A variant that would not be smaller is left out: the server then falls
 * back to the next encoding, or the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cooler-hub:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: after Vite has also copied public/ (the favicon) into outDir.
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const variants = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }).then((data) => ({ ext: '.br', data })),
            gzipAsync(source, { level: 9 }).then((data) => ({ ext: '.gz', data })),
          ]);
          for (const { ext, data } of variants) if (data.length < source.length) await writeFile(file + ext, data);
        }),
      );
    },
  };
}

/** A Mantine component's class name as its CSS and its JS `classes` object both spell it. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/**
 * Mantine's styles.css holds every component (≈250 KB), and it blocks the first paint. This drops
 * each rule whose selectors all name a Mantine class that no chunk of the build contains: a
 * component that was tree-shaken away can never put its class on an element. The stylesheet keeps
 * what any screen of the app uses (a component added later keeps its styles: the check runs on
 * the build), about half. The file gets a new hashed name from its new content, so a cached copy
 * is never reused for a different set of rules; only a stylesheet nothing but index.html names
 * (no-cache) is rewritten, as renaming one a chunk names would leave that chunk's hash stale.
 */
function dropUnusedMantineCss(): Plugin {
  return {
    name: 'cooler-hub:drop-unused-mantine-css',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const outputs = Object.values(bundle);
        const html = outputs.find((o) => o.type === 'asset' && o.fileName === 'index.html');
        if (html?.type !== 'asset') return;
        const js = outputs.flatMap((o) => (o.type === 'chunk' ? [o.code] : [])).join('\n');
        const used = new Set(js.match(MANTINE_CLASS));
        const reachable = (selector: Selector) =>
          selector.every((part) => part.type !== 'class' || !/^m_[0-9a-f]{8}$/.test(part.name) || used.has(part.name));
        for (const css of outputs) {
          const hashed = /-[\w-]{8}\.css$/;
          if (css.type !== 'asset' || !hashed.test(css.fileName) || js.includes(css.fileName)) continue;
          const { code } = transformCss({
            filename: css.fileName,
            code: Buffer.from(css.source),
            minify: true,
            visitor: { Rule: { style: (rule) => (rule.value.selectors.some(reachable) ? undefined : []) } },
          });
          const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
          const fileName = css.fileName.replace(hashed, `-${hash}.css`);
          delete bundle[css.fileName];
          this.emitFile({ type: 'asset', fileName, source: code });
          html.source = html.source.toString().replaceAll(`/${css.fileName}"`, `/${fileName}"`);
        }
      },
    },
  };
}

/** The screen a first visit (no session yet) draws: src/features/auth/login-page.tsx. */
const FIRST_SCREEN = 'src/features/auth/login-page.tsx';

/**
 * Adds `<link rel="modulepreload">` for the first screen's lazy chunk and the chunks it imports, so
 * the browser fetches them beside the entry instead of one round trip after the entry has run (the
 * longest wait of a cold #/login on a phone). Most of those bytes are the form layer, which the
 * signed-in screens load too, so a signed-in visit wastes only the small login chunk.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'cooler-hub:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const screen = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(FIRST_SCREEN)));
        // Fail the build rather than silently lose the preload when the login page moves.
        if (!screen) throw new Error(`preloadFirstScreen: no chunk holds ${FIRST_SCREEN}; update FIRST_SCREEN in vite.config.ts`);
        // Chunks the entry already loads (all of them, when the login page is imported eagerly) need nothing.
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          wanted.push(fileName);
          for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(screen.fileName);
        return wanted.map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * The SPA is served by the API server from apps/web/dist (same origin, CSP `script-src 'self'`).
 * Every page, and the shell itself, is a lazy chunk, so #/login loads only what it draws and the
 * first load stays under the 250 KB gzipped budget (docs/architecture.md §6). React and the data/i18n
 * libraries sit in two long-lived vendor chunks. The Mantine modules the entry imports (`$initial`)
 * are one chunk, so a lazy screen sharing a few of them (the dashboard's charts) cannot cut the
 * first load into more, smaller chunks (docs/decisions/255); other Mantine components split with
 * the pages using them.
 */
export default defineConfig({
  plugins: [webCallDeclarations(), react(), preloadFirstScreen(), dropUnusedMantineCss(), appShell(), precompress()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 10,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/].*\.m?js$/, tags: ['$initial'], priority: 5 },
            // The contract's schemas and declarations, in chunks by the set of screens that use them:
            // without this, each operations module a few screens share became a chunk of its own,
            // and a screen loaded a dozen small ones (docs/decisions/281).
            { name: 'contract', test: /packages[\\/]contract[\\/]src[\\/]/, entriesAware: true, priority: 4 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
