/**
 * A list call as prepared statements (docs/decisions/285). A list is declared once — its columns,
 * its filters over placeholders, its sorts, and the code that turns a row into the contract's item —
 * and each shape a query can take (which filters are present, the sort, its direction, read from the
 * start or from the end) is built into SQL text once and prepared by name (rows.ts, selectShaped). A
 * call only picks its shape and fills in its values: no SQL is built and no query builder walked per
 * request, and the rows come back as the driver reads them, mapped by the list's own code.
 *
 * A page carries the version of its list, read by the same statement, so a total remembered under
 * that version (list-counts) answers the call in that one round trip; the count runs only after the
 * list has changed. A deep page is read from the nearer end of the remembered total, checked by the
 * version its rows came with.
 */
import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortDirection } from '@cooler-hub/contract/common';
import { offsetOf } from '../lib/list';
import type { Db } from './client';
import { listVersion, recallTotal, remember } from './list-counts';
import { containsByTail, containsPattern, longerThanTail, matchesPattern, ordering, tailPattern, type PageQuery } from './paging';
import { selectShaped } from './rows';
import { listVersions } from './schema';

/** One filter of a list: its condition over `sql.placeholder(name)`, and the value a query gives it (undefined: absent). */
export interface ListFilter<Q> {
  condition: SQL;
  value(query: Q): unknown;
  /** Further placeholders of `condition`, each computed from the value (a tail search's pattern: paging's containsByTail). */
  derived?: Record<string, (value: never) => unknown>;
}

/** A sort field's ORDER BY terms, ascending; `unique`: the terms order every row, no tie-break needed. */
export interface ListSort {
  by: SQLWrapper | AnyColumn;
  unique?: boolean;
}

export interface ListDefinition<Q extends PageQuery, Raw, Item> {
  /** Names the list's prepared statements. */
  name: string;
  /** The version its totals are remembered under (list-counts: CATALOG, INVENTORY, DELIVERIES); none: counted when needed. */
  list?: string;
  /** The columns, each aliased as `Raw` names it. */
  columns: SQL;
  /** The tables the columns read, joined. */
  from: SQL;
  /** The tables the filters read (the count's FROM): `from` without the joins that only name things. */
  countFrom: SQL;
  /** The condition every item meets, whatever the query (on `countFrom`'s tables); none: every row is one. */
  where?: SQL;
  filters: Record<string, ListFilter<Q>>;
  sorts: Record<string, ListSort>;
  /** The sort of a query: its field and direction (the list's default when it names none). */
  sortOf(query: Q): [string, SortDirection];
  /** Breaks ties between equal sort keys, in the sort's direction unless `tieBreakDirection` names one. */
  tieBreak: AnyColumn;
  /** The tie-break's own direction, whatever the sort's; none: the sort's. */
  tieBreakDirection?: SortDirection;
  /** A row as the contract's item, every field named (docs/decisions/259). */
  item(row: Raw): Item;
}

/** The filters a query gives values to, and the keys its statements and its remembered total go by. */
export function shapeOf<Q extends PageQuery>(definition: ListDefinition<Q, unknown, unknown>, query: Q) {
  const values: Record<string, unknown> = {};
  const present: string[] = [];
  let filterKey = '';
  for (const name in definition.filters) {
    const filter = definition.filters[name]!;
    const value = filter.value(query);
    if (value === undefined) continue;
    values[name] = value;
    for (const derived in filter.derived) values[derived] = filter.derived[derived]!(value as never);
    present.push(name);
    filterKey += `${name},`;
  }
  return {
    values,
    present,
    filterKey: `${definition.name}|${filterKey}`,
    totalKey: `${definition.name}|${filterKey}|${filterKey ? JSON.stringify(values) : ''}`,
  };
}

