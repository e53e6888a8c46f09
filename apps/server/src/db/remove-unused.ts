/** DELETE for reference data: 404 when absent, a 400 sentence when other rows still use it (docs/decisions/021). */
import { eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { inUseMessage, usagesOf } from './references';
import { ConflictError, NotFoundError } from '../lib/errors';

/**
 * Counts the rows that use it first, so the sentence can say how many. A reference added between the
 * count and the delete makes PostgreSQL refuse the delete (23503), which plugins/errors turns into
 * the same sentence without the count.
 */
export async function removeUnlessUsed(db: Db, table: PgTable, idColumn: PgColumn, id: number | string): Promise<void> {
  const usages = await usagesOf(db, table, id);
  if (usages.length > 0) throw new ConflictError(inUseMessage(getTableName(table), usages));
  const deleted = await db.delete(table).where(eq(idColumn, id)).returning({ id: idColumn });
  if (deleted.length === 0) throw new NotFoundError();
}
