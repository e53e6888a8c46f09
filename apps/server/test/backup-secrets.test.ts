/**
 * Backups keep no secret and restores run nothing but SQL (docs/decisions/266), on the database of
 * this run (PGlite, or PostgreSQL with DATABASE_URL): no signing key in a backup, and a restored
 * database signs with a new one; pg_dump gets the password from its environment, not its arguments;
 * a file holding a psql command or a COPY is refused before anything is written, and runs nothing;
 * a backup download the client stops reading holds neither pg_dump nor a connection, and is cut off.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { selectRows } from '../src/db/rows';
import { ADMIN_USERNAME, seed } from '../src/db/seed';
import { resolveJwtSecret } from '../src/lib/jwt-secret';
import { verifyBackupFile } from '../src/modules/backup/backup-file';
import { backupRoutes } from '../src/modules/backup/backup.routes';
import { BackupService, writeBackupFile } from '../src/modules/backup/backup.service';
import { restoreBackup, type RestoreTarget } from '../src/modules/backup/restore';
import stalledResponsePlugin from '../src/plugins/stalled-response';
import { migrationsFolder } from '../src/paths';
import { ADMIN_PASSWORD, authHeader, createScratchDatabase, waitFor } from './helpers';

const SERVER_URL = process.env.DATABASE_URL;

let root: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-backup-secrets-'));
});

afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
  await fs.rm(root, { recursive: true, force: true });
}, 120_000);

/** A new, empty target of this run's driver: a PostgreSQL database, or a DATA_DIR not made yet. */
async function emptyTarget(): Promise<{ target: RestoreTarget; dataDir: string; url?: string }> {
  const dataDir = path.join(root, `data-${randomUUID()}`);
  if (!SERVER_URL) return { target: { dataDir: path.join(dataDir, 'pglite') }, dataDir };
  const scratch = await createScratchDatabase(SERVER_URL);
  cleanups.push(scratch.drop);
  return { target: { url: scratch.url }, dataDir, url: scratch.url };
}

/** The hub as `npm start` opens it on a target: migrated, seeded, its signing key resolved as main.ts does (no JWT_SECRET). */
async function startHub(where: { dataDir: string; url?: string }): Promise<{ app: FastifyInstance; database: Database; key: string }> {
  await fs.mkdir(where.dataDir, { recursive: true, mode: 0o700 });
  const database = await openDatabase(where.url ? { url: where.url } : { dataDir: path.join(where.dataDir, 'pglite') });
  await database.migrate(migrationsFolder);
  await seed(database.db, { adminPassword: ADMIN_PASSWORD });
  const config = loadConfig({
    DATA_DIR: where.dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    ...(where.url ? { DATABASE_URL: where.url } : {}),
  });
  const key = await resolveJwtSecret({ configured: undefined, driver: database.driver, dataDir: where.dataDir, db: database.db });
  const app = await buildApp({ config, database, jwtSecret: key });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, key };
}

async function signIn(app: FastifyInstance): Promise<{ status: number; token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  return { status: res.statusCode, token: res.json<{ token: string }>().token };
}

async function backupOf(database: Database, name: string): Promise<string> {
  const file = path.join(root, name);
  await writeBackupFile(file, (out) => new BackupService(database).write(out));
  return file;
}

