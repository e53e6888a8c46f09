/** SQL for the end-of-day sheet (docs/product.md §2.7): one London day (or a range of days) of receipts, oldest first. */
import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import type { ProcessOption } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { INVENTORY } from '../../db/list-counts';
import { aliased, isoTime, listPage, type ListDefinition } from '../../db/list-statements';
import type { PageQuery } from '../../db/paging';
import { clients, coolers, customerAccounts, partNumbers, receiptExports, receipts, scrapReasons, suppliers } from '../../db/schema';
import { isExported, receiptFields } from '../receipts/receipts.repository';
import { nameStatement, NIL_UUID, rowsOf, selectNamedRows, type NamedStatement } from '../../db/rows';

/**
 * The sheet on screen as a declared list (docs/decisions/285, 290): its page, its list version and
 * its remembered total in one prepared statement; the names by primary-key subqueries, as the
 * receipts list reads them; each row mapped into the contract's by `item`.
 */
const sheetList: ListDefinition<SheetQuery, ListedSheetRow, EndOfDayRow> = {
  name: 'end_of_day_sheet',
  list: INVENTORY,
  columns: aliased({
    id: receipts.id,
    supplierCode: receiptFields.supplier.name,
    accountNo: receiptFields.account.name,
    receiptDate: isoTime(receipts.receiptDate),
    serialNumber: receiptFields.inventoryItem.serialNumber,
    partNumber: receiptFields.inventoryItem.partNumber,
    customer: receiptFields.customer,
    assetNo: receipts.assetNo,
    lbNumber: receipts.lbNumber,
    dateOfManufacture: receiptFields.inventoryItem.dateOfManufacture,
    processOption: receipts.processOption,
    scrapReason: receiptFields.scrapReason,
    isExported,
    // The transfer or scrap note holding the LB number (its 'Delivery Note No'), as Master Data shows it.
    deliveryId: receiptFields.deliveryId,
  }),
  from: sql`${receipts}`,
  countFrom: sql`${receipts}`,
  filters: {
    from: { condition: sql`${receipts.receiptDate} >= ${sql.placeholder('from')}::timestamptz`, value: (query) => dayStart(query.from) },
    to: { condition: sql`${receipts.receiptDate} < ${sql.placeholder('to')}::timestamptz`, value: (query) => dayStart(nextDay(query.to)) },
    isExported: { condition: sql`${isExported} = ${sql.placeholder('isExported')}::boolean`, value: (query) => query.isExported },
  },
  // One order, the CSV's: receipt date, then id (index receipts_receipt_date_idx).
  sorts: { receiptDate: { by: receipts.receiptDate } },
  sortOf: () => ['receiptDate', 'asc'],
  tieBreak: receipts.id,
  item: (row) => ({
    id: row.id,
    supplierCode: row.supplierCode,
    roNumber: null,
    accountNo: row.accountNo,
    deliveryNoteNo: row.deliveryId === null ? null : String(row.deliveryId),
    receiptDate: row.receiptDate,
    serialNumber: row.serialNumber,
    partNumber: row.partNumber,
    customer: row.customer,
    assetNo: row.assetNo,
    tagNumber: row.lbNumber,
    dateOfManufacture: row.dateOfManufacture,
    processOption: row.processOption as ProcessOption,
    scrapReason: row.scrapReason,
    isExported: row.isExported,
  }),
};

/** A row of the sheet's page as its statement answers it: the CSV's, its receipt date as ISO text. */
type ListedSheetRow = Omit<CsvSheetRow, 'receiptMs'> & { receiptDate: string };

/** The sheet's query as its list reads it: a page of the London days `from` … `to` (SheetFilter). */
type SheetQuery = PageQuery & SheetFilter;

/** The first instant of a London day, as the statements' timestamptz parameter. */
const dayStart = (day: string) => londonDayStart(day).toISOString();

export interface SheetFilter {
  /** YYYY-MM-DD: the first and the last London day, both included (the same for one day). */
  from: string;
  to: string;
  isExported?: boolean | undefined;
}

/** The filter as the prepared statements' parameters: the days' bounds and isExported or null. */
const dayParams = (filter: SheetFilter) => ({
  from: dayStart(filter.from),
  to: dayStart(nextDay(filter.to)),
  isExported: filter.isExported ?? null,
});

/** `whereOf` with placeholders: one statement text for every day and filter. */
const preparedWhere = () =>
  and(
    sql`${receipts.receiptDate} >= ${sql.placeholder('from')}::timestamptz`,
    sql`${receipts.receiptDate} < ${sql.placeholder('to')}::timestamptz`,
    sql`(${sql.placeholder('isExported')}::boolean is null or ${isExported} = ${sql.placeholder('isExported')}::boolean)`,
  );

