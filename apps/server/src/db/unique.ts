/**
 * Unique values: the service-side check behind each unique index, and the API field a unique
 * violation (23505) blames when the index decides a race (plugins/errors). The constraint → field
 * map is read from schema.ts, as the foreign keys are (db/references.ts).
 */
import { and, Column, eq, getTableColumns, is, ne, sql, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { FieldError } from '../lib/errors';
import type { Db } from './client';
import * as schema from './schema';

/** Columns whose API field is not their schema key ('table.column'). */
const API_FIELD_NAMES: Record<string, string> = {
  // The scrap reason form sends its code as `number` (docs/product.md §7).
  'scrap_reasons.code': 'number',
};

/** The name of the first column an index is on, also inside an expression such as lower(name). */
function firstColumnName(columns: readonly unknown[]): string | undefined {
  const first = columns[0];
  for (const part of is(first, SQL) ? first.queryChunks : [first]) {
    if (is(part, Column) || is(part, IndexedColumn)) return part.name;
  }
  return undefined;
}

/** Every unique constraint or index of the schema (primary keys included) → the API field it guards. */
const UNIQUE_FIELDS: ReadonlyMap<string, string> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) => {
      const config = getTableConfig(table);
      const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
      const field = (column: string | undefined) =>
        column === undefined ? undefined : (API_FIELD_NAMES[`${config.name}.${column}`] ?? keyOf.get(column));
      const entries: [string, string | undefined][] = [
        ...config.columns.filter((c) => c.primary).map((c): [string, string | undefined] => [`${config.name}_pkey`, field(c.name)]),
        ...config.columns.filter((c) => c.isUnique).map((c): [string, string | undefined] => [c.uniqueName!, field(c.name)]),
        ...config.indexes
          .filter((i) => i.config.unique)
          .map((i): [string, string | undefined] => [i.config.name!, field(firstColumnName(i.config.columns))]),
      ];
      return entries.filter((e): e is [string, string] => e[1] !== undefined);
    }),
);

/** 23505 → the API field its constraint guards; '' (the whole item) for a constraint we do not know. */
export function uniqueViolationField(constraint: string | undefined): string {
  return (constraint && UNIQUE_FIELDS.get(constraint)) || '';
}

export interface UniqueValue {
  table: PgTable;
  column: PgColumn;
  idColumn: PgColumn;
  /** Text is compared ignoring case, matching the `lower(column)` unique indexes of schema.ts. */
  value: string | number;
  /** The row being updated keeps its own value. */
  exceptId?: number | string;
  /** The body field blamed in the 400. */
  field: string;
}

/** 400 on `field` with 'This value is already used.' when another row has the value. */
export async function assertUnique(db: Db, { table, column, idColumn, value, exceptId, field }: UniqueValue): Promise<void> {
  const matches = typeof value === 'string' ? eq(sql`lower(${column})`, value.toLowerCase()) : eq(column, value);
  const rows = await db
    .select({ id: idColumn })
    .from(table)
    .where(and(matches, exceptId === undefined ? undefined : ne(idColumn, exceptId)))
    .limit(1);
  if (rows.length > 0) throw new FieldError(field, ALREADY_USED);
}
