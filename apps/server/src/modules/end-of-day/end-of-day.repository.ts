/** SQL for the end-of-day sheet (spec 2.7): one London day of receipts, oldest first. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { INVENTORY, rememberedCount } from '../../db/list-counts';
import type { PageQuery } from '../../db/paging';
import { offsetOf } from '../../lib/list';
import { clients, coolers, customerAccounts, partNumbers, receipts, scrapReasons, suppliers } from '../../db/schema';
import { receiptDayRange } from '../receipts/receipts.repository';

const sheetFields = {
  id: receipts.id,
  supplierCode: suppliers.name,
  accountNo: customerAccounts.name,
  receiptDate: receipts.receiptDate,
  serialNumber: coolers.serialNumber,
  partNumber: partNumbers.partNumber,
  customer: clients.name,
  assetNo: receipts.assetNo,
  lbNumber: receipts.lbNumber,
  dateOfManufacture: coolers.dateOfManufacture,
  processOption: receipts.processOption,
  scrapReason: scrapReasons.code,
  isExported: receipts.isExported,
};

const sheet = (db: Db) =>
  db
    .select(sheetFields)
    .from(receipts)
    .innerJoin(suppliers, eq(suppliers.id, receipts.supplierId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId))
    .innerJoin(clients, eq(clients.id, customerAccounts.clientId))
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId))
    .leftJoin(scrapReasons, eq(scrapReasons.id, receipts.scrapReasonId));

export type SheetRow = Awaited<ReturnType<typeof sheet>>[number];

export interface SheetFilter {
  /** YYYY-MM-DD, a London day. */
  day: string;
  isExported?: boolean | undefined;
}

function whereOf(filter: SheetFilter): SQL | undefined {
  return and(
    ...receiptDayRange(filter.day, filter.day),
    filter.isExported === undefined ? undefined : eq(receipts.isExported, filter.isExported),
  );
}

/** The order of the sheet and of its keyset: receipt date, then id (index receipts_receipt_date_idx). */
const SHEET_ORDER = [asc(receipts.receiptDate), asc(receipts.id)];

export async function listSheet(db: Db, filter: SheetFilter, page: PageQuery): Promise<{ rows: SheetRow[]; total: number }> {
  const where = whereOf(filter);
  const offset = offsetOf(page);
  const rows = await sheet(db).where(where).orderBy(...SHEET_ORDER).limit(page.perPage).offset(offset);
  // A first page that is not full is the whole answer; otherwise the total is remembered until
  // receipts or coolers change (docs/decisions/112).
  const total = offset === 0 && rows.length < page.perPage ? rows.length : await rememberedCount(db, INVENTORY, receipts, where);
  return { rows, total };
}

export interface SheetCursor {
  receiptDate: Date;
  id: string;
}

/** The next `limit` rows after `cursor` (keyset: no OFFSET, so every batch costs the same). */
export function sheetBatch(db: Db, filter: SheetFilter, cursor: SheetCursor | undefined, limit: number): Promise<SheetRow[]> {
  const after = cursor ? sql`(${receipts.receiptDate}, ${receipts.id}) > (${cursor.receiptDate.toISOString()}::timestamptz, ${cursor.id}::uuid)` : undefined;
  return sheet(db)
    .where(and(whereOf(filter), after))
    .orderBy(...SHEET_ORDER)
    .limit(limit);
}

export async function markExported(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(receipts).set({ isExported: true }).where(and(inArray(receipts.id, ids), eq(receipts.isExported, false)));
}
