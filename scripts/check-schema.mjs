// The drizzle schema and the committed migrations agree: drizzle-kit generate on a copy of
// apps/server/drizzle must write nothing new (a schema change without its migration shows up as a
// new file or a changed journal in the copy).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

const server = resolve(import.meta.dirname, '../apps/server');
const committed = join(server, 'drizzle');
// Inside apps/server: drizzle-kit takes --out relative to where it runs.
const copy = mkdtempSync(join(server, '.drizzle-check.'));

/** Every file under `dir`, by its path relative to `dir`, with its content. */
function tree(dir) {
  const files = new Map();
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) visit(p);
      else files.set(relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  visit(dir);
  return files;
}

try {
  cpSync(committed, copy, { recursive: true });
  execFileSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', `./${basename(copy)}`],
    {
      cwd: server,
      stdio: 'inherit',
    },
  );
  const before = tree(committed);
  const after = tree(copy);
  const differ = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
  if (differ.length) {
    console.error(
      `The drizzle schema and apps/server/drizzle disagree (${differ.join(', ')}): run 'npm run db:generate -w apps/server' and commit the migration.`,
    );
    process.exitCode = 1;
  } else console.log('The drizzle schema and the committed migrations agree.');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
