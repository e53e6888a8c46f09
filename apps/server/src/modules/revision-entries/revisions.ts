/**
 * The one way any module records history (docs/architecture.md §5). A service that writes
 * takes the acting user first, opens one transaction, reads the row it changes under a lock
 * (SELECT … FOR UPDATE), writes it, and calls these with that same transaction — the parameter
 * type only accepts a transaction, so an entry cannot be committed apart from its change, nor
 * survive a change that failed.
 */
import type { RevisionEntryKind, RevisionValue } from '@cooler-hub/contract/revisions';
import type { Db } from '../../db/client';
import {
  insertDeliveryNoteText,
  insertReceiptLeftCooler,
  insertRevisionEntries,
  insertRevisionEntry,
  secondsSinceDeliveryNoteText,
} from './revision-entries.repository';

/** The transaction handed to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who made the change (the signed-in user of the request satisfies it). */
export interface Actor {
  id: number;
  username: string;
  /** Where the request came from besides its user: 'via token {name}' for an API token's (docs/decisions/279). */
  source?: string;
}

/** Which entity the entry is about. */
export interface Subject {
  kind: RevisionEntryKind;
  ref: string;
}

/** What a person reads of an entity: API field → value (texts rather than ids of references). */
export type Snapshot = Record<string, RevisionValue>;

const creatorOf = (actor: Actor) => ({ creatorId: actor.id, creatorUsername: actor.username, source: actor.source ?? null });

/** A create or a delete, told in sentences. */
export async function recordText(tx: Tx, actor: Actor, subject: Subject, messages: string[]): Promise<void> {
  await insertRevisionEntry(tx, {
    entryKind: subject.kind,
    entryRef: subject.ref,
    diffType: 'Text',
    textOnlyMessage: messages,
    ...creatorOf(actor),
  });
}

/**
 * One Text entry for each of many subjects, in one statement: an action on a batch (LB tags printed,
 * an import's creates). `source`: where each change came from besides its user (an import's row).
 */
export async function recordTextEach(
  tx: Tx,
  actor: Actor,
  entries: { subject: Subject; messages: string[]; source?: string }[],
): Promise<void> {
  await insertRevisionEntries(
    tx,
    entries.map(({ subject, messages, source }) => ({
      entryKind: subject.kind,
      entryRef: subject.ref,
      diffType: 'Text' as const,
      textOnlyMessage: messages,
      ...creatorOf(actor),
      source: source ?? actor.source ?? null,
    })),
  );
}

/** The fields whose value differs, as field → [old, new], in the order of `after`. */
export function changesBetween(before: Snapshot, after: Snapshot): Record<string, [RevisionValue, RevisionValue]> {
  const changes: Record<string, [RevisionValue, RevisionValue]> = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before[field] ?? null;
    if (old !== value) changes[field] = [old, value];
  }
  return changes;
}

/** Updates of many subjects in one statement, each as `recordChanges` writes it (an import's batch). */
export async function recordChangesEach(
  tx: Tx,
  actor: Actor,
  entries: { subject: Subject; before: Snapshot; after: Snapshot; source?: string }[],
): Promise<void> {
  const changed = entries
    .map((e) => ({ ...e, changes: changesBetween(e.before, e.after) }))
    .filter((e) => Object.keys(e.changes).length > 0);
  await insertRevisionEntries(
    tx,
    changed.map(({ subject, changes, source }) => ({
      entryKind: subject.kind,
      entryRef: subject.ref,
      diffType: 'OldNew' as const,
      oldNewMessage: changes,
      ...creatorOf(actor),
      source: source ?? actor.source ?? null,
    })),
  );
}

/** An update: one OldNew entry with only the changed fields; nothing when nothing changed. */
export async function recordChanges(tx: Tx, actor: Actor, subject: Subject, before: Snapshot, after: Snapshot): Promise<void> {
  const changes = changesBetween(before, after);
  if (Object.keys(changes).length === 0) return;
  await insertRevisionEntry(tx, {
    entryKind: subject.kind,
    entryRef: subject.ref,
    diffType: 'OldNew',
    oldNewMessage: changes,
    ...creatorOf(actor),
  });
}

/**
 * A receipt deleted: the cooler it was of keeps it as one of its receipts (docs/decisions/256). Not a
 * history entry of its own (its kind is none of the API's), only what lets the cooler's timeline find
 * that receipt's history by the cooler's id once the receipts table no longer can.
 */
export async function recordReceiptLeftCooler(
  tx: Tx,
  actor: Actor,
  link: { coolerId: string; receiptId: string; lbNumber: string },
): Promise<void> {
  await insertReceiptLeftCooler(tx, { ...link, ...creatorOf(actor) });
}

/** Something done with a delivery note, told in sentences (docs/decisions/262: sent again by e-mail). */
export async function recordDeliveryNoteText(tx: Tx, actor: Actor, noteId: number, messages: string[]): Promise<void> {
  await insertDeliveryNoteText(tx, { noteId, messages, ...creatorOf(actor) });
}

/** Seconds since the note's newest entry that starts with `first`; null when it has none. */
export function secondsSinceDeliveryNoteEntry(tx: Tx, noteId: number, first: string): Promise<number | null> {
  return secondsSinceDeliveryNoteText(tx, noteId, first);
}
