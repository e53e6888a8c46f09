/**
 * What every list repository needs (docs/architecture.md §4): contains-search patterns, ORDER BY from the
 * contract's validated `order[field]`, and one page of rows with the total count.
 */
import { asc, count, desc, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@cooler-hub/contract/common';
import { offsetOf } from '../lib/list';
import type { Db } from './client';
import { rememberedCount } from './list-counts';

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
  return matchesPattern(column, containsPattern(text));
}

/** `column` matches `pattern` (a containsPattern, or the placeholder of one), ignoring case, as containsText. */
export function matchesPattern(column: SQLWrapper | AnyColumn, pattern: string | Placeholder): SQL {
  return sql`lower(${column}) like lower(${pattern})`;
}

/** An ORDER BY, and the same with every direction flipped: a deep page is read from the nearer end. */
export interface Ordering {
  forward: SQL[];
  backward: SQL[];
}

/** ORDER BY each column in turn, in its direction. */
export function ordering(terms: [SQLWrapper | AnyColumn, SortDirection][]): Ordering {
  const of = (flipped: boolean) => terms.map(([column, direction]) => ((direction === 'desc') !== flipped ? desc(column) : asc(column)));
  return { forward: of(false), backward: of(true) };
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
): Ordering {
  const [field, direction] = (Object.entries(order ?? {})[0] ?? [fallback, 'asc']) as [K, SortDirection];
  const column = columns[field];
  return ordering(
    column === tieBreak || unique.includes(field)
      ? [[column, direction]]
      : [
          [column, direction],
          [tieBreak, direction],
        ],
  );
}

/**
 * One page of `rows` (a `$dynamic()` select; WHERE, ORDER BY, LIMIT and OFFSET are added here) and
 * the number of rows of `table` matching the same `where`. A first page that is not full is the
 * whole answer, so its total needs no count — most lookups and dropdowns cost one statement
 * fewer. With `list` (a list's version) the total is remembered until that list changes. A later
 * page is read from the nearer end: the last page of 20,000 rows is the first 20 in the opposite
 * order, not an OFFSET walk past 19,980 (docs/decisions/274).
 */
export async function findPage<T extends PgSelect>(
  db: Db,
  rows: T,
  table: PgTable,
  where: SQL | undefined,
  order: Ordering,
  query: PageQuery,
  list?: string,
): Promise<{ rows: Awaited<T>; total: number }> {
  const offset = offsetOf(query);
  const page = async (by: SQL[], skip: number, limit: number) =>
    rows
      .where(where)
      .orderBy(...by)
      .limit(limit)
      .offset(skip);
  const matching = async (): Promise<number> =>
    list ? rememberedCount(db, list, table, where) : ((await db.select({ total: count() }).from(table).where(where))[0]?.total ?? 0);
  if (offset === 0) {
    const first = await page(order.forward, 0, query.perPage);
    return { rows: first, total: first.length < query.perPage ? first.length : await matching() };
  }
  const total = await matching();
  const limit = Math.min(query.perPage, total - offset);
  // Past the end: an empty page with the total.
  if (limit <= 0) return { rows: [] as unknown as Awaited<T>, total };
  if (offset + limit / 2 <= total / 2) return { rows: await page(order.forward, offset, limit), total };
  const fromEnd = await page(order.backward, total - offset - limit, limit);
  return { rows: fromEnd.reverse() as Awaited<T>, total };
}

/**
 * `expression in (the keys)`, planned as one index probe per key. A batch's keys as an IN list or an
 * `= any(array)` of 2,000 made PostgreSQL scan the whole table (its estimate of 2,000 probes outran a
 * scan: 130–200 ms on 250,000 coolers) where the probes take 15 ms; a set-returning function is
 * estimated small, so the probes are what it plans (docs/decisions/258).
 */
export function inKeys(
  expression: SQL | AnyColumn,
  keys: readonly (string | number)[] | Placeholder,
  type: 'text' | 'varchar' | 'uuid',
): SQL {
  const array = Array.isArray(keys) ? sql.param(keys) : keys;
  return sql`${expression} in (select unnest(${array}::${sql.raw(type)}[]))`;
}
