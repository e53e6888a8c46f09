/**
 * SQL for receipts, each answered with its supplier, account (and client), cooler (and part number),
 * collection point and scrap reason. Every function takes `db`, which may be a transaction.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortDirection } from '@cooler-hub/contract/common';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import type { ReceiptListQuery, ReceiptSortField } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { containsText, findPage } from '../../db/paging';
import { clients, collectionPoints, coolers, customerAccounts, partNumbers, receipts, scrapReasons, suppliers } from '../../db/schema';

export type ReceiptValues = Omit<typeof receipts.$inferInsert, 'id' | 'isExported' | 'createdAt' | 'updatedAt'>;

const receiptFields = {
  id: receipts.id,
  lbNumber: receipts.lbNumber,
  receiptDate: receipts.receiptDate,
  supplier: { id: suppliers.id, name: suppliers.name },
  account: { id: customerAccounts.id, name: customerAccounts.name },
  customer: clients.name,
  // drizzle nests one level: the part number inside the cooler is put together by the service.
  inventoryItem: {
    id: coolers.id,
    serialNumber: coolers.serialNumber,
    partNumberId: partNumbers.id,
    partNumber: partNumbers.partNumber,
    dateOfManufacture: coolers.dateOfManufacture,
  },
  collectionPointId: receipts.collectionPointId,
  collectionPointName: collectionPoints.name,
  engineerNo: receipts.engineerNo,
  processOption: receipts.processOption,
  processState: receipts.processState,
  scrapReason: scrapReasons.code,
  notes: receipts.notes,
  tagFaultComment: receipts.tagFaultComment,
  assetNo: receipts.assetNo,
  isExported: receipts.isExported,
};

/** Receipts with everything they show; filters and sorts may name any joined table. */
const withReferences = (db: Db) =>
  db
    .select(receiptFields)
    .from(receipts)
    .innerJoin(suppliers, eq(suppliers.id, receipts.supplierId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId))
    .innerJoin(clients, eq(clients.id, customerAccounts.clientId))
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId))
    .leftJoin(collectionPoints, eq(collectionPoints.id, receipts.collectionPointId))
    .leftJoin(scrapReasons, eq(scrapReasons.id, receipts.scrapReasonId));

export type ReceiptRow = Awaited<ReturnType<typeof withReferences>>[number];

const SORT_COLUMNS: Record<ReceiptSortField, SQL | AnyColumn> = {
  receiptDate: receipts.receiptDate,
  lbNumber: sql`${receipts.lbNumber}`,
  supplierCode: sql`lower(${suppliers.name})`,
  accountNo: sql`lower(${customerAccounts.name})`,
  // TODO(issue 9, delivery notes): the note's number and id; until notes exist every receipt has none.
  deliveryNoteNo: receipts.receiptDate,
  deliveryId: receipts.receiptDate,
  serialNumber: sql`lower(${coolers.serialNumber})`,
  partNumber: sql`lower(${partNumbers.partNumber})`,
  customer: sql`lower(${clients.name})`,
  collectionPoint: sql`lower(${collectionPoints.name})`,
  engineerNo: sql`lower(${receipts.engineerNo})`,
  dateOfManufacture: coolers.dateOfManufacture,
  processOption: sql`${receipts.processOption}`,
  processState: sql`${receipts.processState}`,
  scrapReason: sql`${scrapReasons.code}`,
  isExported: sql`${receipts.isExported}`,
};

/** ORDER BY the chosen column, then id in the same direction; by default the newest receipt first. */
function orderOf(order: Partial<Record<ReceiptSortField, SortDirection>> | undefined): SQL[] {
  const [field, direction] = (Object.entries(order ?? {})[0] ?? ['receiptDate', 'desc']) as [ReceiptSortField, SortDirection];
  const by = direction === 'desc' ? desc : asc;
  // LB numbers are unique: their own index orders every row (docs/decisions/024).
  return field === 'lbNumber' ? [by(receipts.lbNumber)] : [by(SORT_COLUMNS[field]), by(receipts.id)];
}

