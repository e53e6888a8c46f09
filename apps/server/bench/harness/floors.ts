/**
 * The floors every call is judged against (docs/decisions/284), measured in the same run on the same
 * machine, before the calls and again after them:
 *
 *   - the HTTP floor: GET /api/bench/floor (apps/server/src/lib/bench-floor.ts), a list call whose
 *     handler does nothing — the guard with its user lookup, the query's zod schema, the compiled
 *     serializer — under the same load as each call, then one request at a time;
 *   - the database floor (database-floor.ts): PostgreSQL's cheapest indexed read, without the server.
 *
 * A verdict uses the stricter of the two measurements of each (the higher req/s, the lower ms), so a
 * machine that grew quieter during the run does not flatter the calls measured while it was busy —
 * where the call has no no-op measured beside it: on a machine whose speed drifts within minutes,
 * each call's share is of the no-op's load run just before and after its own (docs/decisions/289)
 * and its time net of the no-op's requests taking turns with its own (docs/decisions/288).
 */
import { BENCH_FLOOR_PATH } from '../../src/lib/bench-floor';
import type { DatabaseFloor } from './database-floor';
import { type Load, load, sequential } from './http-client';
import type { Statement } from './sql-replay';

/** The path of the no-op call; the server has it only when the bench starts it (server-process.ts). */
export const FLOOR_PATH = BENCH_FLOOR_PATH;

export interface HttpFloorRun {
  load: Load;
  /** Median ms one request at a time. */
  single: number;
}

export interface Floors {
  /** Median ms of the same client's round trip to a bare Node http server: the transport alone. */
  transport: number;
  /** What the no-op call runs (the guard's user lookup), recorded like any call's SQL… */
  statements: Statement[];
  /** …and its median ms run directly (NaN when not measured). */
  sql: number;
  /** Before and after the calls. */
  http: HttpFloorRun[];
  database: DatabaseFloor[];
}

/** The figures a verdict is judged against: the stricter measurement of each floor. */
export interface FloorFigures {
  /** The no-op's req/s under the calls' load. */
  rps: number;
  /** The no-op's median ms one at a time. */
  ms: number;
  /** The database floor's statements a second at the calls' concurrency. */
  dbRps: number;
  /** The database floor's median ms one at a time. */
  dbMs: number;
}

export function floorFigures(floors: Floors): FloorFigures {
  return {
    rps: Math.max(...floors.http.map((r) => r.load.rps)),
    ms: Math.min(...floors.http.map((r) => r.single)),
    dbRps: Math.max(...floors.database.map((d) => d.rps)),
    dbMs: Math.min(...floors.database.map((d) => d.single)),
  };
}

/** The no-op call under `connections` for `seconds`, then one request at a time. */
export async function measureHttpFloor(base: string, token: string, connections: number, seconds: number): Promise<HttpFloorRun> {
  const underLoad = await load(base, FLOOR_PATH, token, connections, seconds);
  if (underLoad.failures > 0) throw new Error(`the HTTP floor ${FLOOR_PATH} failed ${underLoad.failures} requests`);
  return { load: underLoad, single: await sequential(base, FLOOR_PATH, token) };
}
