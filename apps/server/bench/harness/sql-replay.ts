/**
 * "The same SQL run directly": the statements a call ran, recorded from the server's trace log by
 * request id, then replayed one after another on one connection with the same parameters.
 */
import { type BenchDatabase, loadOnClients, preparedQuery } from './database';
import { enough, get, median, SAMPLE_BUDGET_MS, WARMUP } from './http-client';
import type { ServerProcess } from './server-process';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Captured {
  statements: Statement[];
  /** The list's totalCount in that answer (undefined: not a list): a call that finds nothing is no test. */
  total: number | undefined;
}

/** The statements one GET of `url` ran (the guard's user lookup included), read from a server at LOG_LEVEL=trace. */
export async function captureSql(server: ServerProcess, url: string, token: string, index: number): Promise<Captured> {
  const requestId = `bench-capture-${index}`;
  const res = await get(server.base, url, token, requestId);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  const until = Date.now() + 5000;
  let done: number;
  while ((done = server.lines.findIndex((l) => l.reqId === requestId && l.msg === 'request completed')) < 0) {
    if (Date.now() > until) throw new Error(`no log of request ${requestId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const start = server.lines.findIndex((l) => l.reqId === requestId && l.msg === 'incoming request');
  const statements = server.lines
    .slice(start, done)
    .filter((l) => l.msg === 'sql' && l.sql !== undefined)
    .map((l) => ({ sql: l.sql ?? '', params: l.params ?? [] }));
  const { totalCount } = JSON.parse(res.body) as { totalCount?: unknown };
  return { statements, total: typeof totalCount === 'number' ? totalCount : undefined };
}

/**
 * A call's own statements: what it ran less what the no-op call of the HTTP floor also runs (the
 * guard's user lookup, matched by its text, once each), since the floor's time already holds them.
 */
export function ownStatements(statements: Statement[], floor: Statement[]): Statement[] {
  const own = [...statements];
  for (const f of floor) {
    const i = own.findIndex((s) => s.sql === f.sql);
    if (i >= 0) own.splice(i, 1);
  }
  return own;
}

/** One run of the statements, one after another on one connection, each prepared as the server prepares them: ms. */
export async function runStatements(database: BenchDatabase, statements: Statement[]): Promise<number> {
  const started = process.hrtime.bigint();
  for (const s of statements) await database.runPrepared(s.sql, s.params);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Median ms of the statements run directly (PGlite: while the server is stopped); NaN for none. */
export async function directSql(database: BenchDatabase, statements: Statement[]): Promise<number> {
  if (statements.length === 0) return NaN;
  for (let i = 0, started = performance.now(); i < WARMUP && performance.now() - started < SAMPLE_BUDGET_MS / 5; i++) {
    await runStatements(database, statements);
  }
  const times: number[] = [];
  for (const started = performance.now(); !enough(times, started);) times.push(await runStatements(database, statements));
  return median(times);
}

/**
 * Calls a second of the statements run directly under the calls' load (docs/decisions/287):
 * `connections` clients of their own, each running the statements one after another, prepared by
 * name as the replay is, for `seconds` after a second of warming (loadOnClients). What PostgreSQL,
 * with a client beside it on these cores, does for this call's SQL alone; NaN on PGlite (one owner)
 * or for none.
 */
export async function sqlUnderLoad(
  database: BenchDatabase,
  statements: Statement[],
  connections: number,
  seconds: number,
): Promise<number> {
  const url = database.env.DATABASE_URL;
  if (!database.concurrent || url === undefined || statements.length === 0) return NaN;
  const { times, elapsed } = await loadOnClients(url, connections, seconds, async (client) => {
    for (const s of statements) await client.query(preparedQuery(s.sql, s.params));
  });
  return times.length / elapsed;
}
