/**
 * A call judged against the floors of its run (docs/decisions/284): every figure here is a ratio of
 * two things measured seconds apart on the same machine — the no-op's load just before and after the
 * call's (docs/decisions/289), its requests in turn with the call's (docs/decisions/288) — so it holds
 * on a slower or busier machine where the absolute figures do not.
 */
import { LIST_BUDGET, type CallBudget } from './endpoints';
import type { FloorFigures } from './harness/floors';
import type { Load } from './harness/http-client';

/** What a call's verdict reads. */
export interface CallFigures {
  load: Load;
  /** Median ms one request at a time. */
  single: number;
  /**
   * Median ms of the no-op one request at a time, measured in turn with `single` (docs/decisions/288):
   * what the call's time is net of. Absent or NaN: the run's floor.
   */
  floorSingle?: number;
  /**
   * The no-op's req/s under the same load, measured just before and just after the call's load
   * (docs/decisions/289), the higher of the two: what its share is of. Absent or NaN: the run's floor.
   */
  floorRps?: number;
  /** Median ms of its own statements (the floor's left out) run directly; NaN when it has none. */
  sql: number;
  /**
   * Its own statements run directly under the calls' load (as many connections, each sending the
   * next as the last is answered): calls a second; NaN when not measured (PGlite).
   */
  sqlRps?: number;
  /** Its own statements. */
  statements: number;
  budget: CallBudget;
}

export interface Judged {
  /** The no-op's req/s the call's share is of: its own paired loads', or the run's. */
  floorRps: number;
  /** The no-op's ms the call is net of: its own paired floor, or the run's. */
  floorMs: number;
  /** req/s under load as a share of the no-op's under the same load. */
  share: number;
  /** (call ms − floorMs) / SQL ms: the call net of the HTTP floor over its SQL. */
  ratio: number;
  /** ms the server adds: call − floor − SQL. */
  addedMs: number;
  /** The added ms the budget allows whatever the ratio: maxAddedOfFloor × the floor's ms (floorMs). */
  allowedAddedMs: number;
  /** Its SQL in database-floor reads: SQL ms / the floor read's ms. */
  sqlReads: number;
  /**
   * The share its SQL alone allows, over the no-op's req/s: its statements run under the same load
   * (`sqlRps`, docs/decisions/287) where measured, else estimated as the database floor's reads a
   * second / its SQL's reads.
   */
  sqlCapShare: number;
  /** Whether sqlCapShare was measured (its SQL under load) rather than estimated from floor reads. */
  sqlCapMeasured: boolean;
  /**
   * Below the share budget only because its SQL is (docs/decisions/285): its SQL, with the server
   * adding what its budget lets it (maxRatio × the SQL), cannot reach the budget's share on these
   * cores — the SQL-alone share over (1 + maxRatio) is below it — and the call reaches at least that.
   */
  heldBySql: boolean;
  /** Each budget missed, with the figure, the limit and by how much. */
  misses: string[];
}

const x = (value: number) => `${value.toFixed(2)}×`;

export function judge(call: CallFigures, floor: FloorFigures): Judged {
  const b = call.budget;
  const floorRps = call.floorRps !== undefined && Number.isFinite(call.floorRps) ? call.floorRps : floor.rps;
  const share = call.load.rps / floorRps;
  const floorMs = call.floorSingle !== undefined && Number.isFinite(call.floorSingle) ? call.floorSingle : floor.ms;
  const net = call.single - floorMs;
  const sql = Number.isNaN(call.sql) ? 0 : call.sql;
  const ratio = sql > 0 ? net / sql : Number.POSITIVE_INFINITY;
  const addedMs = net - sql;
  const allowedAddedMs = (b.maxAddedOfFloor ?? 0) * floorMs;
  const sqlReads = sql / floor.dbMs;
  const sqlCapMeasured = call.sqlRps !== undefined && Number.isFinite(call.sqlRps) && call.sqlRps > 0;
  const sqlCapShare = sqlCapMeasured
    ? (call.sqlRps ?? 0) / floorRps
    : sqlReads > 0
      ? floor.dbRps / sqlReads / floorRps
      : Number.POSITIVE_INFINITY;
  const misses: string[] = [];
  const heldShare = sqlCapShare / (1 + (b.maxRatio ?? LIST_BUDGET.maxRatio ?? 0));
  const heldBySql = b.minShare !== undefined && share < b.minShare && heldShare < b.minShare && share >= heldShare;
  if (b.minShare !== undefined && share < b.minShare && !heldBySql) {
    const held =
      heldShare < b.minShare
        ? `; its SQL${sqlCapMeasured ? ' under the same load' : `, ${sqlReads.toFixed(0)} floor reads,`} alone allows about ${sqlCapShare.toFixed(2)}, so at least ${heldShare.toFixed(2)}`
        : '';
    misses.push(`share ${share.toFixed(2)} < ${b.minShare.toFixed(2)} (${((1 - share / b.minShare) * 100).toFixed(0)} % short${held})`);
  }
  if (b.maxRatio !== undefined && ratio > b.maxRatio && addedMs > allowedAddedMs) {
    misses.push(
      `adds ${addedMs.toFixed(2)} ms = ${x(ratio)} SQL (> ${x(b.maxRatio)} and > ${allowedAddedMs.toFixed(2)} ms)` +
        (call.statements === 0 ? ' (no SQL of its own)' : ''),
    );
  }
  if (call.load.failures > 0) misses.push(`${call.load.failures} failed requests`);
  return { floorRps, floorMs, share, ratio, addedMs, allowedAddedMs, sqlReads, sqlCapShare, sqlCapMeasured, heldBySql, misses };
}

/** The margin of a call within its budgets: its share as a multiple of the budget's, what the server adds. */
export function margin(call: CallFigures, judged: Judged): string {
  const b = call.budget;
  const parts: string[] = [];
  if (judged.heldBySql) {
    parts.push(
      `held by its SQL: ${judged.sqlCapMeasured ? 'alone under the same load it allows' : `${judged.sqlReads.toFixed(0)} floor reads allow`} about ${judged.sqlCapShare.toFixed(2)}, share ${judged.share.toFixed(2)} ≥ ${x(judged.share / judged.sqlCapShare)} of it`,
    );
  } else if (b.minShare !== undefined) parts.push(`share ${x(judged.share / b.minShare)} its budget`);
  if (b.maxRatio !== undefined) {
    parts.push(
      judged.ratio <= b.maxRatio
        ? `${x(judged.ratio)} SQL`
        : `adds ${judged.addedMs.toFixed(2)} ms ≤ ${judged.allowedAddedMs.toFixed(2)} ms (${x(judged.ratio)} SQL)`,
    );
  }
  return `ok: ${parts.join(', ')}`;
}

/** The absolute budget of before, for information: what this call would have missed of it. */
export function absoluteMisses(call: Pick<CallFigures, 'load' | 'budget'>): string[] {
  const { info } = call.budget;
  const missed: string[] = [];
  if (call.load.p95 > info.p95Ms) missed.push(`p95 > ${info.p95Ms} ms`);
  if (info.minRps !== undefined && call.load.rps < info.minRps) missed.push(`< ${info.minRps} req/s`);
  return missed;
}