/** The number of items matching, counted now and remembered under the version the count read. */
async function countNow<Q extends PageQuery>(
  db: Db,
  definition: ListDefinition<Q, unknown, unknown>,
  { values, present, filterKey, totalKey }: ReturnType<typeof shapeOf>,
): Promise<{ total: number }> {
  const [row] = await selectShaped<{ total: number; listVersion: string | null }>(
    db,
    `${filterKey}|count`,
    () => countStatement(definition, present),
    values,
  );
  const total = row?.total ?? 0;
  remember(db, totalKey, row?.listVersion ?? null, total);
  return { total };
}

/**
 * The number of items a query matches, for a page read some other way (a sort the list's statements
 * do not read): the remembered total while the list's version is still the one it was counted
 * under (one primary-key read), else counted.
 */
export async function listTotal<Q extends PageQuery>(db: Db, definition: ListDefinition<Q, unknown, unknown>, query: Q): Promise<number> {
  const shape = shapeOf(definition, query);
  const known = recallTotal(db, shape.totalKey);
  if (known && definition.list && (await listVersion(db, definition.list)) === known.version) return known.total;
  return (await countNow(db, definition, shape)).total;
}

/** One page of a list and the number of items matching (docs/decisions/285). */
export async function listPage<Q extends PageQuery, Raw, Item>(
  db: Db,
  definition: ListDefinition<Q, Raw, Item>,
  query: Q,
): Promise<{ rows: Item[]; total: number }> {
  const shape = shapeOf(definition, query);
  const { values, totalKey } = shape;
  const [field, direction] = definition.sortOf(query);
  const page = async (reversed: boolean, skip: number, limit: number) => {
    const rows = await selectShaped<Raw & { listVersion: string }>(
      db,
      `${shape.filterKey}|${field} ${direction}${reversed ? ' reversed' : ''}`,
      () => pageStatement(definition, shape.present, field, direction, reversed),
      { ...values, limit, skip },
    );
    return { rows: reversed ? rows.reverse() : rows, version: rows[0]?.listVersion };
  };
  const counted = () => countNow(db, definition, shape);

  const offset = offsetOf(query);
  if (offset === 0) {
    const first = await page(false, 0, query.perPage);
    // A first page that is not full is the whole answer: its total needs no count.
    if (first.rows.length < query.perPage) return { rows: first.rows.map(definition.item), total: first.rows.length };
    const known = recallTotal(db, totalKey);
    const total = known && known.version === first.version ? known.total : (await counted()).total;
    return { rows: first.rows.map(definition.item), total };
  }
  // Read from the nearer end of `total`: the last page of 20,000 rows is the first 20 in the opposite order.
  const pageAt = ({ total }: { total: number }) => {
    const limit = Math.min(query.perPage, total - offset);
    if (limit <= 0) return undefined;
    return offset + limit / 2 <= total / 2 ? page(false, offset, limit) : page(true, total - offset - limit, limit);
  };
  const known = recallTotal(db, totalKey);
  if (known) {
    // Rows read under the version the total was counted under: the total is still theirs.
    const read = await pageAt(known);
    if (read && read.rows.length > 0 && read.version === known.version) return { rows: read.rows.map(definition.item), total: known.total };
  }
  const now = await counted();
  // Past the end: an empty page with the total.
  const read = await pageAt(now);
  return { rows: read ? read.rows.map(definition.item) : [], total: now.total };
}

/** The list's version, read by the same statement as its rows (so from the same snapshot); null for a list without one. */
const versionOfList = (list: string | undefined) =>
  list ? sql`(select ${listVersions.version}::text from ${listVersions} where ${listVersions.list} = ${list})` : sql`null::text`;

/**
 * A timestamp as JavaScript's toISOString writes it, written by PostgreSQL (a row mapped by hand
 * needs no Date); null where the column is, and typed so: a nullable column gives `string | null`.
 */
