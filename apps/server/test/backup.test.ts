/**
 * Backups that restore (docs/decisions/197, 198), with real processes: the server (src/main.ts),
 * `npm run backup` and `npm run restore` as separate processes, on the embedded store or on the
 * PostgreSQL of DATABASE_URL. A backup is taken while 8 clients write; it is restored into a fresh
 * DATA_DIR and into a fresh PostgreSQL database; the app starts on each and takes writes. Damaged,
 * cut, foreign and newer files are refused before anything is written; a killed backup leaves no
 * file that looks complete; a target that cannot be written is named.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, startServer as startProcess, stopAll, type ServerProcess } from '@cooler-hub/process-kit/server';
import { openDatabase } from '../src/db/client';
import { appSchemaLevel, verifyBackupFile } from '../src/modules/backup/backup-file';
import { ADMIN_PASSWORD, createScratchDatabase, waitFor } from './helpers';

/** The source follows DATABASE_URL; restoring into PostgreSQL needs a server, the local one by default. */
const SOURCE_URL = process.env.DATABASE_URL;
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let root: string;
let sourceDataDir: string;
let sourceUrl: string | undefined;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-backup-'));
  sourceDataDir = path.join(root, 'source');
  if (SOURCE_URL) {
    const scratch = await createScratchDatabase(SOURCE_URL);
    sourceUrl = scratch.url;
    cleanups.push(scratch.drop);
  }
});

afterAll(async () => {
  await stopAll();
  for (const clean of cleanups) await clean().catch(() => {});
  await fs.rm(root, { recursive: true, force: true });
});

/** What every process of this file is given over the test's own environment. */
function envFor(dataDir: string, url: string | undefined, extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET: 'backup-test-secret-backup-test-secret-0001',
    LOG_LEVEL: 'warn',
    BACKUP_INTERVAL_HOURS: '0',
    ...extra,
    // Embedded unless a database is named.
    DATABASE_URL: url,
  };
}

/** The server (src/main.ts, as `npm run dev` runs it) on that store, once ready. */
function startServer(dataDir: string, url: string | undefined): Promise<ServerProcess> {
  // A first start creates the store and runs every migration: slow on a busy machine.
  return startProcess({ entry: 'source', output: 'stderr', env: envFor(dataDir, url), readyWithinMs: 180_000 });
}

const stop = (server: ServerProcess) => server.stop();

/** Runs `src/<script>.ts` as `npm run <script>` does. */
function command(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>): Promise<ServerProcess> {
  return spawnServer({ entry: 'source', script: `src/${script}.ts`, args, port: 'none', env });
}

/** Its exit code and output, once it has ended. */
async function finished(run: ServerProcess | Promise<ServerProcess>): Promise<{ code: number | null; out: string }> {
  const done = await run;
  return { code: await done.exited, out: done.output() };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function createCcCode(base: string, token: string, id = randomUUID()): Promise<number> {
  const res = await fetch(`${base}/api/cc_codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, code: `BK-${id.slice(0, 13)}`, name: 'Backup writer', price: { amount: 1200, currency: 'GBP' } }),
  });
  return res.status;
}

/** Row counts of every table of the app, the migrations journal included. */
async function tableCounts(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const tables = await query(
    `select schemaname || '.' || tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const [schema, table] = String(t).split('.');
    counts[String(t)] = Number((await query(`select count(*)::int as n from "${schema}"."${table}"`)).rows[0]!.n);
  }
  return counts;
}

async function countsInStore(dataDir: string): Promise<{ counts: Record<string, number>; ids: Set<string> }> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const client = (database.connection as { client: { query: (s: string) => Promise<{ rows: Record<string, unknown>[] }> } }).client;
    const ids = new Set(
      (await client.query("select id::text as id from public.cc_codes where code like 'BK-%'")).rows.map((r) => String(r.id)),
    );
    return { counts: await tableCounts((s) => client.query(s)), ids };
  } finally {
    await database.close();
  }
}

