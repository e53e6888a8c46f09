/**
 * What every list repository needs (docs/architecture.md §4): contains-search patterns, ORDER BY from the
 * contract's validated `order[field]`, and one page of rows with the total count.
 */
import { asc, count, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@cooler-hub/contract/common';
import { offsetOf } from '../lib/list';
import type { Db } from './client';

export interface PageQuery {
  page: number;
  perPage: number;
}

/** LIKE '%text%' with `%`, `_` and `\` typed by the user taken literally, not as wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The lists' search: `column` contains `text`, ignoring case. Written as lower() LIKE lower() rather
 * than ILIKE: half the cost per row, and a trigram index on lower(column) serves it (docs/decisions/024).
 */
export function containsText(column: SQLWrapper | AnyColumn, text: string): SQL {
  return sql`lower(${column}) like lower(${containsPattern(text)})`;
}

/**
 * ORDER BY the one field of `order` (the contract has already refused unknown fields), else
 * `fallback` ascending; then `tieBreak` in the same direction, so pages never overlap — except
 * for the fields in `unique`, whose own unique index already orders every row: without the
 * redundant tie-break PostgreSQL walks that index instead of sorting (docs/decisions/024).
 */
export function orderByOf<K extends string>(
  order: Partial<Record<K, SortDirection>> | undefined,
  columns: Record<K, SQLWrapper | AnyColumn>,
  fallback: K,
  tieBreak: AnyColumn,
  unique: readonly K[] = [],
): SQL[] {
  const [field, direction] = (Object.entries(order ?? {})[0] ?? [fallback, 'asc']) as [K, SortDirection];
  const by = direction === 'desc' ? desc : asc;
  const column = columns[field];
  return column === tieBreak || unique.includes(field) ? [by(column)] : [by(column), by(tieBreak)];
}

/**
 * One page of `rows` (a `$dynamic()` select; WHERE, ORDER BY, LIMIT and OFFSET are added here) and
 * the number of rows of `table` matching the same `where`. A first page that is not full is the
 * whole answer, so its total needs no count — most lookups and dropdowns cost one statement
 * fewer; other pages count side by side with the rows.
 */
export async function findPage<T extends PgSelect>(
  db: Db,
  rows: T,
  table: PgTable,
  where: SQL | undefined,
  orderBy: SQL[],
  query: PageQuery,
): Promise<{ rows: Awaited<T>; total: number }> {
  const offset = offsetOf(query);
  const page = async () => (rows.where(where).orderBy(...orderBy).limit(query.perPage).offset(offset));
  const matching = async (): Promise<number> => (await db.select({ total: count() }).from(table).where(where))[0]?.total ?? 0;
  if (offset === 0) {
    const first = await page();
    return { rows: first, total: first.length < query.perPage ? first.length : await matching() };
  }
  const [later, total] = await Promise.all([page(), matching()]);
  return { rows: later, total };
}
