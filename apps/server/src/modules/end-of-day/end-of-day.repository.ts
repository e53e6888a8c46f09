/** SQL for the end-of-day sheet (docs/product.md §2.7): one London day (or a range of days) of receipts, oldest first. */
import { and, asc, sql, type SQL } from 'drizzle-orm';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import type { Db } from '../../db/client';
import { INVENTORY, rememberedCount } from '../../db/list-counts';
import type { PageQuery } from '../../db/paging';
import { offsetOf } from '../../lib/list';
import { clients, coolers, customerAccounts, partNumbers, receiptExports, receipts, scrapReasons, suppliers } from '../../db/schema';
import { isExported, receiptDayRange, receiptFields } from '../receipts/receipts.repository';
import { rowsOf } from '../../db/rows';

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

/** The order of the sheet and of its CSV: receipt date, then id (index receipts_receipt_date_idx). */
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

/**
 * A row of the CSV as the cursor answers it. Every value has the same JavaScript type on both
 * drivers: the receipt date as epoch milliseconds, the date of manufacture as 'YYYY-MM-DD' text.
 */
export interface CsvSheetRow {
  id: string;
  supplierCode: string;
  accountNo: string;
  deliveryId: number | null;
  receiptMs: number;
  serialNumber: string;
  partNumber: string;
  customer: string;
  assetNo: string | null;
  lbNumber: string;
  dateOfManufacture: string;
  processOption: string;
  scrapReason: number | null;
  isExported: boolean;
}

/** The cursor of one download; it lives until its transaction ends (docs/decisions/243). */
const CSV_CURSOR = sql.raw('end_of_day_csv');

/**
 * Opens the CSV's one cursor over the whole filter, oldest first, in transaction `tx`: one query
 * planned once, read `fetchCsvRows` at a time (docs/decisions/243). The names are joined: over a
 * whole day a join costs less than ten subqueries per row. The planner is told the whole result
 * will be read (by default it plans a cursor for its first 10 %).
 */
export async function openCsvCursor(tx: Db, filter: SheetFilter): Promise<void> {
  await tx.execute(sql`select set_config('cursor_tuple_fraction', '1', true)`);
  await tx.execute(sql`declare ${CSV_CURSOR} no scroll cursor for
    ${csvSelect(whereOf(filter) ?? sql`true`)}
    order by ${receipts.receiptDate}, ${receipts.id}`);
}

/** The CSV's columns with their names joined, for the rows `where` picks: the cursor's and the selection's one query. */
function csvSelect(where: SQL): SQL {
  return sql`
    select ${receipts.id} as "id", ${suppliers.name} as "supplierCode", ${customerAccounts.name} as "accountNo",
           ${receiptFields.deliveryId} as "deliveryId", (extract(epoch from ${receipts.receiptDate}) * 1000)::float8 as "receiptMs",
           ${coolers.serialNumber} as "serialNumber", ${partNumbers.partNumber} as "partNumber", ${clients.name} as "customer",
           ${receipts.assetNo} as "assetNo", ${receipts.lbNumber} as "lbNumber",
           ${coolers.dateOfManufacture}::text as "dateOfManufacture", ${receipts.processOption}::text as "processOption",
           ${scrapReasons.code} as "scrapReason", ${isExported} as "isExported"
    from ${receipts}
    join ${suppliers} on ${suppliers.id} = ${receipts.supplierId}
    join ${customerAccounts} on ${customerAccounts.id} = ${receipts.customerAccountId}
    join ${clients} on ${clients.id} = ${customerAccounts.clientId}
    join ${coolers} on ${coolers.id} = ${receipts.inventoryItemId}
    join ${partNumbers} on ${partNumbers.id} = ${coolers.partNumberId}
    left join ${scrapReasons} on ${scrapReasons.id} = ${receipts.scrapReasonId}
    where ${where}`;
}

/**
 * The CSV rows of the receipts `ids` (Master Data's selection, docs/decisions/257), in no
 * particular order; an id that names no receipt has no row.
 */
export async function csvRowsOf(db: Db, ids: readonly string[]): Promise<CsvSheetRow[]> {
  const result = await db.execute(csvSelect(sql`${receipts.id} = any(${sql.param([...ids])}::uuid[])`));
  return rowsOf(result);
}

/** The cursor's next `limit` rows (fewer at the end, none past it). */
export async function fetchCsvRows(tx: Db, limit: number): Promise<CsvSheetRow[]> {
  return rowsOf(await tx.execute(sql`fetch forward ${sql.raw(String(Math.trunc(limit)))} from ${CSV_CURSOR}`));
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
