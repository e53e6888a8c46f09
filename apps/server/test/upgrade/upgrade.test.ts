/**
 * Upgrades from every landed version (docs/decisions/194): each fixture (a database at one schema level
 * a landed main could leave, data in every table) is loaded, brought forward by the migrate function
 * main.ts uses, and compared row by row; the old passwords still sign in. A failing migration stops with
 * its name and the database's message and leaves the database exactly as it was.
 * On PGlite by default, on a throw-away PostgreSQL database when DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilReady } from '@cooler-hub/process-kit/server';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { describeMigration, MigrationError, PRE_SQUASH_FOLDER, readMigrations } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { randomToken } from '../../src/lib/crypto';
import { migrationsFolder } from '../../src/paths';
import { authHeader, createScratchDatabase, createTestDatabase, json, login } from '../helpers';
import { AVATAR_UPLOAD_ID, FIXTURE_USERS, RECEIPTS } from './dataset';
import { FIXTURE_LEVELS } from './levels';

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const serverUrl = process.env.DATABASE_URL;
const NEWEST = FIXTURE_LEVELS[FIXTURE_LEVELS.length - 1]!.name;

interface Loaded {
  database: Database;
  /** PostgreSQL only: the throw-away database's URL. */
  url?: string;
  dispose(): Promise<void>;
}

let template: Promise<PGlite> | undefined;
/** A new, empty embedded database: a clone of one made once (PGlite's initdb is the slow part). */
async function emptyPglite(): Promise<PGlite> {
  template ??= (async () => {
    const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
    return PGlite.create(undefined, { extensions: { pg_trgm } });
  })();
  return (await template).clone() as Promise<PGlite>;
}

