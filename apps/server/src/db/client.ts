/**
 * One database handle for both drivers: embedded PGlite (data under DATA_DIR/pglite, or in memory for
 * tests) or a PostgreSQL server through a node-postgres pool when DATABASE_URL is set. Repositories
 * only see `Db`, which a transaction (`db.transaction(tx => …)`) also satisfies.
 */
import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrateDatabase, type MigrationResult } from './migrate';
import { fault, ownerOnlyFiles } from '../lib/data-dir';
import { lockStore } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** What the job queue (src/jobs) needs to open its own access to the same database. */
export type DatabaseConnection = { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  connection: DatabaseConnection;
  /**
   * Applies drizzle-kit's SQL migrations from `folder` in one transaction (src/db/migrate.ts); safe when
   * several instances start at once. Rejects with a MigrationError, the database unchanged, when one fails.
   */
  migrate(folder: string): Promise<MigrationResult>;
  /** `select 1`; rejects when the database cannot answer within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** node-postgres pool settings (DATABASE_URL only); the defaults suit production, tests shrink them. */
export interface PoolOptions {
  /** Connections at most (10). */
  max?: number;
  /** How long a query waits for a free connection before failing (5000 ms). */
  connectionTimeoutMillis?: number;
  /** PostgreSQL's statement_timeout for the pool's sessions (none). */
  statementTimeoutMs?: number;
}

/**
 * `dataDir`: the embedded store's folder (DATA_DIR/pglite). Opening it takes the store's lock for
 * this process until `close()` (docs/decisions/190): a second process is refused with
 * StoreInUseError. Its files are owner-only and its commits flushed to disk (store-fs.ts);
 * `flushCommits: false` is for the bench that measures what the flush costs.
 */
export type DatabaseOptions = (
  | { url: string; pool?: PoolOptions }
  | { dataDir: string; flushCommits?: boolean }
  | { memory: true }
  /** An open embedded database (tests: a clone of a template, which skips initdb). */
  | { pglite: PGlite }
) & {
  /** Called with every statement drizzle sends (main.ts logs them at LOG_LEVEL=trace; the bench reads them). */
  logQuery?: (query: string, params: unknown[]) => void;
};

/** Migrations and seeding of concurrent instances are serialised on this advisory lock. */
export const SETUP_LOCK_KEY = 7_270_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if ('url' in options) return openPostgres(options.url, logger, options.pool);
  if ('dataDir' in options) return openPgliteStore(options.dataDir, options.flushCommits ?? true, logger);
  return openPglite(undefined, logger, false, 'pglite' in options ? options.pglite : undefined);
}

/** The embedded store on disk: owner-only files, locked to this process while it is open. */
async function openPgliteStore(dataDir: string, flushCommits: boolean, logger: QueryLogger): Promise<Database> {
  ownerOnlyFiles();
  // PGlite does not create the parent folders of its data directory.
  try {
    await fs.mkdir(dataDir, { recursive: true });
  } catch (err) {
    throw fault(dataDir, err, 'cannot be created');
  }
  const lock = await lockStore(dataDir);
  try {
    const database = await openPglite(dataDir, logger, flushCommits);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

type QueryLogger = { logQuery(query: string, params: unknown[]): void } | undefined;

async function openPglite(dataDir: string | undefined, logger: QueryLogger, flushCommits = false, open?: PGlite): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { StoreFS, flushingStartParams }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('./store-fs'),
  ]);
  // Extensions the migrations create must be loaded into the WASM build first (a server has them installed).
  const client =
    open ??
    (await PGlite.create({
      ...(dataDir ? { fs: new StoreFS(dataDir, flushCommits) } : {}),
      ...(dataDir && flushCommits ? { startParams: flushingStartParams } : {}),
      extensions: { pg_trgm },
    }));
  const db = drizzle({ client, schema, logger });
  let closed = false;
  return {
    db,
    driver: 'pglite',
    connection: { driver: 'pglite', client },
    // One process owns an embedded database (its store lock), so no lock is needed around the migrator.
    migrate: (folder) =>
      migrateDatabase(
        (work) =>
          client.transaction((tx) =>
            work({
              exec: async (text) => {
                await tx.exec(text);
              },
              rows: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
            }),
          ),
        folder,
      ),
    ping: async (timeoutMs = 2000) => {
      await withTimeout(db.execute(sql`select 1`), timeoutMs);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, logger: QueryLogger, poolOptions: PoolOptions = {}): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolOptions.max ?? 10,
    connectionTimeoutMillis: poolOptions.connectionTimeoutMillis ?? 5000,
    ...(poolOptions.statementTimeoutMs === undefined ? {} : { statement_timeout: poolOptions.statementTimeoutMs }),
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, logger });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    connection: { driver: 'postgres', url },
    migrate: async (folder) => {
      // Hold a session advisory lock on one connection and migrate on that same connection, so a
      // second instance waits, then finds nothing to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        try {
          return await migrateDatabase(async (work) => {
            await client.query('begin');
            try {
              const result = await work({
                exec: async (text) => {
                  await client.query(text);
                },
                rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
              });
              await client.query('commit');
              return result;
            } catch (err) {
              await client.query('rollback');
              throw err;
            }
          }, folder);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: async (timeoutMs = 2000) => {
      await withTimeout(pool.query('select 1'), timeoutMs);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
