/**
 * What every list repository needs (docs/architecture.md §4): contains-search patterns, an ORDER BY
 * and its reverse, and id-list conditions; a list's pages are read by list-statements.
 */
import { asc, desc, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortDirection } from '@cooler-hub/contract/common';

export interface PageQuery {
  page: number;
  perPage: number;
}

/** LIKE '%text%' with `%`, `_` and `\` typed by the user taken literally, not as wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The lists' search: `column` matches `pattern` (a containsPattern, or the placeholder of one), ignoring
 * case. Written as lower() LIKE lower() rather than ILIKE: half the cost per row, and a trigram index
 * on lower(column) serves it (docs/decisions/024).
 */
export function matchesPattern(column: SQLWrapper | AnyColumn, pattern: string | Placeholder): SQL {
  return sql`lower(${column}) like lower(${pattern})`;
}

/** How many of a serial search's last characters the trigram index is asked for (docs/decisions/289). */
export const INDEXED_TAIL_CHARACTERS = 8;

/** Whether a serial search is longer than its tail: only then is the index asked for the tail alone (containsByTail). */
export const longerThanTail = (text: string) => Array.from(text).length > INDEXED_TAIL_CHARACTERS;

/** The containsPattern of the text's last INDEXED_TAIL_CHARACTERS characters (whole code points). */
export function tailPattern(text: string): string {
  return containsPattern(Array.from(text).slice(-INDEXED_TAIL_CHARACTERS).join(''));
}

/**
 * "Contains, any case" for serial numbers (docs/decisions/289): the trigram index on lower(column)
 * finds the rows holding the text's tail (`tail`, a tailPattern), and each row found is checked for
 * the whole `text`. Serials share their leading characters ('SN2009…'), whose trigrams each name
 * most rows, and the index reads every trigram's entries in full; their last characters, the
 * sequence, name few. The same rows as matchesPattern with the whole text's pattern. For a text
 * no longer than its tail, matchesPattern itself: the whole text's check would only compute
 * lower(column) a second time on every row the index gives.
 */
export function containsByTail(column: SQLWrapper | AnyColumn, text: string | Placeholder, tail: string | Placeholder): SQL {
  return sql`lower(${column}) like lower(${tail}) and strpos(lower(${column}), lower(${text})) > 0`;
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