/** A page of the sheet and the number of its receipts. */
export function listSheet(db: Db, filter: SheetFilter, page: PageQuery): Promise<{ rows: EndOfDayRow[]; total: number }> {
  return listPage(db, sheetList, { ...filter, page: page.page, perPage: page.perPage });
}

/**
 * A row of the CSV as its statement answers it. Every value has the same JavaScript type on both
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

/** A row of a CSV page: the CSV's columns and the page's key, the receipt date to the microsecond. */
export interface CsvPageRow extends CsvSheetRow {
  /** Microseconds since the epoch, as text (exact, where a JavaScript number of them may not be). */
  receiptUs: string;
}

/** Where the next page of the CSV starts: after this receipt (date to the microsecond, then id). */
export interface CsvKey {
  receiptUs: string;
  id: string;
}

/** The receipt date of a key, exactly: the epoch plus its microseconds. */
const keyDate = (us: Placeholder) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

/** The pages' one statement, built at its first use. */
let pageStatement: NamedStatement | undefined;

/**
 * The next page of the CSV, oldest first: one short statement on its own, holding no transaction
 * between pages (docs/decisions/273). Keyset, so every page costs the same; prepared by name, so
 * the join is planned once per connection.
 */
export async function csvPage(db: Db, filter: SheetFilter, after: CsvKey | undefined, limit: number): Promise<CsvPageRow[]> {
  pageStatement ??= nameStatement(
    db,
    sql`${csvSelect(sql`${preparedWhere()} and (${receipts.receiptDate}, ${receipts.id}) > (${keyDate(sql.placeholder('afterUs'))}, ${sql.placeholder('afterId')}::uuid)`, sql`, (extract(epoch from ${receipts.receiptDate}) * 1000000)::bigint::text as "receiptUs"`)}
      order by ${receipts.receiptDate}, ${receipts.id} limit ${sql.placeholder('limit')}`,
  );
  // The first page starts just before the first day: any receipt at its first microsecond is in it.
  const start = after ?? { receiptUs: String(londonDayStart(filter.from).getTime() * 1000 - 1), id: NIL_UUID };
  return selectNamedRows(db, pageStatement, { ...dayParams(filter), afterUs: start.receiptUs, afterId: start.id, limit });
}

/** The CSV's columns with their names joined, for the rows `where` picks: the pages' and the selection's one query. */
function csvSelect(where: SQL, extra: SQL = sql``): SQL {
  return sql`
    select ${receipts.id} as "id", ${suppliers.name} as "supplierCode", ${customerAccounts.name} as "accountNo",
           ${receiptFields.deliveryId} as "deliveryId", (extract(epoch from ${receipts.receiptDate}) * 1000)::float8 as "receiptMs",
           ${coolers.serialNumber} as "serialNumber", ${partNumbers.partNumber} as "partNumber", ${clients.name} as "customer",
           ${receipts.assetNo} as "assetNo", ${receipts.lbNumber} as "lbNumber",
           ${coolers.dateOfManufacture}::text as "dateOfManufacture", ${receipts.processOption}::text as "processOption",
           ${scrapReasons.code} as "scrapReason", ${isExported} as "isExported"${extra}
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

/**
 * One statement for a whole batch, its ids as one parameter: rows into the narrow receipt_exports,
 * not new versions of wide receipts rows (docs/decisions/273).
 */
export async function markExported(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await markJoinedExported(db, ids.join(','));
}

/**
 * `markExported` of ids joined by commas: one flat string per batch is what a download keeps of
 * the receipts it will mark once delivered, not thousands of small strings (docs/decisions/273).
 * Inserted in id order: the keys reach the primary key's index in its order, each leaf page written
 * once for its run of ids rather than once per id (100,000 marks: 0.52 against 0.73 s, docs/decisions/288).
 * Each mark takes its receipt's date as the statement reads it (docs/decisions/292); an id no receipt
 * has any more is not marked.
 */
export async function markJoinedExported(db: Db, joinedIds: string): Promise<void> {
  if (joinedIds === '') return;
  const columns = sql.join([sql.identifier(receiptExports.receiptId.name), sql.identifier(receiptExports.receiptDate.name)], sql`, `);
  await db.execute(
    sql`insert into ${receiptExports} (${columns}) select ${receipts.id}, ${receipts.receiptDate} from ${receipts}
      where ${receipts.id} = any(string_to_array(${joinedIds}, ',')::uuid[]) order by ${receipts.id} on conflict do nothing`,
  );
}
