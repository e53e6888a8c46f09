/** SQL for revision entries. Every function takes `db`, which may be a transaction. */
import { and, eq } from 'drizzle-orm';
import type { RevisionEntryListQuery } from '@cooler-hub/contract/revisions';
import type { Db } from '../../db/client';
import { findPage, ordering } from '../../db/paging';
import { revisionEntries } from '../../db/schema';

export type RevisionEntryRow = typeof revisionEntries.$inferSelect;
export type RevisionEntryValues = Omit<typeof revisionEntries.$inferInsert, 'id' | 'createdAt'>;

export async function insertRevisionEntry(db: Db, values: RevisionEntryValues): Promise<void> {
  await db.insert(revisionEntries).values(values);
}

/** Several entries in one statement (their ids in the order given). */
export async function insertRevisionEntries(db: Db, values: RevisionEntryValues[]): Promise<void> {
  if (values.length > 0) await db.insert(revisionEntries).values(values);
}

/**
 * One entity's history, newest first unless asked otherwise. 'createdAt' sorts by id: ids follow
 * insertion order, while created_at is its transaction's start, so two overlapping changes could
 * tie or read in the wrong order.
 */
export function listRevisionEntries(db: Db, query: RevisionEntryListQuery) {
  const where = and(eq(revisionEntries.entryKind, query.entryKind), eq(revisionEntries.entryRef, query.entryRef));
  const direction = query.order?.createdAt ?? 'desc';
  return findPage(db, db.select().from(revisionEntries).$dynamic(), revisionEntries, where, ordering([[revisionEntries.id, direction]]), query);
}