/** A database holding the fixture of `level`, opened as the server opens one (not yet migrated). */
async function loadFixture(level: string, extraSql = ''): Promise<Loaded> {
  const script = fs.readFileSync(path.join(fixturesDir, `${level}.sql`), 'utf8') + extraSql;
  if (!serverUrl) {
    const database = await openDatabase({ pglite: await emptyPglite() });
    await (database.connection as { client: PGlite }).client.exec(script);
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query(script);
  await client.end();
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    url: scratch.url,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

async function rows<T>(database: Database, text: string): Promise<T[]> {
  const result: unknown = await database.db.execute(sql.raw(text));
  return (result as { rows: T[] }).rows;
}

type Row = Record<string, unknown>;
/** Every table of the app and of drizzle's records: its rows by primary key, each row as JSON. */
type Snapshot = Map<string, Map<string, Row>>;

async function snapshot(database: Database): Promise<Snapshot> {
  const tables = await rows<{ name: string; key: string[] }>(
    database,
    `select format('%I.%I', n.nspname, c.relname) as name,
            array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord) as key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname in ('public', 'drizzle') and c.relkind = 'r'`,
  );
  const result: Snapshot = new Map();
  for (const table of tables) {
    const byKey = new Map<string, Row>();
    for (const { row } of await rows<{ row: Row }>(database, `select to_jsonb(t) as row from ${table.name} t`)) {
      byKey.set(JSON.stringify(table.key.map((column) => row[column])), row);
    }
    result.set(table.name, byKey);
  }
  return result;
}

/** The schema as a comparable text: columns, constraints, indexes, triggers, functions, enums. */
async function schemaOf(database: Database): Promise<string[]> {
  const parts = await rows<{ line: string }>(
    database,
    `select format('column %s.%s %s%s default %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                   case when a.attnotnull then ' not null' else '' end, pg_get_expr(d.adbin, d.adrelid)) as line
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
     union all
     select format('constraint %s.%s %s', c.relname, k.conname, pg_get_constraintdef(k.oid))
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
     union all
     select format('index %s', indexdef) from pg_indexes where schemaname = 'public'
     union all
     select format('trigger %s', pg_get_triggerdef(t.oid)) from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal
     union all
     select format('function %s %s', p.proname, p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (select 1 from pg_depend x where x.objid = p.oid and x.deptype = 'e')
     union all
     select format('enum %s %s', t.typname, array_agg(e.enumlabel order by e.enumsortorder)) from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname
     union all
     select format('sequence %s', c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`,
  );
  return parts.map((p) => normaliseCheck(p.line)).sort();
}

/**
 * A CHECK read back from a dump is parsed again and printed with its casts nested differently
 * (`(ARRAY['X'::varchar])::text[]` → `ARRAY[('X'::varchar)::text]`); the same rule either way.
 */
function normaliseCheck(line: string): string {
  if (!/^constraint \S+ CHECK /.test(line)) return line;
  return line.replace(/::character varying|::text\[\]|::text|[()]/g, '');
}

/** Columns an upgrade replaces, and how their values must have been carried over. */
const CARRIED_OVER: Record<string, (before: Row, after: Snapshot, afterRow: Row) => void> = {
  // Pre-squash: the avatar URL became a reference to the upload it named (pre-squash/to-0000_init.sql).
  'public.users.avatar': (before, _after, row) => {
    const id = typeof before.avatar === 'string' ? /\/api\/uploads\/([A-Za-z0-9_-]{43})$/.exec(before.avatar)?.[1] : undefined;
    expect(row.avatar_upload_id).toBe(id ?? null);
  },
  // 0003: the exported flag became a row of receipt_exports, exported when the receipt was last updated.
  'public.receipts.is_exported': (before, after) => {
    const mark = after.get('public.receipt_exports')?.get(JSON.stringify([before.id]));
    if (before.is_exported) expect(mark?.exported_at).toBe(before.updated_at);
    else expect(mark).toBeUndefined();
  },
};

/** Every row before is there after, every column it had holds the same value (or was carried over). */
function expectKept(before: Snapshot, after: Snapshot): void {
  for (const [table, beforeRows] of before) {
    const afterRows = after.get(table);
    expect(afterRows, `table ${table} kept`).toBeDefined();
    // Tables a migration adds rows to by design: the migrations applied, and a new list's version
    // (0009: 'catalog', docs/decisions/246). Their earlier rows are still checked one by one below.
    if (table === 'drizzle.__drizzle_migrations' || table === 'public.list_versions') {
      expect(afterRows!.size).toBeGreaterThanOrEqual(beforeRows.size);
    } else {
      expect(afterRows!.size, `rows of ${table}`).toBe(beforeRows.size);
    }
    for (const [key, row] of beforeRows) {
      const afterRow = afterRows!.get(key);
      expect(afterRow, `${table} ${key} kept`).toBeDefined();
      for (const [column, value] of Object.entries(row)) {
        if (column in afterRow!) {
          expect(afterRow![column], `${table} ${key} ${column}`).toStrictEqual(value);
        } else {
          const carriedOver = CARRIED_OVER[`${table}.${column}`];
          expect(carriedOver, `${table}.${column} was dropped without a check of where its values went`).toBeDefined();
          carriedOver!(row, after, afterRow!);
        }
      }
    }
  }
}

function countRows(s: Snapshot): number {
  return [...s.values()].reduce((sum, table) => sum + table.size, 0);
}

/** The app as main.ts builds it, on `database`. */
async function startApp(database: Database) {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-upgrade-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, jwtSecret: randomToken(48) });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let freshSchema: Promise<string[]> | undefined;
function expectedSchema(): Promise<string[]> {
  freshSchema ??= (async () => {
    if (serverUrl) {
      const fresh = await createTestDatabase();
      try {
        return await schemaOf(fresh.database);
      } finally {
        await fresh.dispose();
      }
    }
    const fresh = await openDatabase({ pglite: await emptyPglite() });
    try {
      await fresh.migrate(migrationsFolder);
      return await schemaOf(fresh);
    } finally {
      await fresh.close();
    }
  })();
  return freshSchema;
}

const measured: string[] = [];
afterAll(async () => {
  if (template) await (await template).close();
  if (measured.length) console.log(`upgrade fixtures (${serverUrl ? 'PostgreSQL' : 'PGlite'}):\n${measured.join('\n')}`);
});

describe('a database of every landed schema level starts on this version', () => {
  it.each(FIXTURE_LEVELS.map((level) => [level.name, level.commit] as const))(
    'from %s (main %s): every row kept, the schema current, old passwords sign in',
    async (level) => {
      const loaded = await loadFixture(level);
      try {
        const before = await snapshot(loaded.database);
        // What the old version recorded is what the committed files still are (decision 195).
        const files = [...readMigrations(migrationsFolder), ...readMigrations(path.join(migrationsFolder, PRE_SQUASH_FOLDER))];
        const recorded = [...before.get('drizzle.__drizzle_migrations')!.values()];
        expect(recorded.length).toBeGreaterThan(0);
        for (const row of recorded) {
          expect(files.find((file) => file.hash === row.hash)?.when, `recorded migration ${String(row.hash)}`).toBe(Number(row.created_at));
        }
        const started = performance.now();
        const result = await loaded.database.migrate(migrationsFolder);
        const migrateMs = Math.round(performance.now() - started);
        await seed(loaded.database.db, {});
        const after = await snapshot(loaded.database);
        measured.push(`  ${level}: ${countRows(before)} rows, migrated in ${migrateMs} ms — ${describeMigration(result)}`);

        expect(result.to, 'a new migration adds its level to levels.ts and its fixture (generate.ts)').toBe(NEWEST);
        expect(result.from?.replace('/', '-')).toBe(level);
        if (level === NEWEST) expect(result.applied).toEqual([]);
        else expect(result.applied.length).toBeGreaterThan(0);
        expectKept(before, after);
        // 0019: every export mark carries its receipt's date (docs/decisions/292).
        const [marks] = await rows<{ marks: number; dated: number }>(
          loaded.database,
          `select count(*)::int as marks, count(*) filter (where x.receipt_date = r.receipt_date)::int as dated
             from receipt_exports x join receipts r on r.id = x.receipt_id`,
        );
        expect(marks!.dated).toBe(marks!.marks);
        if (before.has('public.receipts')) expect(marks!.marks).toBeGreaterThan(0);
        expect(await schemaOf(loaded.database)).toEqual(await expectedSchema());
        // A second start finds nothing to do.
        expect((await loaded.database.migrate(migrationsFolder)).applied).toEqual([]);

        const { app, close } = await startApp(loaded.database);
        try {
          for (const user of FIXTURE_USERS) await login(app, user.username, user.password);
          const token = await login(app, 'admin', FIXTURE_USERS[0].password);
          // The avatar still shows, and new rows get ids past the old ones.
          const me = await login(app, 'mary.production', FIXTURE_USERS[1].password);
          const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: authHeader(me) });
          expect(profile.statusCode, profile.body).toBe(200);
          expect(json(profile).avatar).toContain(`/api/uploads/${AVATAR_UPLOAD_ID}`);
          const created = await app.inject({
            method: 'POST',
            url: '/api/hub_users',
            headers: authHeader(token),
            payload: { username: 'new.after.upgrade', email: 'new@hub.example', role: 'Production', plainPassword: 'a new password' },
          });
          expect(created.statusCode, created.body).toBe(201);
          if (before.has('public.receipts')) {
            const receipt = await app.inject({ method: 'GET', url: `/api/receipts/${RECEIPTS[1]}`, headers: authHeader(token) });
            expect(receipt.statusCode, receipt.body).toBe(200);
            expect(json(receipt)).toMatchObject({ lbNumber: 'LB100002' });
          }
        } finally {
          await close();
        }
      } finally {
        await loaded.dispose();
      }
    },
    120_000,
  );
});