/** A copy of backup `file` with `edit` applied to its dump and a footer that matches it again (a forged file). */
async function forged(file: string, edit: (dump: string) => string): Promise<string> {
  const text = await fs.readFile(file, 'utf8');
  const body = edit(text.slice(0, text.lastIndexOf('-- Cooler Hub backup end;')));
  const copy = path.join(root, `forged-${randomUUID()}.sql`);
  const hash = createHash('sha256').update(body).digest('hex');
  await fs.writeFile(copy, `${body}-- Cooler Hub backup end; sha256 ${hash}; bytes ${Buffer.byteLength(body)}\n`);
  return copy;
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

/** Tables of the target (0 for a DATA_DIR that was never made). */
async function tablesIn(where: { dataDir: string; url?: string }): Promise<number> {
  if (!where.url && !(await exists(path.join(where.dataDir, 'pglite')))) return 0;
  const database = await openDatabase(where.url ? { url: where.url, pool: { max: 1 } } : { dataDir: path.join(where.dataDir, 'pglite') });
  try {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return row!.n;
  } finally {
    await database.close();
  }
}

describe('the signing key', () => {
  let source: Awaited<ReturnType<typeof startHub>>;
  let file: string;
  let carriedOver: string;

  beforeAll(async () => {
    source = await startHub({ dataDir: path.join(root, 'source'), url: SERVER_URL && (await emptyTarget()).url });
    // A store restored from a backup of an older version holds a stored key too, whatever the driver.
    carriedOver = `carried-over-key-${randomUUID()}`;
    if (source.database.driver === 'pglite')
      await source.database.db.execute(sql`insert into app_secrets (name, value) values ('imported', ${carriedOver})`);
    file = await backupOf(source.database, 'source.sql');
  }, 300_000);

  it('appears nowhere in a backup', async () => {
    const text = await fs.readFile(file, 'utf8');
    await verifyBackupFile(file);
    expect(text).toMatch(/CREATE TABLE public\.app_secrets/);
    expect(text.includes(source.key), 'the signing key in the backup').toBe(false);
    expect(text.includes(carriedOver), 'a stored secret in the backup').toBe(false);
  });

  it(
    'is new after a restore: tokens signed with the old one are refused, signing in works, the rows are all there',
    { timeout: 300_000 },
    async () => {
      const { token } = await signIn(source.app);
      expect((await source.app.inject({ method: 'GET', url: '/api/profile', headers: authHeader(token) })).statusCode).toBe(200);

      const restored = await emptyTarget();
      await restoreBackup(file, restored.target);
      const hub = await startHub(restored);
      expect(hub.key).not.toBe(source.key);
      expect((await hub.app.inject({ method: 'GET', url: '/api/profile', headers: authHeader(token) })).statusCode).toBe(401);
      const again = await signIn(hub.app);
      expect(again.status).toBe(200);
      expect((await hub.app.inject({ method: 'GET', url: '/api/profile', headers: authHeader(again.token) })).statusCode).toBe(200);
      const users = (db: Database) => selectRows(db.db, sql`select id::text, username, password_hash from users order by id`);
      expect(await users(hub.database)).toEqual(await users(source.database));
    },
  );

  describe('a restore file holding anything pg_dump does not write', () => {
    const marker = () => path.join(os.tmpdir(), `pwned-${randomUUID()}`);
    const preamble = 'SET statement_timeout = 0;\n';
    it.each([
      ['a \\! line', (m: string) => `\\! touch ${m}`],
      ['a \\! after a statement on its line', (m: string) => `SELECT 1; \\! touch ${m}`],
      ['\\o to a program', (m: string) => `\\o |touch ${m}`],
      ['\\copy to a program', (m: string) => `\\copy (select 1) to program 'touch ${m}'`],
      ['\\set', () => '\\set ON_ERROR_STOP 0'],
      ['\\i', () => '\\i /etc/hostname'],
      ['\\connect', () => '\\connect postgres'],
    ])('%s: refused with the sentence, nothing run, nothing written', { timeout: 60_000 }, async (_name, line) => {
      const m = marker();
      // Without pg_dump's own guard lines (\restrict, which newer psql honours): a forger drops them.
      const copy = await forged(file, (dump) => dump.replace(/^\\(un)?restrict .*\n/gm, '').replace(preamble, `${preamble}${line(m)}\n`));
      const restored = await emptyTarget();
      await expect(restoreBackup(copy, restored.target)).rejects.toThrow(
        /holds a psql command on line \d+ \(\\.+\), which pg_dump never writes into a Cooler Hub backup: the file was made or changed by hand\. Nothing was restored\./,
      );
      expect(await exists(m), 'the command ran').toBe(false);
      expect(await tablesIn(restored)).toBe(0);
      expect(await exists(restored.dataDir)).toBe(false);
    });

    it(
      'a COPY (here from a program, which the database server would run): refused, nothing run, nothing written',
      { timeout: 60_000 },
      async () => {
        const m = marker();
        const copy = await forged(file, (dump) => `${dump}CREATE TABLE public.x (t text);\nCOPY public.x FROM PROGRAM 'touch ${m}';\n`);
        const restored = await emptyTarget();
        await expect(restoreBackup(copy, restored.target)).rejects.toThrow(
          /holds a COPY statement on line \d+, which a Cooler Hub backup never holds/,
        );
        expect(await exists(m)).toBe(false);
        expect(await tablesIn(restored)).toBe(0);
      },
    );

    it(
      'an older backup carrying a key, with backslashes inside strings, identifiers, dollar quotes and comments: restored, data as it was, no key kept',
      { timeout: 300_000 },
      async () => {
        const odd = [
          `INSERT INTO public.app_secrets (name, value) VALUES ('jwt', 'key-of-an-older-backup');`,
          `CREATE TABLE public."odd\\! name" (t text);`,
          `INSERT INTO public."odd\\! name" VALUES ('\\! touch /tmp/x'), (E'it\\'s \\\\! \\'; \\! still a string'), ($q$\\! dollar$q$);`,
          `-- \\! a comment`,
          `/* \\! a /* nested */ comment */`,
          '',
        ].join('\n');
        const copy = await forged(file, (dump) => dump + odd);
        const restored = await emptyTarget();
        await restoreBackup(copy, restored.target);
        const database = await openDatabase(
          restored.url ? { url: restored.url, pool: { max: 1 } } : { dataDir: path.join(restored.dataDir, 'pglite') },
        );
        try {
          expect(await selectRows(database.db, sql`select name from app_secrets`)).toEqual([]);
          const rows = (await selectRows<{ t: string }>(database.db, sql`select t from public."odd\\! name"`)).map((r) => r.t);
          expect(rows).toEqual(['\\! touch /tmp/x', "it's \\! '; ! still a string", '\\! dollar']);
        } finally {
          await database.close();
        }
      },
    );
  });
});

/** Children of this process with the given program name: pid, arguments, environment. */
async function childProcesses(name: string): Promise<{ pid: number; argv: string[]; env: string[] }[]> {
  const found = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) \S (\d+)/.exec(stat);
    if (!match || match[1] !== name || Number(match[2]) !== process.pid) continue;
    const read = (f: string) =>
      fs.readFile(`/proc/${entry}/${f}`, 'utf8').then(
        (s) => s.split('\0').filter(Boolean),
        () => [],
      );
    found.push({ pid: Number(entry), argv: await read('cmdline'), env: await read('environ') });
  }
  return found;
}

