/**
 * What every list repository needs (DESIGN.md §4): contains-search patterns, ORDER BY from the
 * contract's validated `order[field]`, and one page of rows with the total count.
 */
import { asc, count, desc, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@cooler-hub/contract/common';
import { offsetOf } from '../lib/list';
import type { Db } from './client';

export interface PageQuery {
  page: number;
  perPage: number;
}

/** ILIKE '%text%' with `%`, `_` and `\` typed by the user taken literally, not as wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * ORDER BY the one field of `order` (the contract has already refused unknown fields), else
 * `fallback` ascending; then `tieBreak` in the same direction, so pages never overlap.
 */
export function orderByOf<K extends string>(
  order: Partial<Record<K, SortDirection>> | undefined,
  columns: Record<K, SQLWrapper | AnyColumn>,
  fallback: K,
  tieBreak: AnyColumn,
): SQL[] {
  const [field, direction] = (Object.entries(order ?? {})[0] ?? [fallback, 'asc']) as [K, SortDirection];
  const by = direction === 'desc' ? desc : asc;
  const column = columns[field];
  return column === tieBreak ? [by(tieBreak)] : [by(column), by(tieBreak)];
}

/**
 * One page of `rows` (a `$dynamic()` select; WHERE, ORDER BY, LIMIT and OFFSET are added here) and
 * the number of rows of `table` matching the same `where`, run side by side.
 */
export async function findPage<T extends PgSelect>(
  db: Db,
  rows: T,
  table: PgTable,
  where: SQL | undefined,
  orderBy: SQL[],
  query: PageQuery,
): Promise<{ rows: Awaited<T>; total: number }> {
  const [page, totals] = await Promise.all([
    rows.where(where).orderBy(...orderBy).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: page as Awaited<T>, total: totals[0]?.total ?? 0 };
}
