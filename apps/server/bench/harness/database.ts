/**
 * The throw-away database a run fills and measures: a new database on BENCH_DATABASE_URL or
 * DATABASE_URL (dropped at the end unless BENCH_KEEP=1), the one BENCH_REUSE names (kept), or
 * embedded PGlite in a temporary DATA_DIR (docs/decisions/023).
 */
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite as Lite } from '@electric-sql/pglite';
import pg from 'pg';
import type { BenchConfig } from '../config';
import { log, onCleanup } from './cleanup';

export interface QueryResult {
  rows: Record<string, unknown>[];
  /** pg's count of rows a statement touched. */
  rowCount?: number | null;
  /** PGlite's. */
  affectedRows?: number;
}

export interface BenchDatabase {
  kind: 'PostgreSQL' | 'PGlite';
  /** The bench may query while the server runs (PostgreSQL); PGlite has one owner at a time. */
  concurrent: boolean;
  /** What the server is started with to use this database. */
  env: Record<string, string>;
  /** Printed name: the database, or PGlite's folder. */
  label: string;
  /** BENCH_REUSE: filled already. */
  reused: boolean;
  connect(): Promise<void>;
  run(sql: string, params?: unknown[]): Promise<QueryResult>;
  /**
   * `run`, prepared by a name of its text on this connection, as the server prepares its list
   * statements (docs/decisions/285): parsed once, then planned as PostgreSQL's plan cache decides.
   */
  runPrepared(sql: string, params?: unknown[]): Promise<QueryResult>;
  disconnect(): Promise<void>;
}

/** `sql` prepared by a name of its text, as the server prepares its list statements (docs/decisions/285). */
export function preparedQuery(sql: string, params: unknown[] = []): pg.QueryConfig {
  return { name: `bench_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`, text: sql, values: params };
}

/**
 * `step` run over and over on `connections` clients of their own, each sending the next as the last
 * is answered: a second of warming (each backend and the pages it reads), then `seconds` measured.
 * The ms of each measured step, and the seconds they took.
 */
export async function loadOnClients(
  url: string,
  connections: number,
  seconds: number,
  step: (client: pg.Client) => Promise<unknown>,
): Promise<{ times: number[]; elapsed: number }> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    const warmUntil = performance.now() + 1000;
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < warmUntil) await step(c);
      }),
    );
    const times: number[] = [];
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < until) {
          const t0 = process.hrtime.bigint();
          await step(c);
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }),
    );
    return { times, elapsed: (performance.now() - started) / 1000 };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

export async function openBenchDatabase(config: BenchConfig): Promise<BenchDatabase> {
  const { serverUrl, reuse } = config;
  if (serverUrl || reuse) {
    const url = new URL(reuse ?? serverUrl ?? '');
    const name = reuse ? url.pathname.slice(1) : `cooler_bench_${Date.now()}_${process.pid}`;
    url.pathname = `/${name}`;
    if (reuse) log(`reusing the filled database ${name} (BENCH_REUSE): no generation`);
    else {
      await asAdmin(serverUrl ?? '', `create database "${name}"`);
      onCleanup(async () => {
        if (config.keep) {
          return log(
            `kept database ${url.toString()}; measure it again with BENCH_REUSE=${url.toString()} BENCH_ADMIN_PASSWORD=${config.adminPassword}`,
          );
        }
        await asAdmin(serverUrl ?? '', `drop database if exists "${name}" with (force)`);
        log(`dropped database ${name}`);
      });
    }
    log(`database ${name} on ${url.host} (PostgreSQL)`);
    let client: pg.Client | undefined;
    return {
      kind: 'PostgreSQL',
      concurrent: true,
      env: { DATABASE_URL: url.toString() },
      label: url.toString(),
      reused: reuse !== undefined,
      async connect() {
        client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
      },
      run: (sql, params = []) => connected(client).query(sql, params),
      runPrepared: (sql, params = []) => connected(client).query(preparedQuery(sql, params)),
      async disconnect() {
        await client?.end();
        client = undefined;
      },
    };
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cooler-bench-'));
  onCleanup(() => fsp.rm(dataDir, { recursive: true, force: true }));
  log(`embedded PGlite under ${dataDir} (set BENCH_DATABASE_URL for PostgreSQL)`);
  const { PGlite } = await import('@electric-sql/pglite');
  // The same extensions as the server's own PGlite (src/db/client.ts): its indexes need them.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let client: Lite | undefined;
  return {
    kind: 'PGlite',
    concurrent: false,
    env: { DATA_DIR: dataDir },
    label: dataDir,
    reused: false,
    async connect() {
      client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    },
    run: (sql, params = []) => connected(client).query<Record<string, unknown>>(sql, params),
    runPrepared: (sql, params = []) => connected(client).query<Record<string, unknown>>(sql, params),
    async disconnect() {
      await client?.close();
      client = undefined;
    },
  };
}

function connected<T>(client: T | undefined): T {
  if (!client) throw new Error('the bench database is not connected');
  return client;
}

async function asAdmin(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
