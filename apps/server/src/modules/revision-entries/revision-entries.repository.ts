/** SQL for revision entries. Every function takes `db`, which may be a transaction. */
import { sql } from 'drizzle-orm';
import type { RevisionEntry, RevisionEntryListQuery } from '@cooler-hub/contract/revisions';
import type { Db } from '../../db/client';
import { aliased, equalsFilter, isoTime, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { selectRows } from '../../db/rows';
import { revisionEntries } from '../../db/schema';

export type RevisionEntryValues = Omit<typeof revisionEntries.$inferInsert, 'id' | 'createdAt'>;

export async function insertRevisionEntry(db: Db, values: RevisionEntryValues): Promise<void> {
  await db.insert(revisionEntries).values(values);
}

/**
 * Several entries in one statement, their ids in the order given: one array per column, so the
 * statement stays the same size whatever the count (an import writes thousands at a time).
 */
export async function insertRevisionEntries(db: Db, values: RevisionEntryValues[]): Promise<void> {
  if (values.length === 0) return;
  const column = (value: (v: RevisionEntryValues) => unknown, type: string) => sql`${sql.param(values.map(value))}::${sql.raw(type)}[]`;
  await db.execute(sql`insert into ${revisionEntries} (entry_kind, entry_ref, diff_type, text_only_message, old_new_message, creator_id, creator_username, source)
    select kind, ref, diff, array(select jsonb_array_elements_text(texts)), changes, creator, username, source
    from unnest(${column((v) => v.entryKind, 'varchar')}, ${column((v) => v.entryRef, 'varchar')}, ${column((v) => v.diffType, 'varchar')},
      ${column((v) => JSON.stringify(v.textOnlyMessage ?? []), 'jsonb')}, ${column((v) => JSON.stringify(v.oldNewMessage ?? {}), 'jsonb')},
      ${column((v) => v.creatorId ?? null, 'int')}, ${column((v) => v.creatorUsername, 'varchar')}, ${column((v) => v.source ?? null, 'varchar')})
      with ordinality as v(kind, ref, diff, texts, changes, creator, username, source, n)
    order by n`);
}

/**
 * The kind of the entry that keeps a deleted receipt among its cooler's (docs/decisions/256):
 * entry_ref is the cooler's id, text_only_message is [receipt id, LB number]. Read by
 * revision_entries_entry_idx like any subject's history; none of the API's kinds, so no history lists it.
 */
export const RECEIPT_OF_COOLER_KIND = 'ReceiptOfCooler';

export async function insertReceiptLeftCooler(
  db: Db,
  link: { coolerId: string; receiptId: string; lbNumber: string; creatorId: number; creatorUsername: string },
): Promise<void> {
  // Written as SQL: the table's typed kind is the API's (RevisionEntryKind), which this one is not.
  await db.execute(sql`insert into ${revisionEntries} (entry_kind, entry_ref, diff_type, text_only_message, creator_id, creator_username)
    values (${RECEIPT_OF_COOLER_KIND}, ${link.coolerId}, 'Text', array[${link.receiptId}, ${link.lbNumber}]::text[], ${link.creatorId}, ${link.creatorUsername})`);
}

/**
 * The kind of a delivery note's entries (docs/decisions/262): who sent it again by e-mail, and when.
 * None of the API's kinds (the history screens are the receipts' and coolers'), so no list shows them yet.
 */
export const DELIVERY_NOTE_KIND = 'DeliveryNote';

export async function insertDeliveryNoteText(
  db: Db,
  entry: { noteId: number; messages: string[]; creatorId: number; creatorUsername: string },
): Promise<void> {
  // Written as SQL for the same reason as the entry above: the typed kind is the API's.
  await db.execute(sql`insert into ${revisionEntries} (entry_kind, entry_ref, diff_type, text_only_message, creator_id, creator_username)
    values (${DELIVERY_NOTE_KIND}, ${String(entry.noteId)}, 'Text', ${sql.param(entry.messages)}::text[], ${entry.creatorId}, ${entry.creatorUsername})`);
}

/** Seconds since the note's newest entry whose first sentence is `first` (by the database's clock); null when none. */
export async function secondsSinceDeliveryNoteText(db: Db, noteId: number, first: string): Promise<number | null> {
  const [row] = await selectRows<{ seconds: string | number }>(
    db,
    sql`select extract(epoch from now() - created_at) as seconds from ${revisionEntries}
      where entry_kind = ${DELIVERY_NOTE_KIND} and entry_ref = ${String(noteId)} and text_only_message[1] = ${first}
      order by id desc limit 1`,
  );
  return row ? Number(row.seconds) : null;
}

/** An entry's columns, each as `EntryRow` names it: what a list of entries reads (docs/decisions/285). */
export const entryColumns = aliased({
  // A bigserial: read as a number, as the contract answers it.
  id: sql`${revisionEntries.id}::float8`,
  entryKind: revisionEntries.entryKind,
  entryRef: revisionEntries.entryRef,
  createdAt: isoTime(revisionEntries.createdAt),
  creatorId: revisionEntries.creatorId,
  creatorUsername: revisionEntries.creatorUsername,
  source: revisionEntries.source,
  diffType: revisionEntries.diffType,
  textOnlyMessage: revisionEntries.textOnlyMessage,
  oldNewMessage: revisionEntries.oldNewMessage,
});

export interface EntryRow extends Omit<RevisionEntry, 'creator'> {
  creatorId: number | null;
  creatorUsername: string;
}

/** A row of `entryColumns` as the contract's entry, every field named (docs/decisions/259). */
export function entryOfRow(row: EntryRow): RevisionEntry {
  return {
    id: row.id,
    entryKind: row.entryKind,
    entryRef: row.entryRef,
    createdAt: row.createdAt,
    creator: { id: row.creatorId, username: row.creatorUsername },
    source: row.source,
    diffType: row.diffType,
    textOnlyMessage: row.textOnlyMessage,
    oldNewMessage: row.oldNewMessage,
  };
}

/**
 * One entity's history, newest first unless asked otherwise. 'createdAt' sorts by id: ids follow
 * insertion order, while created_at is its transaction's start, so two overlapping changes could
 * tie or read in the wrong order. Every change writes entries, so the total has no list version:
 * it is counted when a page needs it (one entity's entries, by revision_entries_entry_idx).
 */
const listed: ListDefinition<RevisionEntryListQuery, EntryRow, RevisionEntry> = {
  name: 'revision_entries',
  columns: entryColumns,
  from: sql`${revisionEntries}`,
  countFrom: sql`${revisionEntries}`,
  filters: {
    entryKind: equalsFilter(revisionEntries.entryKind, 'entryKind', (query: RevisionEntryListQuery) => query.entryKind),
    entryRef: equalsFilter(revisionEntries.entryRef, 'entryRef', (query: RevisionEntryListQuery) => query.entryRef),
  },
  sorts: { createdAt: { by: revisionEntries.id, unique: true } },
  sortOf: sortOfOrder('createdAt', 'desc'),
  tieBreak: revisionEntries.id,
  item: entryOfRow,
};

export function listRevisionEntries(db: Db, query: RevisionEntryListQuery) {
  return listPage(db, listed, query);
}
