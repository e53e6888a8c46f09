/**
 * The end-of-day sheet (docs/product.md §2.7, §7; docs/decisions/092): a London day of receipts as a list, and as
 * a CSV streamed from one database cursor in batches. The receipts a download contains become
 * exported in the transaction that reads them, which commits only once the last byte has been
 * handed to the client's connection: a download cut short exports nothing.
 */
import { UNKNOWN_REFERENCE, propertyPath, type ListResponse } from '@cooler-hub/contract/common';
import { formatDay, formatLondonDateTime, londonToday } from '@cooler-hub/contract/london-time';
import { END_OF_DAY_COLUMNS, type EndOfDayCsvQuery, type EndOfDayQuery, type EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import type { ProcessOption } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { bumpVersion, deferVersion, INVENTORY } from '../../db/list-counts';
import { CSV_BOM, csvRows, type CsvCell } from '../../lib/csv';
import { ValidationError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import * as repo from './end-of-day.repository';
import type { CsvSheetRow, SheetFilter, SheetRow } from './end-of-day.repository';

/** Rows per database round trip of the CSV: large enough to amortise it, small enough to stay flat in memory. */
export const CSV_BATCH_ROWS = 2000;

export function toSheetRow(row: SheetRow): EndOfDayRow {
  return {
    id: row.id,
    supplierCode: row.supplierCode,
    roNumber: null,
    accountNo: row.accountNo,
    deliveryNoteNo: row.deliveryId === null ? null : String(row.deliveryId),
    receiptDate: row.receiptDate.toISOString(),
    serialNumber: row.serialNumber,
    partNumber: row.partNumber,
    customer: row.customer,
    assetNo: row.assetNo,
    tagNumber: row.lbNumber,
    dateOfManufacture: row.dateOfManufacture,
    processOption: row.processOption as ProcessOption,
    scrapReason: row.scrapReason,
    isExported: row.isExported,
  };
}

/**
 * 'dd/MM/yyyy HH:mm' in London of epoch milliseconds, remembering the last minute formatted: the
 * cursor reads in receipt-date order, so a day's rows share their minute with the row before.
 */
function londonMinutes(): (ms: number) => string {
  let minute = NaN;
  let text = '';
  return (ms) => {
    const at = Math.floor(ms / 60_000);
    if (at !== minute) {
      minute = at;
      text = formatLondonDateTime(new Date(at * 60_000));
    }
    return text;
  };
}

/** The 14 columns of docs/product.md §2.7, as the sheet shows them. */
function csvRow(row: CsvSheetRow, receiptDate: (ms: number) => string): CsvCell[] {
  return [
    row.supplierCode,
    null,
    row.accountNo,
    row.deliveryId,
    receiptDate(row.receiptMs),
    row.serialNumber,
    row.partNumber,
    row.customer,
    row.assetNo,
    row.lbNumber,
    formatDay(row.dateOfManufacture),
    row.processOption,
    row.scrapReason,
    row.isExported ? 'Yes' : 'No',
  ];
}

/** Where the CSV goes: each write waits for the client to take it; `end` says whether all of it left. */
export interface CsvSink {
  /** Rejects once the client has gone. */
  write(chunk: string): Promise<void>;
  /** Resolves true when the whole body was handed to the connection, false when the client left first. */
  end(): Promise<boolean>;
}

/** The download did not reach the client: its transaction is rolled back, nothing is marked exported. */
export class DownloadAbortedError extends Error {
  override name = 'DownloadAbortedError';
}

/**
 * The days of the sheet: today in London without a date; one day, or a range; an open end is the
 * other end's day, or today for a missing end after a start (docs/decisions/206).
 */
const filterOf = (query: Pick<EndOfDayCsvQuery, 'receiptDate' | 'isExported'>): SheetFilter => {
  const { after, before } = query.receiptDate ?? {};
  const today = londonToday();
  return { from: after ?? before ?? today, to: before ?? (after && after > today ? after : today), isExported: query.isExported };
};

export class EndOfDayService {
  constructor(private readonly db: Db) {}

  /** The sheet on screen; reading it changes nothing. */
  async list(query: EndOfDayQuery): Promise<ListResponse<EndOfDayRow>> {
    const { rows, total } = await repo.listSheet(this.db, filterOf(query), query);
    return listResponseOf(query, rows.map(toSheetRow), total);
  }

  /** The file's name: end_of_day_sheet_<day>.csv, or end_of_day_sheet_<first>_<last>.csv for a range. */
  filename(query: EndOfDayCsvQuery): string {
    const { from, to } = filterOf(query);
    return `end_of_day_sheet_${from === to ? from : `${from}_${to}`}.csv`;
  }

  /**
   * Master Data's 'Export selected' (docs/decisions/257): the receipts `ids`, in that order, as the
   * end-of-day CSV writes them — same header, same columns, same writer. It marks nothing exported:
   * the end-of-day sheet stays the export of record, and Exported shows what it has sent. An id
   * that names no receipt is a 400 on `ids[n]`, and no file.
   */
  async exportSelected(ids: readonly string[]): Promise<{ filename: string; csv: string }> {
    const byId = new Map((await repo.csvRowsOf(this.db, ids)).map((row) => [row.id, row]));
    const missing = ids.flatMap((id, i) => (byId.has(id) ? [] : [i]));
    if (missing.length > 0) {
      throw new ValidationError(missing.map((i) => ({ propertyPath: propertyPath(['ids', i]), title: UNKNOWN_REFERENCE, message: UNKNOWN_REFERENCE })));
    }
    const receiptDate = londonMinutes();
    const rows = ids.map((id) => csvRow(byId.get(id)!, receiptDate));
    return { filename: `receipts_${londonToday()}_${ids.length}.csv`, csv: `${CSV_BOM}${csvRows([END_OF_DAY_COLUMNS, ...rows])}` };
  }

  /**
   * Streams the CSV into `sink` and marks its receipts exported, all in one transaction: one cursor
   * over the whole filter (docs/decisions/243), read CSV_BATCH_ROWS rows at a time, each batch
   * written (waiting for the client) before the next is fetched, so memory stays flat however long
   * the day. Commits only when `sink.end()` reports the whole body delivered; otherwise throws
   * DownloadAbortedError and rolls the export back.
   */
  async exportCsv(query: EndOfDayCsvQuery, sink: CsvSink, batchRows = CSV_BATCH_ROWS): Promise<number> {
    const filter = filterOf(query);
    const receiptDate = londonMinutes();
    return this.db.transaction(async (tx) => {
      // The list version changes once, at the end, not from the first batch on (docs/decisions/112).
      await deferVersion(tx);
      // A BOM so spreadsheet programs read the file as UTF-8 (names with accents, '£').
      await sink.write(`${CSV_BOM}${csvRows([END_OF_DAY_COLUMNS])}`);
      await repo.openCsvCursor(tx, filter);
      let total = 0;
      for (;;) {
        const rows = await repo.fetchCsvRows(tx, batchRows);
        if (rows.length === 0) break;
        // The rows are turned into text and ids before anything is awaited: nothing holds them
        // while the client takes the batch, so they die young instead of filling the old heap.
        const text = csvRows(rows.map((row) => csvRow(row, receiptDate)));
        const toMark = rows.filter((r) => !r.isExported).map((r) => r.id);
        const fetched = rows.length;
        await sink.write(text);
        await repo.markExported(tx, toMark);
        total += fetched;
        if (fetched < batchRows) break;
      }
      if (!(await sink.end())) throw new DownloadAbortedError('the client left before the end-of-day CSV was delivered');
      await bumpVersion(tx, INVENTORY);
      return total;
    });
  }
}