/** Receipts of London's days `after` … `before`, both included (DESIGN.md §4). */
export function receiptDayRange(after: string | undefined, before: string | undefined): SQL[] {
  const range: SQL[] = [];
  if (after) range.push(gte(receipts.receiptDate, londonDayStart(after)));
  if (before) range.push(lt(receipts.receiptDate, londonDayStart(nextDay(before))));
  return range;
}

/**
 * The filters of spec 2.8 on `receipts` alone: a condition on the cooler becomes "its cooler is one
 * of these", so the page and its count are the same rows whatever the joins (issue 8 item 10).
 */
function whereOf(query: ReceiptListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.customerId !== undefined) filters.push(eq(receipts.customerAccountId, query.customerId));
  if (query.inventoryItemId) filters.push(eq(receipts.inventoryItemId, query.inventoryItemId));
  if (query.partNumber) {
    filters.push(inArray(receipts.inventoryItemId, sql`(select ${coolers.id} from ${coolers} where ${coolers.partNumberId} = ${query.partNumber})`));
  }
  if (query.serialNumber) {
    filters.push(
      inArray(receipts.inventoryItemId, sql`(select ${coolers.id} from ${coolers} where ${containsText(coolers.serialNumber, query.serialNumber)})`),
    );
  }
  if (query.lbNumber) filters.push(containsText(receipts.lbNumber, query.lbNumber));
  if (query.engineerNo) filters.push(containsText(receipts.engineerNo, query.engineerNo));
  filters.push(...receiptDayRange(query.receiptDate?.after, query.receiptDate?.before));
  if (query.processOption) filters.push(eq(receipts.processOption, query.processOption));
  if (query.processState) filters.push(eq(receipts.processState, query.processState));
  if (query.isExported !== undefined) filters.push(eq(receipts.isExported, query.isExported));
  // TODO(issue 9, delivery notes): a receipt is in a note when a transfer or scrap note holds its LB
  // number. Until notes exist none is: inDeliveryNote=true and any deliveryId match nothing.
  if (query.inDeliveryNote === true || query.deliveryId !== undefined) filters.push(sql`false`);
  return filters.length ? and(...filters) : undefined;
}

export function listReceipts(db: Db, query: ReceiptListQuery) {
  return findPage(db, withReferences(db).$dynamic(), receipts, whereOf(query), orderOf(query.order), query);
}

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await withReferences(db).where(eq(receipts.id, id));
  return row;
}

/** The receipt as it is now, locked until the transaction ends (FOR UPDATE OF receipts only). */
export async function lockReceipt(tx: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await withReferences(tx).where(eq(receipts.id, id)).for('update', { of: receipts });
  return row;
}

/** The receipt holding `lbNumber`, other than `exceptId`. */
export async function receiptWithLbNumber(db: Db, lbNumber: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.lbNumber, lbNumber), exceptId ? sql`${receipts.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row?.id;
}

/** False when the id — or the LB number — is already taken (see lib/create-once). */
export async function insertReceipt(db: Db, id: string, values: ReceiptValues): Promise<boolean> {
  const rows = await db.insert(receipts).values({ id, ...values }).onConflictDoNothing().returning({ id: receipts.id });
  return rows.length > 0;
}

export async function updateReceipt(db: Db, id: string, values: Omit<ReceiptValues, 'receiptDate'>): Promise<void> {
  await db
    .update(receipts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(receipts.id, id));
}

export async function deleteReceipt(db: Db, id: string): Promise<void> {
  await db.delete(receipts).where(eq(receipts.id, id));
}

// ── references named by a body ──────────────────────────────────────────────────────────────────

export async function supplierExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id))).length > 0;
}

export async function customerAccountExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: customerAccounts.id }).from(customerAccounts).where(eq(customerAccounts.id, id))).length > 0;
}

export async function coolerExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: coolers.id }).from(coolers).where(eq(coolers.id, id))).length > 0;
}

export async function collectionPointExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: collectionPoints.id }).from(collectionPoints).where(eq(collectionPoints.id, id))).length > 0;
}

/** The id of the scrap reason with `code`, the way a receipt body names it. */
export async function scrapReasonIdOf(db: Db, code: number): Promise<number | undefined> {
  const [row] = await db.select({ id: scrapReasons.id }).from(scrapReasons).where(eq(scrapReasons.code, code));
  return row?.id;
}
