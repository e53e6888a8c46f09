/**
 * LB tags (docs/decisions/217): the labels of one or several receipts, and a 'LB tag printed' entry
 * in each receipt's history, written in the transaction that read what the label prints — a tag
 * is never generated without its entry, nor an entry kept for a tag that could not be read.
 * Reading the tags in order and writing the entry are this module's, and a printer's job
 * (modules/printers, docs/decisions/283) calls the same two.
 */
import { UNKNOWN_REFERENCE, propertyPath } from '@cooler-hub/contract/common';
import { lbTagFileName, lbTagPreset, lbTagsFileName, type LbTagPresetId } from '@cooler-hub/contract/lb-tags';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { recordTextEach, type Actor, type Tx } from '../revision-entries/revisions';
import { lbTagsPdf } from './lb-tags.pdf';
import * as repo from './lb-tags.repository';
import type { LbTagRow } from './lb-tags.repository';

export const LB_TAG_PRINTED = 'LB tag printed';

/**
 * The tags of `ids` in that order, each receipt share-locked until `tx` ends; a 400 on
 * `<field>[n]` for each id that names no receipt (`refuse` may say otherwise).
 */
export async function tagsInOrder(
  tx: Tx,
  ids: readonly string[],
  refuse: (missing: number[]) => Error = (missing) => unknownReceipts('ids', missing),
): Promise<LbTagRow[]> {
  const byId = new Map((await repo.lockedTagsOf(tx, ids)).map((t) => [t.id, t]));
  const missing = ids.flatMap((id, i) => (byId.has(id) ? [] : [i]));
  if (missing.length > 0) throw refuse(missing);
  return ids.map((id) => byId.get(id)!);
}

/** 400: the items of `field` at these places name no receipt. */
export function unknownReceipts(field: string, missing: number[]): ValidationError {
  return new ValidationError(
    missing.map((i) => ({ propertyPath: propertyPath([field, i]), title: UNKNOWN_REFERENCE, message: UNKNOWN_REFERENCE })),
  );
}

/**
 * Each tag's 'LB tag printed' history entry — the LB number and the label preset, then `more`
 * lines (the printer a job went to) — in one statement, in the caller's transaction.
 */
export function recordTagsPrinted(
  tx: Tx,
  actor: Actor,
  tags: readonly LbTagRow[],
  presetLabel: string,
  more: string[] = [],
): Promise<void> {
  return recordTextEach(
    tx,
    actor,
    tags.map((tag) => ({
      subject: { kind: 'Receipt', ref: tag.id },
      messages: [LB_TAG_PRINTED, `LB number: ${tag.lbNumber}`, `Label: ${presetLabel}`, ...more],
    })),
  );
}

/** A PDF of tags and the file name content-disposition gives it; the PDF streams as it is drawn. */
export interface LbTagsFile {
  filename: string;
  pdf: PDFKit.PDFDocument;
}

export class LbTagsService {
  constructor(private readonly db: Db) {}

  /** One receipt's tag; 404 when there is no such receipt. */
  async printOne(actor: Actor, id: string, preset: LbTagPresetId): Promise<LbTagsFile> {
    const [tag] = await this.print(actor, [id], preset, () => new NotFoundError());
    return { filename: lbTagFileName(tag!.lbNumber), pdf: lbTagsPdf([tag!], lbTagPreset(preset)) };
  }

  /** The tags of `ids` in that order; a 400 on `ids[n]` for each that names no receipt, and nothing written. */
  async printMany(actor: Actor, ids: readonly string[], preset: LbTagPresetId): Promise<LbTagsFile> {
    const tags = await this.print(actor, ids, preset, (missing) => unknownReceipts('ids', missing));
    return { filename: lbTagsFileName(tags.length), pdf: lbTagsPdf(tags, lbTagPreset(preset)) };
  }

  private print(actor: Actor, ids: readonly string[], preset: LbTagPresetId, refuse: (missing: number[]) => Error): Promise<LbTagRow[]> {
    const label = lbTagPreset(preset).label;
    return this.db.transaction(async (tx) => {
      const tags = await tagsInOrder(tx, ids, refuse);
      await recordTagsPrinted(tx, actor, tags, label);
      return tags;
    });
  }
}
