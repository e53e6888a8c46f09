/**
 * SQL for receipts, each answered with its supplier, account (and client), cooler (and part number),
 * collection point and scrap reason. Every function takes `db`, which may be a transaction. The
 * list's pages are planned in receipt-pages.repository.ts.
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inKeys } from '../../db/paging';
import { nextVersion, tableVersions } from '../../db/versions';
import {
  clients,
  collectionPoints,
  coolers,
  customerAccounts,
  deliveryLines,
  partNumbers,
  receiptExports,
  receipts,
  scrapReasons,
  suppliers,
} from '../../db/schema';
import { isExclusiveTypeSql } from '../../db/exclusive-types';

export type ReceiptValues = Omit<typeof receipts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** `(select column from table where key = ref)`: one index probe per row of the answer. */
const valueOf = <T>(column: AnyColumn, key: AnyColumn, ref: SQL | AnyColumn) =>
  sql<T>`(select ${column} from ${key.table} where ${key} = ${ref})`;
const clientIdOfAccount = sql`(select ${customerAccounts.clientId} from ${customerAccounts} where ${customerAccounts.id} = ${receipts.customerAccountId})`;
const partNumberIdOfCooler = sql`(select ${coolers.partNumberId} from ${coolers} where ${coolers.id} = ${receipts.inventoryItemId})`;

/** isExported: the receipt has left in an end-of-day CSV (its own table, docs/decisions/273). */
export const isExported = sql<boolean>`exists(select 1 from ${receiptExports} where ${receiptExports.receiptId} = ${receipts.id})`;

// ── delivery notes (docs/decisions/150) ──────────────────────────────────────────────
/**
 * A receipt's Delivery columns come from the transfer or scrap note holding its LB number: at most
 * one (the partial unique index on delivery_lines(receipt_id)), found through that same index.
 */
export const noteLine = (column: 'delivery_id' | 'delivery_type' | '1') =>
  sql`(select ${sql.raw(column === '1' ? '1' : `dl.${column}`)} from ${deliveryLines} dl
    where dl.receipt_id = ${sql.raw('"receipts"."id"')} and ${isExclusiveTypeSql('dl.delivery_type')})`;
const noteIdOfReceipt = noteLine('delivery_id');

/**
 * Every name a receipt shows is a scalar subquery by primary key rather than a join: PostgreSQL
 * plans each on its own in well under a millisecond, where the 8-table join cost 10–60 ms of
 * planning on every call, more than running it (docs/decisions/274). The references are NOT NULL
 * foreign keys (or nullable ones shown as null), so the answers are those of the inner joins.
 */
export const receiptFields = {
  id: receipts.id,
  lbNumber: receipts.lbNumber,
  receiptDate: receipts.receiptDate,
  supplier: { id: receipts.supplierId, name: valueOf<string>(suppliers.name, suppliers.id, receipts.supplierId) },
  account: {
    id: receipts.customerAccountId,
    name: valueOf<string>(customerAccounts.name, customerAccounts.id, receipts.customerAccountId),
  },
  customer: valueOf<string>(clients.name, clients.id, clientIdOfAccount),
  // drizzle nests one level: the part number inside the cooler is put together by the service.
  inventoryItem: {
    id: receipts.inventoryItemId,
    serialNumber: valueOf<string>(coolers.serialNumber, coolers.id, receipts.inventoryItemId),
    partNumberId: sql<string>`${partNumberIdOfCooler}`,
    partNumber: valueOf<string>(partNumbers.partNumber, partNumbers.id, partNumberIdOfCooler),
    // As text, the way the date column answers it ('YYYY-MM-DD'), on either driver.
    dateOfManufacture: sql<string>`(select ${coolers.dateOfManufacture}::text from ${coolers} where ${coolers.id} = ${receipts.inventoryItemId})`,
  },
  collectionPointId: receipts.collectionPointId,
  collectionPointName: valueOf<string | null>(collectionPoints.name, collectionPoints.id, receipts.collectionPointId),
  engineerNo: receipts.engineerNo,
  processOption: receipts.processOption,
  processState: receipts.processState,
  scrapReason: valueOf<number | null>(scrapReasons.code, scrapReasons.id, receipts.scrapReasonId),
  notes: receipts.notes,
  tagFaultComment: receipts.tagFaultComment,
  assetNo: receipts.assetNo,
  isExported,
  deliveryId: sql<number | null>`${noteIdOfReceipt}`,
  deliveryType: sql<'transfer' | 'scrap' | null>`${noteLine('delivery_type')}`,
};

