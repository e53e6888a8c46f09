/**
 * Writes the upgrade fixtures (fixtures/<level>.sql): for each schema level a landed main could leave
 * a database at, a database made by that version's own migrations (taken from git at that commit and
 * run by drizzle's migrator, as that version ran them), filled with dataset.ts, dumped with pg_dump
 * --inserts. Needs git history, pg_dump and a PostgreSQL server (FIXTURE_DATABASE_URL or the local
 * one). Run once per new schema level, from the repository root:
 *
 *   npx tsx apps/server/test/upgrade/generate.ts
 *
 * A fixture once committed is not regenerated (its passwords' salts would change for nothing): the
 * script writes only the missing ones unless given `--all`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dataset, FIXTURE_USERS, type Row } from './dataset';
import { FIXTURE_LEVELS } from './levels';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.join(here, 'fixtures');
const serverUrl = process.env.FIXTURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: here, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** apps/server/drizzle as it was at `commit`, in a temporary folder. */
function migrationsAt(commit: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cooler-fixture-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const files = git('ls-tree', '-r', '--full-name', '--name-only', commit, '--', ':/apps/server/drizzle').split('\n').filter(Boolean);
  for (const file of files) {
    const relative = file.replace(/^apps\/server\/drizzle\//, '');
    if (relative !== 'meta/_journal.json' && !/^[^/]+\.sql$/.test(relative)) continue;
    fs.writeFileSync(path.join(folder, relative), git('show', `${commit}:${file}`));
  }
  return folder;
}

function withDatabase(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function insertRows(client: pg.Client, table: string, rows: Row[]): Promise<void> {
  const columns = new Set(
    (
      await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      )
    ).rows.map((r) => r.column_name),
  );
  if (columns.size === 0) return; // not at this level
  for (const row of rows) {
    const names = Object.keys(row).filter((name) => columns.has(name));
    const values = names.map((name) => {
      const value = row[name];
      return value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value)
        ? JSON.stringify(value)
        : value;
    });
    await client.query(
      `insert into "${table}" (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
      values,
    );
  }
}

async function generate(level: (typeof FIXTURE_LEVELS)[number], passwordHashes: string[]): Promise<void> {
  const name = `cooler_fixture_${process.pid}_${level.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  const url = withDatabase(name);
  const migrations = migrationsAt(level.commit);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await migrate(drizzle({ client }), { migrationsFolder: migrations });
    await client.query('begin');
    for (const [table, rows] of dataset(passwordHashes)) await insertRows(client, table, rows);
    // Uploads and users refer to each other: owners are set once both exist.
    await client.query(`update uploads set owner_id = case when id like 'aVatar%' then 2 else 3 end`);
    // Rows were inserted with their ids: move each serial's sequence past them, as use would have.
    const serials = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const { table_name, column_name } of serials.rows) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), greatest(1, (select max("${column_name}") from "${table_name}")))`,
        [`public.${table_name}`, column_name],
      );
    }
    const empty = await client.query<{ table_name: string }>(
      `select table_schema || '.' || table_name as table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of empty.rows) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table_name}`);
      if (Number(rows[0]!.n) === 0) throw new Error(`${level.name}: table ${table_name} has no rows`);
    }
    await client.query('commit');
    await client.end();
    const dump = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '--dbname', url], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    // psql meta-commands (\restrict) and session settings are left out: the fixture is plain SQL that
    // PGlite's exec and node-postgres run as one script, leaving the session as it was.
    const body = dump
      .split('\n')
      .filter((line) => !line.startsWith('\\') && !/^SET /.test(line) && !line.startsWith("SELECT pg_catalog.set_config('search_path'"))
      .join('\n');
    const header = [
      `-- Upgrade fixture: a database at schema level ${level.name}, as main ${level.commit} (${level.date}) made it,`,
      `-- with data in every table (test/upgrade/dataset.ts). Generated by test/upgrade/generate.ts; never edited by hand.`,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(fixturesDir, `${level.name}.sql`), header + body.replace(/\n{3,}/g, '\n\n'));
    console.log(`${level.name}: written`);
  } finally {
    await client.end().catch(() => {});
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    fs.rmSync(migrations, { recursive: true, force: true });
  }
}

const all = process.argv.includes('--all');
fs.mkdirSync(fixturesDir, { recursive: true });
const hashes = await Promise.all(FIXTURE_USERS.map((u) => hash(u.password)));
for (const level of FIXTURE_LEVELS) {
  if (!all && fs.existsSync(path.join(fixturesDir, `${level.name}.sql`))) continue;
  await generate(level, hashes);
}
