/**
 * A call under load in rounds (docs/decisions/293): the no-op's load for a second, the call's, its SQL
 * run directly; again, five times; then the no-op's once more. Each round's share is the call's req/s
 * over the higher of the no-op's two loads around it, a couple of seconds either side, and the call's
 * share is the median of its rounds' (bench/ratios.ts: roundFigures) — so a machine whose speed changes within seconds, or one second
 * of it that another process took, moves one round, not the verdict.
 */
import type { LoadClients } from './database';
import { FLOOR_PATH } from './floors';
import { type Load, loadSample, rpsOf, summarise } from './http-client';

export const ROUNDS = 5;
/** Seconds of the no-op's load before and after each round's call. */
const FLOOR_SECONDS = 1;
/** Seconds of the call's own SQL run directly in each round. */
const SQL_SECONDS = 0.6;

export interface Rounds {
  /** The call's loads together. */
  load: Load;
  /** Each round's no-op req/s: the higher of its loads just before and just after the round's call. */
  floors: number[];
  /** Each round's call req/s over its no-op's. */
  shares: number[];
  /** Its SQL alone, its loads together: calls a second (NaN: not measured). */
  sqlRps: number;
  /** Each round's SQL-alone calls a second over its no-op's (empty: not measured). */
  sqlShares: number[];
}

/** `url` under `connections` for `seconds` in all, in ROUNDS rounds; `sql`, when given, is run in each and closed. */
export async function loadInRounds(
  base: string,
  url: string,
  token: string,
  connections: number,
  seconds: number,
  sql: LoadClients | undefined,
): Promise<Rounds> {
  const floorLoad = async () => rpsOf(await loadSample(base, FLOOR_PATH, token, connections, FLOOR_SECONDS));
  const calls = [];
  const sqlRuns: { times: number[]; elapsed: number }[] = [];
  const noops = [await floorLoad()];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      calls.push(await loadSample(base, url, token, connections, seconds / ROUNDS));
      if (sql) sqlRuns.push(await sql.run(SQL_SECONDS));
      noops.push(await floorLoad());
    }
  } finally {
    await sql?.close();
  }
  const floors = calls.map((_, i) => Math.max(noops[i] ?? NaN, noops[i + 1] ?? NaN));
  const sqlCalls = sqlRuns.reduce((total, r) => total + r.times.length, 0);
  return {
    load: summarise(calls),
    floors,
    shares: calls.map((c, i) => rpsOf(c) / (floors[i] ?? NaN)),
    sqlRps: sql ? sqlCalls / sqlRuns.reduce((total, r) => total + r.elapsed, 0) : NaN,
    sqlShares: sqlRuns.map((r, i) => r.times.length / r.elapsed / (floors[i] ?? NaN)),
  };
}
