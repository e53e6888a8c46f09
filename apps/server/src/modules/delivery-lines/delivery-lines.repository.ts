/** SQL for delivery lines: a line with its LB number and cooler. Every function takes `db`, which may be a transaction. */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DeliveryLineListQuery } from '@cooler-hub/contract/delivery-lines';
import type { Db } from '../../db/client';
import { findPage, ordering } from '../../db/paging';
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

/**
 * In the order the lines were added (or newest first with order[id]=desc). The page's ids come from
 * the (delivery_id, id) index alone; only those lines are joined to their receipt and cooler.
 */
export async function listDeliveryLines(db: Db, query: DeliveryLineListQuery): Promise<{ rows: DeliveryLineRow[]; total: number }> {
  const orderBy = ordering([[deliveryLines.id, query.order?.id ?? 'asc']]);
  const ids = db.select({ id: deliveryLines.id }).from(deliveryLines).$dynamic();
  const page = await findPage(db, ids, deliveryLines, await whereOf(db, query), orderBy, query);
  const wanted = page.rows.map((r) => r.id);
  if (wanted.length === 0) return { rows: [], total: page.total };
  const rows = await withCooler(db).where(inArray(deliveryLines.id, wanted));
  const position = new Map(wanted.map((id, i) => [id, i]));
  return { rows: rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!), total: page.total };
}

export async function findLine(db: Db, id: number): Promise<{ id: number; deliveryId: number } | undefined> {
  const [row] = await db
    .select({ id: deliveryLines.id, deliveryId: deliveryLines.deliveryId })
    .from(deliveryLines)
    .where(eq(deliveryLines.id, id));
  return row;
}

export async function deleteLine(tx: Db, id: number): Promise<void> {
  await tx.delete(deliveryLines).where(eq(deliveryLines.id, id));
}
