/** SQL for the end-of-day sheet (docs/product.md §2.7): one London day (or a range of days) of receipts, oldest first. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import type { Db } from '../../db/client';
import { INVENTORY, rememberedCount } from '../../db/list-counts';
import type { PageQuery } from '../../db/paging';
import { offsetOf } from '../../lib/list';
import { clients, coolers, customerAccounts, partNumbers, receiptExports, receipts, scrapReasons, suppliers } from '../../db/schema';
import { isExported, receiptDayRange, receiptFields } from '../receipts/receipts.repository';

/** The names by primary-key subqueries, as the receipts list reads them: cheap to plan (docs/decisions/110, 114). */
const sheetFields = {
  id: receipts.id,
  supplierCode: receiptFields.supplier.name,
  accountNo: receiptFields.account.name,
  receiptDate: receipts.receiptDate,
  serialNumber: receiptFields.inventoryItem.serialNumber,
  partNumber: receiptFields.inventoryItem.partNumber,
  customer: receiptFields.customer,
  assetNo: receipts.assetNo,
  lbNumber: receipts.lbNumber,
  dateOfManufacture: receiptFields.inventoryItem.dateOfManufacture,
  processOption: receipts.processOption,
  scrapReason: receiptFields.scrapReason,
  isExported,
  /** The transfer or scrap note holding the LB number (its 'Delivery Note No'), as Master Data shows it. */
  deliveryId: receiptFields.deliveryId,
};

const sheet = (db: Db) => db.select(sheetFields).from(receipts);

/**
 * The same columns joined, for the CSV's 2,000-row batches: there a join costs less than ten
 * subqueries per row, and its plan is made once per batch, not per row (docs/decisions/114).
 */
const joinedSheet = (db: Db) =>
  db
    .select({
      ...sheetFields,
      supplierCode: suppliers.name,
      accountNo: customerAccounts.name,
      serialNumber: coolers.serialNumber,
      partNumber: partNumbers.partNumber,
      customer: clients.name,
      dateOfManufacture: coolers.dateOfManufacture,
      scrapReason: scrapReasons.code,
    })
    .from(receipts)
    .innerJoin(suppliers, eq(suppliers.id, receipts.supplierId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId))
    .innerJoin(clients, eq(clients.id, customerAccounts.clientId))
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId))
    .leftJoin(scrapReasons, eq(scrapReasons.id, receipts.scrapReasonId));

export type SheetRow = Awaited<ReturnType<typeof sheet>>[number];

export interface SheetFilter {
  /** YYYY-MM-DD: the first and the last London day, both included (the same for one day). */
  from: string;
  to: string;
  isExported?: boolean | undefined;
}

function whereOf(filter: SheetFilter): SQL | undefined {
  return and(
    ...receiptDayRange(filter.from, filter.to),
    filter.isExported === undefined ? undefined : filter.isExported ? isExported : sql`not ${isExported}`,
  );
}

/** The order of the sheet and of its keyset: receipt date, then id (index receipts_receipt_date_idx). */
const SHEET_ORDER = [asc(receipts.receiptDate), asc(receipts.id)];

/** The filter as the prepared statements' parameters: the days' bounds and isExported or null. */
const dayParams = (filter: SheetFilter) => ({
  from: londonDayStart(filter.from).toISOString(),
  to: londonDayStart(nextDay(filter.to)).toISOString(),
  isExported: filter.isExported ?? null,
});

/** `whereOf` with placeholders: one statement text for every day and filter. */
const preparedWhere = () =>
  and(
    sql`${receipts.receiptDate} >= ${sql.placeholder('from')}::timestamptz`,
    sql`${receipts.receiptDate} < ${sql.placeholder('to')}::timestamptz`,
    sql`(${sql.placeholder('isExported')}::boolean is null or ${isExported} = ${sql.placeholder('isExported')}::boolean)`,
  );

/** A page of the sheet, prepared by name: the 6-table join is planned once per connection (docs/decisions/114). */
const pageStatements = new WeakMap<Db, ReturnType<typeof preparePage>>();
const preparePage = (db: Db) =>
  sheet(db)
    .where(preparedWhere())
    .orderBy(...SHEET_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('end_of_day_sheet_page');

export async function listSheet(db: Db, filter: SheetFilter, page: PageQuery): Promise<{ rows: SheetRow[]; total: number }> {
  const where = whereOf(filter);
  const offset = offsetOf(page);
  let statement = pageStatements.get(db);
  if (!statement) pageStatements.set(db, (statement = preparePage(db)));
  const rows = await statement.execute({ ...dayParams(filter), limit: page.perPage, offset });
  // A first page that is not full is the whole answer; otherwise the total is remembered until
  // receipts or coolers change (docs/decisions/112).
  const total = offset === 0 && rows.length < page.perPage ? rows.length : await rememberedCount(db, INVENTORY, receipts, where);
  return { rows, total };
}

export interface SheetCursor {
  receiptDate: Date;
  id: string;
}

/**
 * A batch of the CSV: one statement text for every batch of every day, prepared by name, so
 * PostgreSQL plans the 6-table join once per connection rather than once per batch of a download
 * (docs/decisions/114). The first batch starts after (the day's start − 1 ms, any id).
 */
const batchStatements = new WeakMap<Db, ReturnType<typeof prepareBatch>>();
const prepareBatch = (db: Db) =>
  joinedSheet(db)
    .where(and(preparedWhere(), sql`(${receipts.receiptDate}, ${receipts.id}) > (${sql.placeholder('afterDate')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`))
    .orderBy(...SHEET_ORDER)
    .limit(sql.placeholder('limit'))
    .prepare('end_of_day_sheet_batch');

/** The next `limit` rows after `cursor` (keyset: no OFFSET, so every batch costs the same). */
export function sheetBatch(db: Db, filter: SheetFilter, cursor: SheetCursor | undefined, limit: number): Promise<SheetRow[]> {
  let statement = batchStatements.get(db);
  if (!statement) batchStatements.set(db, (statement = prepareBatch(db)));
  return statement.execute({
    ...dayParams(filter),
    afterDate: (cursor?.receiptDate ?? new Date(londonDayStart(filter.from).getTime() - 1)).toISOString(),
    afterId: cursor?.id ?? '00000000-0000-0000-0000-000000000000',
    limit,
  });
}

/**
 * One statement for a whole batch, its ids as one array parameter: rows into the narrow
 * receipt_exports, not new versions of wide receipts rows (docs/decisions/115).
 */
export async function markExported(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`insert into ${receiptExports} (${sql.identifier(receiptExports.receiptId.name)}) select unnest(${sql.param(ids)}::uuid[]) on conflict do nothing`,
  );
}
