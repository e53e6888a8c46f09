/** SQL for delivery lines: a line with its LB number and cooler. Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { DeliveryLineListQuery } from '@cooler-hub/contract/delivery-lines';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import type { Db } from '../../db/client';
import { INVENTORY } from '../../db/list-counts';
import { aliased, equalsFilter, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { idsForPlan, inOrderOf, nameStatement, NIL_UUID, selectNamedRows, type NamedStatement } from '../../db/rows';
import { coolers, deliveryLines, partNumbers, receipts } from '../../db/schema';

/**
 * A line with its LB number and cooler, one column each, as the driver reads them
 * (docs/decisions/259, 287); the date as text, the way the date column answers it on either driver.
 */
export interface DeliveryLineRow {
  id: number;
  deliveryId: number;
  deliveryType: DeliveryType;
  lbNumber: string;
  receiptId: string;
  coolerId: string;
  serialNumber: string;
  dateOfManufacture: string;
  partNumberId: string;
  partNumber: string;
}

const lineColumns = aliased({
  id: deliveryLines.id,
  deliveryId: deliveryLines.deliveryId,
  deliveryType: deliveryLines.deliveryType,
  lbNumber: receipts.lbNumber,
  receiptId: deliveryLines.receiptId,
  coolerId: coolers.id,
  serialNumber: coolers.serialNumber,
  dateOfManufacture: sql`${coolers.dateOfManufacture}::text`,
  partNumberId: partNumbers.id,
  partNumber: partNumbers.partNumber,
});

/** A line query with the receipt its exact LB number names (NO_RECEIPT when none does). */
type LineQuery = DeliveryLineListQuery & { receiptId?: string | undefined };
const NO_RECEIPT = NIL_UUID;

/**
 * The ids of a page of lines, in the order they were added (or newest first with order[id]=desc),
 * from the (delivery_id, id) index alone; the total is remembered under the inventory version, which
 * every change of a line moves (docs/decisions/112, 285).
 */
const listedIds: ListDefinition<LineQuery, { id: number }, number> = {
  name: 'delivery_lines',
  list: INVENTORY,
  columns: aliased({ id: deliveryLines.id }),
  from: sql`${deliveryLines}`,
  countFrom: sql`${deliveryLines}`,
  filters: {
    deliveryId: equalsFilter(deliveryLines.deliveryId, 'deliveryId', (query: LineQuery) => query.deliveryId),
    receiptId: equalsFilter(deliveryLines.receiptId, 'receiptId', (query: LineQuery) => query.receiptId),
  },
  sorts: { id: { by: deliveryLines.id, unique: true } },
  sortOf: sortOfOrder('id'),
  tieBreak: deliveryLines.id,
  item: (row) => row.id,
};

/** Only the page's lines are joined to their receipt and cooler, by a statement prepared once. */
let byIds: NamedStatement | undefined;

export async function listDeliveryLines(db: Db, query: DeliveryLineListQuery): Promise<{ rows: DeliveryLineRow[]; total: number }> {
  const receiptId = query.lbNumber ? ((await receiptIdOf(db, query.lbNumber)) ?? NO_RECEIPT) : undefined;
  const page = await listPage(db, listedIds, { ...query, receiptId });
  if (page.rows.length === 0) return { rows: [], total: page.total };
  byIds ??= nameStatement(
    db,
    sql`select ${lineColumns} from ${deliveryLines}
      join ${receipts} on ${receipts.id} = ${deliveryLines.receiptId}
      join ${coolers} on ${coolers.id} = ${receipts.inventoryItemId}
      join ${partNumbers} on ${partNumbers.id} = ${coolers.partNumberId}
      where ${deliveryLines.id} = any(${sql.placeholder('ids')}::int[])`,
  );
  return {
    rows: inOrderOf(page.rows, await selectNamedRows<DeliveryLineRow>(db, byIds, { ids: idsForPlan(page.rows, 0) })),
    total: page.total,
  };
}

/** The receipt holding exactly `lbNumber`. */
async function receiptIdOf(db: Db, lbNumber: string): Promise<string | undefined> {
  const [receipt] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.lbNumber, lbNumber));
  return receipt?.id;
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
