/**
 * History of changes (docs/product.md §2.9, §3, §7; docs/architecture.md §5): revision entries of receipts and coolers, listed
 * by `GET /api/revision_entries?entryKind=…&entryRef=…&page=`, newest first. An entry outlives the
 * row it describes and the user who made it.
 */
import { z } from 'zod';
import { listQuery, listResponse, requiredString } from './common';

/** What an entry is about ("document kinds" of docs/product.md §3); later modules add theirs here. */
export const REVISION_ENTRY_KINDS = ['Receipt', 'Cooler'] as const;
export const revisionEntryKind = z.enum(REVISION_ENTRY_KINDS);
export type RevisionEntryKind = z.infer<typeof revisionEntryKind>;

/** Text for a create or a delete (sentences), OldNew for an update (field → [old, new]). */
export const DIFF_TYPES = ['Text', 'OldNew'] as const;
export const diffType = z.enum(DIFF_TYPES);
export type DiffType = z.infer<typeof diffType>;

/** A field's value as history keeps it: what a person reads (a part number's text, not its id). */
export const revisionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type RevisionValue = z.infer<typeof revisionValue>;

export const revisionEntry = z.object({
  id: z.number().int(),
  entryKind: revisionEntryKind,
  /** The id of the receipt or cooler, kept as text: the row may be gone. */
  entryRef: z.string(),
  /** ISO 8601 UTC — the screens' 'Created'. */
  createdAt: z.iso.datetime(),
  /** The screens' 'User': the name is kept, so it reads the same after the user is deleted (id null then). */
  creator: z.object({ id: z.number().int().nullable(), username: z.string() }),
  /** Where the change came from besides its user: an import's '<file name>, row <n>'; null for the screens' own changes. */
  source: z.string().nullable(),
  diffType,
  /** The screens' 'Changes' of a Text entry; empty for OldNew. */
  textOnlyMessage: z.array(z.string()),
  /** The screens' 'Changes' of an OldNew entry, by API field name; empty for Text. */
  oldNewMessage: z.record(z.string(), z.tuple([revisionValue, revisionValue])),
});
export type RevisionEntry = z.infer<typeof revisionEntry>;

/** Both filters are required (empty reads 'Required Field'): a history is always one receipt's or one cooler's. */
export const revisionEntryListQuery = listQuery(['createdAt'], {
  entryKind: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(REVISION_ENTRY_KINDS, {
      error: (i) => (i.input === undefined ? undefined : `Choose one of ${REVISION_ENTRY_KINDS.join(', ')}.`),
    }),
  ),
  entryRef: requiredString(64),
});
export type RevisionEntryListQuery = z.infer<typeof revisionEntryListQuery>;
export const revisionEntryList = listResponse(revisionEntry);