/** Receipts with everything they show. */
const withReferences = (db: Db) => db.select(receiptFields).from(receipts);

export type ReceiptRow = Awaited<ReturnType<typeof withReferences>>[number];

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await withReferences(db).where(eq(receipts.id, id));
  return row;
}

/** The receipt as it is now, locked until the transaction ends (FOR UPDATE OF receipts only). */
export async function lockReceipt(tx: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await withReferences(tx).where(eq(receipts.id, id)).for('update', { of: receipts });
  return row;
}

/** The receipts holding these LB numbers (an import's batch); locked until the transaction ends when `lock`. */
export async function receiptsWithLbNumbers(db: Db, lbNumbers: string[], lock: boolean): Promise<ReceiptRow[]> {
  if (lbNumbers.length === 0) return [];
  const rows = withReferences(db).where(inKeys(receipts.lbNumber, lbNumbers, 'varchar'));
  return lock ? rows.for('update', { of: receipts }) : rows;
}

/** The receipts with these ids, as answered. */
export async function findReceipts(db: Db, ids: string[]): Promise<ReceiptRow[]> {
  return ids.length === 0 ? [] : withReferences(db).where(inKeys(receipts.id, ids, 'uuid'));
}

/**
 * Many new receipts in one statement (an import's batch), one array per column: the statement's text,
 * its parse and its plan stay the same size whatever the rows. A taken id or LB number fails it.
 */
export async function insertReceipts(db: Db, rows: (ReceiptValues & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (value: (r: ReceiptValues & { id: string }) => unknown, type: string) =>
    sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`;
  await db.execute(sql`insert into ${receipts} (id, lb_number, receipt_date, supplier_id, customer_account_id, inventory_item_id,
      collection_point_id, engineer_no, process_option, process_state, scrap_reason_id, notes, tag_fault_comment, asset_no)
    select * from unnest(${column((r) => r.id, 'uuid')}, ${column((r) => r.lbNumber, 'varchar')}, ${column((r) => r.receiptDate.toISOString(), 'timestamptz')},
      ${column((r) => r.supplierId, 'int')}, ${column((r) => r.customerAccountId, 'int')}, ${column((r) => r.inventoryItemId, 'uuid')},
      ${column((r) => r.collectionPointId ?? null, 'int')}, ${column((r) => r.engineerNo ?? null, 'varchar')}, ${column((r) => r.processOption, 'varchar')},
      ${column((r) => r.processState ?? null, 'varchar')}, ${column((r) => r.scrapReasonId ?? null, 'int')}, ${column((r) => r.notes ?? null, 'text')},
      ${column((r) => r.tagFaultComment ?? null, 'text')}, ${column((r) => r.assetNo ?? null, 'varchar')})`);
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
  const rows = await db
    .insert(receipts)
    .values({ id, ...values })
    .onConflictDoNothing()
    .returning({ id: receipts.id });
  return rows.length > 0;
}

export async function updateReceipt(
  db: Db,
  id: string,
  values: Omit<ReceiptValues, 'receiptDate'>,
  by: { username: string },
): Promise<void> {
  await db
    .update(receipts)
    .set({ ...values, ...nextVersion(receipts, by) })
    .where(eq(receipts.id, id));
}

/** The receipt and its exported mark (no foreign key holds them together: docs/decisions/273). */
export async function deleteReceipt(db: Db, id: string): Promise<void> {
  await db.delete(receiptExports).where(eq(receiptExports.receiptId, id));
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

export const versions = tableVersions(receipts);