describe.runIf(SERVER_URL)('pg_dump', () => {
  it('gets the password in its environment, never in its arguments (read from /proc while it runs)', { timeout: 120_000 }, async () => {
    const { url } = await emptyTarget();
    const hub = await startHub({ dataDir: path.join(root, 'password'), url });
    const password = `pw-${randomUUID()}`;
    const withPassword = new URL(url!);
    withPassword.password = password;
    const database = await openDatabase({ url: withPassword.toString(), pool: { max: 2 } });
    cleanups.push(() => database.close());
    // pg_dump waits for this lock, so it can be looked at while it runs.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin; lock table public.cc_codes in access exclusive mode');
    const backup = backupOf(database, 'with-password.sql');
    try {
      const [child] = await waitFor(async () => {
        const found = await childProcesses('pg_dump');
        return found.length > 0 && found[0]!.argv.length > 0 ? found : undefined;
      }, 30_000);
      expect(child!.argv.join(' ')).toMatch(/--dbname=postgres(ql)?:\/\/postgres@/);
      expect(child!.argv.join(' ')).not.toContain(password);
      expect(child!.env).toContain(`PGPASSWORD=${password}`);
    } finally {
      await holder.query('commit');
      await holder.end();
    }
    await verifyBackupFile(await backup);
    expect(hub.key).toBeTruthy();
  });
});

describe('a backup download the client stops reading', () => {
  it('holds no pg_dump and no connection while it waits, and is cut off after the stated time', { timeout: 300_000 }, async () => {
    const where = await emptyTarget();
    const hub = await startHub(where);
    // About 4 MB of dump: more than a Unix socket's and a pipe's buffers together.
    await hub.database.db.execute(sql`insert into cc_codes (code, name, price_pence)
      select 'STALL-' || g, repeat('a long enough name ', 10) || g, g from generate_series(1, 20000) g`);
    const stallMs = 3_000;
    const server = Fastify();
    await server.register(stalledResponsePlugin, { stallTimeoutMs: stallMs });
    await server.register(backupRoutes, { backups: new BackupService(hub.database) });
    const socketPath = path.join(root, 'download.sock');
    await server.listen({ path: socketPath });
    cleanups.push(() => server.close());

    const client = net.connect(socketPath);
    client.write('GET /api/backup HTTP/1.1\r\nHost: hub\r\n\r\n');
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) =>
      client.once('data', (chunk: Buffer) => {
        chunks.push(chunk);
        client.pause();
        resolve();
      }),
    );
    const paused = performance.now();
    const length = Number(/content-length: (\d+)/i.exec(chunks[0]!.toString('latin1'))?.[1]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (where.url) {
      expect(await childProcesses('pg_dump'), 'pg_dump still running').toEqual([]);
      const admin = new pg.Client({ connectionString: where.url });
      await admin.connect();
      const dumping = await admin.query(
        `select pid from pg_stat_activity where application_name = 'pg_dump' and datname = current_database()`,
      );
      await admin.end();
      expect(dumping.rows, 'a pg_dump connection still open').toEqual([]);
    }
    // The server closes its end (a paused client sees it only once it reads again).
    const connections = () =>
      new Promise<number>((resolve, reject) => server.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
    const cutAfter = await waitFor(
      async () => ((await connections()) === 0 ? performance.now() - paused : undefined),
      stallMs + 15_000,
    ).catch(() => Infinity);
    expect(cutAfter).toBeGreaterThanOrEqual(stallMs - 100);
    expect(cutAfter).toBeLessThan(stallMs + 15_000);
    // What had reached the client's side of the socket is all it gets: the file cut short.
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    client.resume();
    await new Promise((resolve) => client.once('close', resolve));
    const body = Buffer.concat(chunks);
    expect(length).toBeGreaterThan(2_000_000);
    expect(body.length - body.indexOf('\r\n\r\n') - 4).toBeLessThan(length);
    client.destroy();
    // The hub answers as before.
    const { status } = await signIn(hub.app);
    expect(status).toBe(200);
  });
});
