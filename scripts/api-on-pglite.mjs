// The API tests again on embedded PGlite, after `npm test` ran them all on PostgreSQL: every file
// that names a driver (DATABASE_URL, PGlite, the embedded store) runs, plus one share of the rest that
// rotates each day, so every file runs on PGlite within SHARES days. PGLITE_SHARE=all runs them all.
// A file about the embedded store itself says it runs embedded whatever DATABASE_URL the suite has:
// `npm test` ran it so already, and it is not run twice.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const SHARES = 4;
const root = resolve(import.meta.dirname, '..');
const testDir = join(root, 'apps/server/test');
const namesADriver = /DATABASE_URL|pglite|embedded/i;
const embeddedAnyway = /runs?[\s*]+embedded[\s*]+whatever[\s*]+DATABASE_URL/;

const all = process.env.PGLITE_SHARE === 'all';
const testFiles = readdirSync(testDir, { recursive: true })
  .filter((f) => String(f).endsWith('.test.ts'))
  .map((f) => join(testDir, String(f)))
  .sort();
const files = testFiles.filter((f) => all || !embeddedAnyway.test(readFileSync(f, 'utf8')));
const day = Math.floor(Date.now() / 86_400_000);
const share = day % SHARES;
const rest = files.filter((f) => !namesADriver.test(readFileSync(f, 'utf8')));
const chosen = files.filter((f) => all || namesADriver.test(readFileSync(f, 'utf8')) || rest.indexOf(f) % SHARES === share);
console.log(
  all
    ? `API tests on PGlite: all ${files.length} files`
    : `API tests on PGlite: ${files.length - rest.length} files that name a driver, and share ${share + 1} of ${SHARES} of the other ${rest.length} (today's): ${chosen.length} files (${testFiles.length - files.length} about the embedded store ran in npm test already)`,
);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...chosen.map((f) => relative(root, f))], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