export function isoTime<C extends AnyColumn>(column: C): SQL<C['_']['notNull'] extends true ? string : string | null> {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The list's own condition and the filters present, each over its placeholder, joined by AND (`true` when there is none). */
export function conditionsOf<Q extends PageQuery>(definition: ListDefinition<Q, unknown, unknown>, present: string[]): SQL {
  const conditions = present.map((name) => definition.filters[name]!.condition);
  if (definition.where) conditions.unshift(definition.where);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

function whereOf<Q extends PageQuery>(definition: ListDefinition<Q, unknown, unknown>, present: string[]): SQL {
  return present.length || definition.where ? sql` where ${conditionsOf(definition, present)}` : sql``;
}

function pageStatement<Q extends PageQuery>(
  definition: ListDefinition<Q, unknown, unknown>,
  present: string[],
  field: string,
  direction: SortDirection,
  reversed: boolean,
): SQL {
  const sort = definition.sorts[field]!;
  const terms: [SQLWrapper | AnyColumn, SortDirection][] = sort.unique
    ? [[sort.by, direction]]
    : [
        [sort.by, direction],
        [definition.tieBreak, definition.tieBreakDirection ?? direction],
      ];
  const order = ordering(terms);
  return sql`select ${definition.columns}, ${versionOfList(definition.list)} as "listVersion" from ${definition.from}${whereOf(definition, present)}
    order by ${sql.join(reversed ? order.backward : order.forward, sql`, `)}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('skip')}`;
}

function countStatement<Q extends PageQuery>(definition: ListDefinition<Q, unknown, unknown>, present: string[]): SQL {
  return sql`select count(*)::int as total, ${versionOfList(definition.list)} as "listVersion"
    from ${definition.countFrom}${whereOf(definition, present)}`;
}

/** The select list of `columns`, each aliased by its key. */
export function aliased(columns: Record<string, SQLWrapper | AnyColumn>): SQL {
  return sql.join(
    Object.entries(columns).map(([alias, column]) => sql`${column} as ${sql.identifier(alias)}`),
    sql`, `,
  );
}

/** A "contains, any case" filter on `column` (paging's matchesPattern) named `name`, from the text `text(query)` gives. */
export function containsFilter<Q>(column: SQLWrapper | AnyColumn, name: string, text: (query: Q) => string | undefined): ListFilter<Q> {
  return {
    condition: matchesPattern(column, sql.placeholder(name)),
    value: (query) => {
      const given = text(query);
      return given ? containsPattern(given) : undefined;
    },
  };
}

/**
 * containsFilter for serial numbers, as two filters of one text (docs/decisions/289): `name` for a
 * text no longer than its tail, the plain "contains"; `${name}Long` for a longer one, the index
 * asked for its tail (paging's containsByTail) and the whole text checked, its tail's pattern the
 * placeholder `${name}Tail`.
 */
export function serialFilters<Q>(
  column: SQLWrapper | AnyColumn,
  name: string,
  text: (query: Q) => string | undefined,
): Record<string, ListFilter<Q>> {
  const long = `${name}Long`;
  return {
    [name]: containsFilter(column, name, (query: Q) => {
      const given = text(query);
      return given && !longerThanTail(given) ? given : undefined;
    }),
    [long]: {
      condition: containsByTail(column, sql.placeholder(long), sql.placeholder(`${name}Tail`)),
      value: (query) => {
        const given = text(query);
        return given && longerThanTail(given) ? given : undefined;
      },
      derived: { [`${name}Tail`]: tailPattern },
    },
  };
}

/** An "equals" filter on `column` named `name`, from the value `value(query)` gives. */
export function equalsFilter<Q>(column: SQLWrapper | AnyColumn, name: string, value: (query: Q) => unknown): ListFilter<Q> {
  return { condition: sql`${column} = ${sql.placeholder(name)}`, value };
}

/** The sort a query's `order` names (the contract allows one field), else `fallback` in `direction`. */
export function sortOfOrder(fallback: string, direction: SortDirection = 'asc') {
  return (query: PageQuery & { order?: Partial<Record<string, SortDirection>> | undefined }): [string, SortDirection] => {
    for (const field in query.order) return [field, query.order[field]!];
    return [fallback, direction];
  };
}