describe('a migration that fails', () => {
  it.each([
    {
      level: 'pre-squash-0004_reference_data_lists',
      // A table 0001_coolers_receipts_revisions creates, made by hand: fails after the bridge step ran.
      conflict: 'CREATE TABLE public.coolers (id integer);',
      migration: '0001_coolers_receipts_revisions',
      message: 'relation "coolers" already exists',
    },
    {
      level: '0004_outgoing_mail',
      // An index 0007 creates: 0005 and 0006 run first, then 0007 fails.
      conflict: 'CREATE INDEX receipts_process_state_id_idx ON public.receipts (id);',
      migration: '0007_receipts_process_state_sort',
      message: 'relation "receipts_process_state_id_idx" already exists',
    },
  ])(
    'from $level, stopped by $migration: named with the database error, nothing changed',
    { timeout: 120_000 },
    async ({ level, conflict, migration, message }) => {
      const loaded = await loadFixture(level, `\n${conflict}\n`);
      try {
        const before = await snapshot(loaded.database);
        const schemaBefore = await schemaOf(loaded.database);
        const error = await loaded.database.migrate(migrationsFolder).then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(error).toBeInstanceOf(MigrationError);
        const text = (error as Error).message;
        expect(text).toContain(`migration ${migration} failed: ${message}`);
        expect(text).toContain('Nothing was changed');
        expect(text).toContain('What to do:');
        // Rolled back: every row and the schema (drizzle's records too) exactly as before.
        expect(await snapshot(loaded.database)).toEqual(before);
        expect(await schemaOf(loaded.database)).toEqual(schemaBefore);
      } finally {
        await loaded.dispose();
      }
    },
  );
});

