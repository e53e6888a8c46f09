/**
 * SQL of the dashboard's grouped figures (docs/decisions/255). Each statement reads the inventory
 * list version in its own snapshot, so what it found can be remembered under
 * that version. The bounds are those of the receipts list's filters: a London day runs from
 * London midnight to London midnight (`londonDayStart`), as `receiptDate` and `noteApprovedDate` read it.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import type { ProcessOption } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { INVENTORY, type ReadUnderVersion } from '../../db/list-counts';
import { scrapReasons } from '../../db/schema';
import { selectRows } from '../../db/rows';
import { isExclusiveTypeSql } from '../../db/exclusive-types';

/** [start, end) of the London days `from` … `to`, as timestamptz parameters. */
function daysBetween(from: string, to: string): { start: SQL; end: SQL } {
  return {
    start: sql`${londonDayStart(from).toISOString()}::timestamptz`,
    end: sql`${londonDayStart(nextDay(to)).toISOString()}::timestamptz`,
  };
}

const version = sql`select version::text as version from list_versions where list = ${INVENTORY}`;

/**
 * Receipts per London day and process option. `process_option in (…)` (every value the check
 * allows) lets PostgreSQL read receipts_process_option_idx (option, receipt_date, id) alone: three
 * range scans of the index, no table rows.
 */
export async function receiptsPerDayAndOption(
  db: Db,
  from: string,
  to: string,
): Promise<ReadUnderVersion<{ day: string; option: ProcessOption; n: number }[]>> {
  const { start, end } = daysBetween(from, to);
  const rows = await selectRows<{ version: string | null; day: string | null; option: ProcessOption | null; n: number | null }>(
    db,
    sql`with v as (${version}), g as (
      select to_char((receipt_date at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day, process_option as option, count(*)::int as n
      from receipts
      where process_option in ('X', 'D', 'S') and receipt_date >= ${start} and receipt_date < ${end}
      group by 1, 2)
    select v.version, g.day, g.option, g.n from v left join g on true`,
  );
  return {
    version: rows[0]?.version ?? null,
    value: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day!, option: r.option!, n: Number(r.n) })),
  };
}

/**
 * Receipts received in the period, and those with each scrap reason. A scrap reason is held exactly
 * by option S and by D with D5 (receipts_scrap_reason_check): those two conditions let PostgreSQL
 * read the option and state indexes for the period instead of every receipt of it.
 */
export async function scrapReasonsInPeriod(
  db: Db,
  from: string,
  to: string,
): Promise<ReadUnderVersion<{ received: number; reasons: { id: number; n: number }[] }>> {
  const { start, end } = daysBetween(from, to);
  const rows = await selectRows<{ version: string | null; received: number; id: number | null; n: number | null }>(
    db,
    sql`with v as (${version}),
    t as (select count(*)::int as received from receipts where receipt_date >= ${start} and receipt_date < ${end}),
    g as (
      select scrap_reason_id as id, count(*)::int as n from receipts
      where (process_option = 'S' or process_state = 'D5') and scrap_reason_id is not null
        and receipt_date >= ${start} and receipt_date < ${end}
      group by 1)
    select v.version, t.received, g.id, g.n from v cross join t left join g on true`,
  );
  return {
    version: rows[0]?.version ?? null,
    value: {
      received: Number(rows[0]?.received ?? 0),
      reasons: rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), n: Number(r.n) })),
    },
  };
}

/** The scrap reasons of `ids`, read live (a reason's code or name may change without a new list version). */
export function scrapReasonsById(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: scrapReasons.id, code: scrapReasons.code, reason: scrapReasons.reason })
    .from(scrapReasons)
    .where(inArray(scrapReasons.id, ids));
}

/**
 * From receipt to approval, in days, of every receipt on a transfer or scrap note approved in the
 * period (at most one such note per receipt: delivery_lines_exclusive_receipt_unique). Walked from
 * the notes (a few thousand) to their lines and receipts by primary key.
 */
export async function turnaroundInPeriod(
  db: Db,
  from: string,
  to: string,
): Promise<ReadUnderVersion<{ n: number; median: number | null; p90: number | null }>> {
  const { start, end } = daysBetween(from, to);
  const rows = await selectRows<{ version: string | null; n: number; median: number | null; p90: number | null }>(
    db,
    sql`with v as (${version}),
    s as (
      select extract(epoch from d.approved_at - r.receipt_date) / 86400 as days
      from deliveries d
      join delivery_lines dl on dl.delivery_id = d.id and dl.delivery_type = d.type
      join receipts r on r.id = dl.receipt_id
      where ${isExclusiveTypeSql('d.type')} and d.status = 'approved' and d.approved_at >= ${start} and d.approved_at < ${end}),
    a as (
      select count(*)::int as n,
        percentile_cont(0.5) within group (order by days) as median,
        percentile_cont(0.9) within group (order by days) as p90
      from s)
    select v.version, a.n, a.median, a.p90 from v cross join a`,
  );
  const row = rows[0];
  return {
    version: row?.version ?? null,
    value: {
      n: Number(row?.n ?? 0),
      median: row?.median == null ? null : Number(row.median),
      p90: row?.p90 == null ? null : Number(row.p90),
    },
  };
}