async function countsInPostgres(url: string): Promise<{ counts: Record<string, number>; ids: Set<string> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = new Set(
      (await client.query<{ id: string }>("select id::text as id from public.cc_codes where code like 'BK-%'")).rows.map((r) => r.id),
    );
    return { counts: await tableCounts((s) => client.query(s)), ids };
  } finally {
    await client.end();
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

/** A copy of `file` with its header rewritten and a footer that matches, as if a newer build wrote it. */
async function withHeader(file: string, target: string, rewrite: (header: string) => string): Promise<void> {
  const text = await fs.readFile(file, 'utf8');
  const lines = text.split('\n');
  lines[0] = rewrite(lines[0]!);
  const body = lines.slice(0, -2).join('\n') + '\n';
  const hash = createHash('sha256').update(body).digest('hex');
  await fs.writeFile(target, `${body}-- Cooler Hub backup end; sha256 ${hash}; bytes ${Buffer.byteLength(body)}\n`);
}

describe('backup and restore', () => {
  let backupFile: string;
  let ackedBefore: Set<string>;
  /** Every id sent: a write answered otherwise (a timeout while the store is busy) may still have committed. */
  let attempted: Set<string>;

  it('a backup taken while 8 clients write holds every write acknowledged before it began', { timeout: 480_000 }, async () => {
    const server = await startServer(sourceDataDir, sourceUrl);
    const token = await signIn(server.url);
    const acked: { id: string; at: number }[] = [];
    attempted = new Set();
    let writing = true;
    const writers = Array.from({ length: 8 }, async () => {
      while (writing) {
        const id = randomUUID();
        attempted.add(id);
        if ((await createCcCode(server.url, token, id)) === 201) acked.push({ id, at: performance.now() });
      }
    });
    await waitFor(() => (acked.length >= 200 ? true : undefined), 60_000);

    const began = performance.now();
    ackedBefore = new Set(acked.filter((a) => a.at < began).map((a) => a.id));
    backupFile = path.join(root, 'during-writes.sql');
    const result = await finished(command('backup', [backupFile], envFor(sourceDataDir, sourceUrl)));
    const writtenDuring = acked.filter((a) => a.at > began).length;
    writing = false;
    await Promise.all(writers);

    expect(result.out).toMatch(SOURCE_URL ? /Backup taken with pg_dump from DATABASE_URL/ : /Backup taken by the running server/);
    expect(result.code).toBe(0);
    const header = await verifyBackupFile(backupFile);
    expect(header.level).toEqual({ migrations: (await appSchemaLevel()).migrations, tag: (await appSchemaLevel()).tag });
    expect(header.from).toBe(SOURCE_URL ? 'postgresql' : 'embedded');
    expect((await fs.stat(backupFile)).mode & 0o077).toBe(0);
    // The writers were not stopped for the backup: some writes were acknowledged while it ran.
    expect(writtenDuring).toBeGreaterThan(0);
    // The server takes writes after the backup as before it.
    const after = randomUUID();
    expect(await createCcCode(server.url, token, after)).toBe(201);
    const read = await fetch(`${server.url}/api/cc_codes/${after}`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    await stop(server);
  });

  it(
    'restored into a fresh DATA_DIR: every acknowledged write, the counts of PostgreSQL, and the app starts and takes writes',
    { timeout: 480_000 },
    async () => {
      const dataDir = path.join(root, 'restored-embedded');
      const restored = await finished(command('restore', [backupFile], envFor(dataDir, undefined)));
      expect(restored.out).toMatch(/Restored .* into the embedded store/);
      expect(restored.code).toBe(0);

      const { counts, ids } = await countsInStore(dataDir);
      for (const id of ackedBefore) expect(ids.has(id), `write ${id} acknowledged before the backup`).toBe(true);
      for (const id of ids) if (!attempted.has(id)) expect.fail(`${id} in the backup was never sent by a writer`);
      expect(counts['public.cc_codes']).toBeGreaterThanOrEqual(ids.size);

      // The same file into a fresh PostgreSQL database: the same rows, table by table.
      const scratch = await createScratchDatabase(POSTGRES_URL);
      cleanups.push(scratch.drop);
      const intoPostgres = await finished(command('restore', [backupFile], envFor(path.join(root, 'unused'), scratch.url)));
      expect(intoPostgres.out).toMatch(/Restored .* into the database of DATABASE_URL/);
      expect(intoPostgres.code).toBe(0);
      const inPostgres = await countsInPostgres(scratch.url);
      expect(inPostgres.counts).toEqual(counts);
      expect(inPostgres.ids).toEqual(ids);

      for (const [dir, url] of [
        [dataDir, undefined],
        [path.join(root, 'on-postgres'), scratch.url],
      ] as const) {
        const server = await startServer(dir, url);
        const token = await signIn(server.url);
        expect(await createCcCode(server.url, token)).toBe(201);
        const list = await fetch(`${server.url}/api/cc_codes`, { headers: { authorization: `Bearer ${token}` } });
        expect(((await list.json()) as { totalCount: number }).totalCount).toBe(counts['public.cc_codes']! + 1);
        await stop(server);
      }
    },
  );

  it('refuses a target that holds data, naming it, and writes nothing', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'restored-embedded');
    const before = await countsInStore(dataDir);
    const again = await finished(command('restore', [backupFile], envFor(dataDir, undefined)));
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already holds data \(\d+ tables\).*Nothing was restored/);
    expect((await countsInStore(dataDir)).counts).toEqual(before.counts);
  });

  it.each([
    ['cut short', async (copy: string) => fs.truncate(copy, (await fs.stat(copy)).size - 100), /is incomplete: it has no end line/],
    [
      'changed by one byte',
      async (copy: string) => {
        const bytes = await fs.readFile(copy);
        const at = bytes.indexOf('Backup writer');
        bytes[at] = 'X'.charCodeAt(0);
        await fs.writeFile(copy, bytes);
      },
      /is damaged or was changed after it was written/,
    ],
    ['not a dump', (copy: string) => fs.writeFile(copy, 'name,price\nCompressor,12\n'), /is not a Cooler Hub backup/],
    [
      'from a newer version',
      (copy: string) =>
        withHeader(backupFile, copy, (h) =>
          h.replace(/schema \S+ \((\d+) migrations\)/, (_, n: string) => `schema 9999_later (${Number(n) + 1} migrations)`),
        ),
      /taken by a newer Cooler Hub \(schema 9999_later \(\d+ migrations\)\); this one goes up to schema \S+ \(\d+ migrations\)/,
    ],
  ])('a backup file %s is refused with a clear message, before anything is written', { timeout: 60_000 }, async (_name, spoil, message) => {
    const copy = path.join(root, `spoilt-${randomUUID()}.sql`);
    await fs.copyFile(backupFile, copy);
    await spoil(copy);
    const dataDir = path.join(root, `target-${randomUUID()}`);
    const result = await finished(command('restore', [copy], envFor(dataDir, undefined)));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(message);
    expect(result.out).not.toMatch(/\n\s+at /);
    expect(await exists(dataDir)).toBe(false);

    const scratch = await createScratchDatabase(POSTGRES_URL);
    cleanups.push(scratch.drop);
    const intoPostgres = await finished(command('restore', [copy], envFor(dataDir, scratch.url)));
    expect(intoPostgres.code).toBe(1);
    expect(intoPostgres.out).toMatch(message);
    expect(Object.keys((await countsInPostgres(scratch.url).catch(() => ({ counts: {} }))).counts)).toEqual([]);
  });

  it('a backup killed (SIGKILL) while it runs leaves no file that looks complete', { timeout: 120_000 }, async () => {
    const dir = path.join(root, 'killed');
    const backup = await command('backup', [dir + '/'], envFor(sourceDataDir, sourceUrl));
    const partial = await waitFor(async () => (await fs.readdir(dir).catch(() => [])).find((n) => n.endsWith('.partial')), 60_000);
    backup.child.kill('SIGKILL');
    await backup.exited;
    const left = await fs.readdir(dir);
    expect(left.filter((n) => n.endsWith('.sql'))).toEqual([]);
    expect(left).toEqual([partial]);
    await expect(verifyBackupFile(path.join(dir, partial))).rejects.toThrow(/incomplete|not a Cooler Hub backup/);
  });

  it('a backup target that cannot be written is named, and nothing is left behind', { timeout: 60_000 }, async () => {
    const blocker = path.join(root, 'a-file');
    await fs.writeFile(blocker, 'not a folder');
    const result = await finished(command('backup', [], envFor(sourceDataDir, sourceUrl, { BACKUP_DIR: path.join(blocker, 'backups') })));
    expect(result.code).toBe(1);
    expect(result.out).toContain(`Cannot write the backup into ${path.join(blocker, 'backups')}`);
    expect(result.out).not.toMatch(/\n\s+at /);

    // Unreadable folders stop everyone but root (these tests may run as root, which no mode stops).
    if (process.getuid?.() !== 0) {
      const locked = path.join(root, 'locked');
      await fs.mkdir(locked, { mode: 0o500 });
      const denied = await finished(command('backup', [locked + '/'], envFor(sourceDataDir, sourceUrl)));
      expect(denied.code).toBe(1);
      expect(denied.out).toMatch(/permission denied/);
      expect(await fs.readdir(locked)).toEqual([]);
    }
  });
  it('a full disk during a backup is named; the partial file is removed and the data untouched', { timeout: 120_000 }, async (ctx) => {
    // A real full disk: a 64 KiB tmpfs, smaller than any backup. Mounting needs root (and a kernel
    // that allows it here); where it cannot be mounted the test says so and is skipped.
    const disk = path.join(root, 'tiny-disk');
    await fs.mkdir(disk);
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]).status !== 0)
      return ctx.skip('cannot mount a small tmpfs here');
    try {
      const result = await finished(command('backup', [], envFor(sourceDataDir, sourceUrl, { BACKUP_DIR: disk })));
      expect(result.code).toBe(1);
      expect(result.out).toContain(`The disk holding ${disk} is full: the backup was not written and its partial file was removed`);
      expect(await fs.readdir(disk)).toEqual([]);
    } finally {
      spawnSync('umount', [disk]);
    }
    const server = await startServer(sourceDataDir, sourceUrl);
    const token = await signIn(server.url);
    expect(await createCcCode(server.url, token)).toBe(201);
    await stop(server);
  });

  it.runIf(SOURCE_URL)('without pg_dump installed, the backup says what to install', { timeout: 60_000 }, async () => {
    const file = path.join(root, 'no-pg-dump.sql');
    const result = await finished(command('backup', [file], envFor(sourceDataDir, sourceUrl, { PATH: '/nonexistent' })));
    expect(result.code).toBe(1);
    expect(result.out).toContain('pg_dump was not found: install the PostgreSQL client tools');
    expect(await exists(file)).toBe(false);
    expect(await exists(`${file}.partial`)).toBe(false);
  });
});