describe('a database this version cannot know', () => {
  it.each([
    {
      what: 'made by a newer version (a later migration recorded)',
      records: `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${'f'.repeat(64)}', 4102444800000);`,
      message: 'was upgraded by a newer version of Cooler Hub',
    },
    {
      what: 'whose records are none of ours',
      records: `DELETE FROM drizzle.__drizzle_migrations; INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${'e'.repeat(64)}', 1700000000000);`,
      message: 'are none that any landed version of Cooler Hub wrote',
    },
  ])('$what: refused before anything runs, nothing changed', { timeout: 120_000 }, async ({ records, message }) => {
    const loaded = await loadFixture('0005_deliveries', `\n${records}\n`);
    try {
      const before = await snapshot(loaded.database);
      const error = await loaded.database.migrate(migrationsFolder).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).toContain('Nothing was changed. What to do:');
      expect(await snapshot(loaded.database)).toEqual(before);
    } finally {
      await loaded.dispose();
    }
  });
});

describe('the server start (main.ts)', () => {
  /** Runs the server on the database; resolves with its output once it is ready (then stopped) or has exited. */
  async function start(target: { url?: string; dataDir?: string }): Promise<{ code: number | null; output: string }> {
    const server = await spawnServer({
      entry: 'source',
      // With a database of its own, a DATA_DIR that is removed when it stops.
      dataDir: target.dataDir ?? 'temp',
      database: target.url ? { url: target.url } : 'embedded',
      env: { LOG_FORMAT: 'json' },
    });
    // Not ready (it exited, failing to upgrade): its exit code and output are the answer.
    await waitUntilReady(server.url, { server, timeoutMs: 150_000 }).catch(() => undefined);
    const code = await server.stop();
    return { code, output: server.output() };
  }

  /** The fixture as the server would find it: in a DATA_DIR (embedded) or a PostgreSQL database. */
  async function prepared(level: string, extraSql = ''): Promise<{ target: { url?: string; dataDir?: string }; dispose(): Promise<void> }> {
    if (serverUrl) {
      const loaded = await loadFixture(level, extraSql);
      // The server opens its own connections.
      await loaded.database.close();
      return { target: { url: loaded.url }, dispose: () => loaded.dispose() };
    }
    // Embedded: the fixture in a PGlite data directory, where the server finds its store.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooler-hub-upgrade-dir-'));
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const script = fs.readFileSync(path.join(fixturesDir, `${level}.sql`), 'utf8') + extraSql;
    await (database.connection as { client: PGlite }).client.exec(script);
    await database.close();
    return { target: { dataDir }, dispose: () => fs.promises.rm(dataDir, { recursive: true, force: true }) };
  }

  it('logs in one line which migrations it applied, from → to; a failure prints the reason without a stack trace', async () => {
    const good = await prepared('pre-squash-0004_reference_data_lists');
    try {
      const { output } = await start(good.target);
      const lines = output.split('\n').filter((line) => line.includes('database schema'));
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toContain(`database schema upgraded: pre-squash/0004_reference_data_lists → ${NEWEST}`);
      expect(lines[0]).toContain('pre-squash/to-0000_init');
    } finally {
      await good.dispose();
    }

    const bad = await prepared('0006_receipt_exports_without_fk', 'CREATE INDEX receipts_process_state_id_idx ON public.receipts (id);');
    try {
      const { code, output } = await start(bad.target);
      expect(code).toBe(1);
      expect(output).toContain(
        'Cooler Hub failed to start: the database could not be upgraded: migration 0007_receipts_process_state_sort failed: relation "receipts_process_state_id_idx" already exists',
      );
      expect(output).toContain('Nothing was changed');
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      await bad.dispose();
    }
  }, 180_000);
});
