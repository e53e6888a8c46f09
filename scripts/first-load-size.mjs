// `npm run check:first-load` (after `npm run build`): the gzipped JavaScript a first visit loads, from
// apps/web/dist alone, in a second (docs/architecture.md §6, docs/decisions/268):
// - the login screen: the entry script of index.html and every module it preloads;
// - each floor screen signed in: that, plus the shell's chunk and the screen's chunk with every chunk
//   they import statically (what the browser must run before the screen's first row).
// Another build: `node scripts/first-load-size.mjs <dist folder>`. Exits 1 when one is over its budget; FIRST_LOAD_JSON=1 prints one JSON line instead of the table.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CEILING_KB } from './first-load-budgets.mjs';

/** Each floor screen and the module its route loads lazily (apps/web/src/app/router.tsx). */
const SCREENS = [
  ['/main', 'main-page'],
  ['/receipts', 'receipts-page'],
  ['/receipt-create', 'receipt-create-page'],
  ['/create-dn, /create-dn/scan', 'create-delivery-page'],
  ['/delivery-list/transfer', 'transfer-list-page'],
  ['/lb-tag', 'lb-tag-page'],
];
const SHELL = 'app-layout';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../apps/web/dist'));
const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length);
  return sizes.get(file);
};
/** The chunks a chunk imports statically (Rolldown writes `from"./x.js"` and `import"./x.js"`). */
const staticImports = (file) =>
  [...readFileSync(join(dist, 'assets', file), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);
function closure(files, seen = new Set()) {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(staticImports(file), seen);
  }
  return seen;
}
/** The one chunk named after `module` (its hash after the name); the check fails if a screen's module moved. */
function chunkOf(module) {
  const found = assets.filter((f) => new RegExp(`^${module}-[\\w-]{8}\\.js$`).test(f));
  if (found.length !== 1) throw new Error(`first-load-size: expected one chunk for ${module}, found ${found.length}; update SCREENS`);
  return found[0];
}

const entry = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?assets\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const first = closure(entry);
const kb = (files) => [...files].reduce((sum, f) => sum + gzipped(f), 0) / 1024;
const rows = [{ screen: '/login (first load)', kb: kb(first), budget: CEILING_KB.login }];
for (const [screen, module] of SCREENS) {
  rows.push({ screen, kb: kb(closure([chunkOf(SHELL), chunkOf(module)], new Set(first))), budget: CEILING_KB.screen });
}
const over = rows.filter((r) => r.kb > r.budget);
if (process.env.FIRST_LOAD_JSON) console.log(JSON.stringify(rows.map((r) => ({ ...r, kb: Math.round(r.kb * 10) / 10 }))));
else {
  for (const r of rows)
    console.log(`${r.kb.toFixed(1).padStart(8)} KB  ${r.screen} (budget ${r.budget} KB)${r.kb > r.budget ? '  OVER BUDGET' : ''}`);
  console.log('JavaScript before the screen draws, gzip level 9, from apps/web/dist.');
}
if (over.length) process.exit(1);
