/**
 * The database floor (docs/decisions/284): what PostgreSQL itself does on this machine, measured
 * directly from the bench (no server) in the style of `pgbench -S` — the cheapest indexed read, one
 * row of receipts by its primary key, a random one each time — at the concurrency the list calls are
 * loaded with, then one at a time on one connection. Sent as the replayed SQL is (sql-replay.ts) and
 * as the server sends its list statements: prepared by name (`pgbench -S -M prepared`), parsed once
 * per connection (docs/decisions/285).
 */
import { type BenchDatabase, loadOnClients } from './database';
import { enough, median, percentile, SAMPLE_BUDGET_MS, WARMUP } from './http-client';

/** The read: one indexed row, one column from the heap (pgbench's `select abalance … where aid = :aid`). */
export const FLOOR_STATEMENT = 'select lb_number from receipts where id = $1';
/** The read prepared by name on a connection of the load's own. */
const floorRead = (values: unknown[]) => ({ name: 'bench_floor_read', text: FLOOR_STATEMENT, values });
/** Ids to pick from at random: enough that the reads spread over the index. */
const SAMPLE_IDS = 10_000;

export interface DatabaseFloor {
  /** Statements a second with `connections` clients each sending the next as the last is answered. */
  rps: number;
  /** Median and p95 ms of one statement under that load. */
  p50: number;
  p95: number;
  /** Median ms of one statement, one at a time on one connection: the unit a call's SQL is counted in. */
  single: number;
  connections: number;
}

async function sampleIds(database: BenchDatabase): Promise<string[]> {
  const sampled = await database.run(`select id::text as id from receipts tablesample system (2) limit ${SAMPLE_IDS}`);
  const rows =
    sampled.rows.length >= 100 ? sampled.rows : (await database.run(`select id::text as id from receipts limit ${SAMPLE_IDS}`)).rows;
  const ids = rows.map((r) => String(r.id));
  if (ids.length === 0) throw new Error('the database floor needs receipts to read');
  return ids;
}

/** Median ms of the read one at a time on `database`'s own connection (connected by the caller). */
async function oneAtATime(database: BenchDatabase, ids: string[]): Promise<number> {
  const pick = () => [ids[Math.floor(Math.random() * ids.length)]];
  for (let i = 0, started = performance.now(); i < WARMUP * 10 && performance.now() - started < SAMPLE_BUDGET_MS / 5; i++) {
    await database.runPrepared(FLOOR_STATEMENT, pick());
  }
  const times: number[] = [];
  for (const started = performance.now(); !enough(times, started);) {
    const t0 = process.hrtime.bigint();
    await database.runPrepared(FLOOR_STATEMENT, pick());
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

/**
 * The floor on PostgreSQL: `connections` clients of their own for `seconds`, then one at a time.
 * `database` must be connected (its connection reads the ids and measures one at a time).
 */
export async function measureDatabaseFloor(database: BenchDatabase, connections: number, seconds: number): Promise<DatabaseFloor> {
  const ids = await sampleIds(database);
  const pick = () => [ids[Math.floor(Math.random() * ids.length)]];
  const url = database.env.DATABASE_URL;
  if (!database.concurrent || url === undefined) {
    // PGlite has one owner: the load is that one connection.
    const single = await oneAtATime(database, ids);
    return { rps: 1000 / single, p50: single, p95: single, single, connections: 1 };
  }
  const { times, elapsed } = await loadOnClients(url, connections, seconds, (c) => c.query(floorRead(pick())));
  times.sort((a, b) => a - b);
  return {
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    single: await oneAtATime(database, ids),
    connections,
  };
}
