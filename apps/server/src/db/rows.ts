/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`; the Db type leaves the result untyped. */
import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { Db } from './client';

export function rowsOf<T>(result: unknown): T[] {
  const rows: unknown = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new TypeError('the database answered no rows');
  return rows as T[];
}

export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

/** A statement built once: its text and parameters (placeholders among them), and the name it is prepared by. */
export interface NamedStatement {
  readonly query: Query;
  readonly name: string;
}

/** `statement` built once, named after its text. */
export function nameStatement(db: Db, statement: SQL): NamedStatement {
  const query = db.execute(statement).getQuery();
  return { query, name: `q_${createHash('sha256').update(query.sql).digest('base64url').slice(0, 24)}` };
}

/**
 * The rows of a named prepared statement, its placeholders filled from `values`: PostgreSQL parses
 * and analyses a text once per connection instead of on every call (a long statement of many
 * subqueries: docs/decisions/249 measures the gain), and the statement is built once, not per call.
 * PostgreSQL still plans each call for its values while that plan is estimated cheaper than a
 * generic one (plan_cache_mode auto). Statements must come in few shapes: each is kept by every
 * connection of the pool.
 */
export async function selectNamedRows<T>(db: Db, { query, name }: NamedStatement, values: Record<string, unknown>): Promise<T[]> {
  return rowsOf<T>(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
}

/** `prepare(db)` made once per database handle (a drizzle statement prepared by name), then reused. */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) byDb.set(db, (statement = prepare(db)));
    return statement;
  };
}

/** `rows` in the order of `ids` (a page's order, which a read by `= any(ids)` does not keep). */
export function inOrderOf<K, T extends { id: K }>(ids: readonly K[], rows: T[]): T[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Shapes kept at most; the oldest is forgotten first, so no stream of odd queries grows the server. */
const MAX_SHAPES = 2000;
/**
 * Shapes prepared by name at most: each connection keeps every statement it prepared, so the first
 * ones asked are named and any beyond run unnamed (parsed on every call), a bound on what a stream of
 * odd queries can leave in PostgreSQL's memory (docs/decisions/287).
 */
const MAX_NAMED_SHAPES = 500;
const builtShapes = new Map<string, NamedStatement | Query>();
let namedShapes = 0;

/**
 * The rows of the statement of `shape`, built by `build()` over placeholders the first time that
 * shape is asked and kept, its placeholders filled from `values` (docs/decisions/287). `shape` must
 * tell apart every text `build` can give: which conditions are present, in which form, and the
 * order. Prepared by name, so PostgreSQL parses it once per connection; it still plans each call for
 * its values while a generic plan is estimated dearer (a page's LIMIT unknown, it always is).
 */
export async function selectShaped<T>(db: Db, shape: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
  let statement = builtShapes.get(shape);
  if (!statement) {
    const named = namedShapes < MAX_NAMED_SHAPES;
    if (named) namedShapes++;
    statement = named ? nameStatement(db, build()) : db.execute(build()).getQuery();
    if (builtShapes.size >= MAX_SHAPES) builtShapes.delete(builtShapes.keys().next().value!);
    builtShapes.set(shape, statement);
  }
  const [query, name] = 'name' in statement ? [statement.query, statement.name] : [statement, undefined];
  return rowsOf<T>(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
}

/** The UUID no row has: a key that matches nothing. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The elements PostgreSQL takes an array parameter to hold when it plans for any values. */
const GENERIC_ARRAY_ELEMENTS = 10;

/**
 * The ids a prepared `= any($ids)` read is given: at least GENERIC_ARRAY_ELEMENTS, a short list padded
 * with `none`, a key no row has. PostgreSQL plans a prepared statement for its values while that plan
 * is estimated cheaper than one for any values (plan_cache_mode auto), which takes the array to hold 10:
 * a connection that met short pages first kept planning the joins on every call, 2.1 ms a call for 4
 * receipts against 0.23 ms on the plan for any values (docs/decisions/287).
 */
export function idsForPlan<K>(ids: readonly K[], none: K): K[] {
  const padding = Math.max(0, GENERIC_ARRAY_ELEMENTS - ids.length);
  return [...ids, ...Array<K>(padding).fill(none)];
}
