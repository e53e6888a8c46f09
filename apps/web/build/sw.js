/* global self, caches, VERSION, PRECACHE */
// The app shell's service worker (docs/decisions/269). The build (build/app-shell.ts) writes it to
// dist/sw.js with two constants before this text: VERSION, the hash of the build's file list, and
// PRECACHE, every file of the build (index.html, the hashed chunks, stylesheets and the barcode
// reader's .wasm, the icon and the manifest). What it does:
// - install: downloads the whole build into the cache `cooler-hub-<VERSION>`, then takes over at
//   once (skipWaiting; the page reloads into the new build at its next change of screen);
// - a page load (`/`, any #route) gets the cached index.html, so the app opens with the network down;
//   a build file comes from the cache, falling back to the network;
// - /api/** never reaches the worker (a static route to the network where the browser has them) and
//   is never cached: an answer is always the server's, or the browser's own network error;
// - activate: keeps this build's cache and the one before it (a page still running the old build
//   may yet load its lazy chunks), deletes older ones.
const PREFIX = 'cooler-hub-';
const CACHE = `${PREFIX}${VERSION}`;
/** Where the cache of the build in use before this one is remembered across activations. */
const CURRENT_KEY = '/__cooler-hub-current-build';
const META = `${PREFIX}meta`;
const SHELL = '/index.html';
const precached = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  if (event.addRoutes) event.addRoutes({ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' }).catch(() => {});
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Hashed files never change, so the HTTP cache may answer; the rest is revalidated.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const meta = await caches.open(META);
      const previous = await (await meta.match(CURRENT_KEY))?.text();
      if (previous !== CACHE) await meta.put(CURRENT_KEY, new Response(CACHE));
      const keep = new Set([META, CACHE, previous]);
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** This build's copy first, then the previous build's, then the network. */
async function fromCache(path, request) {
  const own = await (await caches.open(CACHE)).match(path);
  return own ?? (await caches.match(path)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // Hash routing: every screen is a load of `/`.
  if (request.mode === 'navigate' && (url.pathname === '/' || url.pathname === SHELL)) event.respondWith(fromCache(SHELL, request));
  else if (precached.has(url.pathname)) event.respondWith(fromCache(url.pathname, request));
});
