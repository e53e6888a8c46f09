/** SQL for delivery lines: a line with its LB number and cooler. Every function takes `db`, which may be a transaction. */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { DeliveryLineListQuery } from '@cooler-hub/contract/deliveries';
import type { Db } from '../../db/client';
import { findPage } from '../../db/paging';
import { coolers, deliveryLines, partNumbers, receipts } from '../../db/schema';

const lineFields = {
  id: deliveryLines.id,
  deliveryId: deliveryLines.deliveryId,
  deliveryType: deliveryLines.deliveryType,
  lbNumber: receipts.lbNumber,
  receiptId: deliveryLines.receiptId,
  coolerId: coolers.id,
  serialNumber: coolers.serialNumber,
  dateOfManufacture: coolers.dateOfManufacture,
  partNumberId: partNumbers.id,
  partNumber: partNumbers.partNumber,
};

const withCooler = (db: Db) =>
  db
    .select(lineFields)
    .from(deliveryLines)
    .innerJoin(receipts, eq(receipts.id, deliveryLines.receiptId))
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId));

export type DeliveryLineRow = Awaited<ReturnType<typeof withCooler>>[number];

/** The receipt of an exact LB number, as a filter on lines (no receipt: nothing matches). */
async function whereOf(db: Db, query: DeliveryLineListQuery): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  if (query.deliveryId !== undefined) filters.push(eq(deliveryLines.deliveryId, query.deliveryId));
  if (query.lbNumber) {
    const [receipt] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.lbNumber, query.lbNumber));
    filters.push(receipt ? eq(deliveryLines.receiptId, receipt.id) : eq(deliveryLines.id, -1));
  }
  return filters.length ? and(...filters) : undefined;
}

/** In the order the lines were added (or newest first with order[id]=desc). */
export async function listDeliveryLines(db: Db, query: DeliveryLineListQuery) {
  const orderBy = [query.order?.id === 'desc' ? desc(deliveryLines.id) : asc(deliveryLines.id)];
  return findPage(db, withCooler(db).$dynamic(), deliveryLines, await whereOf(db, query), orderBy, query);
}

export async function findLine(db: Db, id: number): Promise<{ id: number; deliveryId: number } | undefined> {
  const [row] = await db.select({ id: deliveryLines.id, deliveryId: deliveryLines.deliveryId }).from(deliveryLines).where(eq(deliveryLines.id, id));
  return row;
}

export async function deleteLine(tx: Db, id: number): Promise<void> {
  await tx.delete(deliveryLines).where(eq(deliveryLines.id, id));
}
