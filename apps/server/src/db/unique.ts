/** The service-side check behind each unique index; the index still decides a race (plugins/errors). */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { FieldError } from '../lib/errors';
import type { Db } from './client';

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
