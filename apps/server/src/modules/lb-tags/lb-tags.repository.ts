/** SQL for LB tags: what a receipt's label prints. Every function takes `db`, which may be a transaction. */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coolers, partNumbers, receipts } from '../../db/schema';
import type { LbTag } from './lb-tags.layout';

export interface LbTagRow extends LbTag {
  id: string;
}

/**
 * The labels of these receipts (any order; the missing ones left out), each receipt share-locked
 * until the transaction ends: the tag printed is the receipt as its history entry says, not one an
 * edit or a delete is changing at that moment.
 */
export function lockedTagsOf(tx: Db, ids: readonly string[]): Promise<LbTagRow[]> {
  return tx
    .select({ id: receipts.id, lbNumber: receipts.lbNumber, serialNumber: coolers.serialNumber, partNumber: partNumbers.partNumber })
    .from(receipts)
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId))
    .where(inArray(receipts.id, [...ids]))
    .for('share', { of: receipts });
}
