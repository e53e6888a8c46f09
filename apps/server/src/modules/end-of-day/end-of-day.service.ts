/**
 * The end-of-day sheet (docs/product.md §2.7, §7; docs/decisions/273): a London day of receipts as a list, and as
 * a CSV streamed in keyset pages. The receipts a download contains become exported once its last
 * byte has been handed to the client's connection, and only then: a download cut short exports
 * nothing.
 */
import { UNKNOWN_REFERENCE, propertyPath, type ListResponse } from '@cooler-hub/contract/common';
import { formatDay, formatLondonDateTime, londonToday } from '@cooler-hub/contract/london-time';
import { END_OF_DAY_COLUMNS, type EndOfDayCsvQuery, type EndOfDayQuery, type EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import type { Db } from '../../db/client';
import { bumpVersion, deferVersion, INVENTORY } from '../../db/list-counts';
import { CSV_BOM, csvRows, type CsvCell } from '../../lib/csv';
import { ValidationError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import * as repo from './end-of-day.repository';
import type { CsvKey, CsvSheetRow, SheetFilter } from './end-of-day.repository';

/** Rows per database round trip of the CSV: large enough to amortise it, small enough to stay flat in memory. */
export const CSV_BATCH_ROWS = 2000;

/**
 * Rows per piece of text written: a piece stays well under V8's largest young object (128 KB, about
 * 900 rows of plain text, half that with a '£' or an accent), so it dies in the young generation
 * with the scavenge that follows its write, instead of waiting in the large-object space for a full
 * collection (docs/decisions/290).
 */
export const CSV_PIECE_ROWS = 250;

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
  /** Resolves true once every byte written was handed to the connection, false when the client left first. */
  flush(): Promise<boolean>;
  /** Ends the body: the client learns the file is whole. Resolves as `flush` does, for the ending. */
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
    return listResponseOf(query, rows, total);
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
      throw new ValidationError(
        missing.map((i) => ({ propertyPath: propertyPath(['ids', i]), title: UNKNOWN_REFERENCE, message: UNKNOWN_REFERENCE })),
      );
    }
    const receiptDate = londonMinutes();
    const rows = ids.map((id) => csvRow(byId.get(id)!, receiptDate));
    return { filename: `receipts_${londonToday()}_${ids.length}.csv`, csv: `${CSV_BOM}${csvRows([END_OF_DAY_COLUMNS, ...rows])}` };
  }

  /**
   * Streams the CSV into `sink`, then marks its receipts exported (docs/decisions/273). The rows are
   * read a page of `batchRows` at a time, each page its own short statement, and written in pieces of
   * `pieceRows` (waiting for the client) before the next is read: memory stays flat however long the range, and nothing of
   * the database is held while the client takes its time. The ids to mark are kept, one string per
   * page, and written in one short transaction once `sink.flush()` reports every row handed to the
   * connection; otherwise DownloadAbortedError, and nothing is marked. The body ends after the mark
   * committed, so a client that has the whole file finds its receipts exported at once.
   */
  async exportCsv(query: EndOfDayCsvQuery, sink: CsvSink, batchRows = CSV_BATCH_ROWS, pieceRows = CSV_PIECE_ROWS): Promise<number> {
    const filter = filterOf(query);
    const receiptDate = londonMinutes();
    const toMark: string[] = [];
    // A BOM so spreadsheet programs read the file as UTF-8 (names with accents, '£').
    await sink.write(`${CSV_BOM}${csvRows([END_OF_DAY_COLUMNS])}`);
    let after: CsvKey | undefined;
    let total = 0;
    for (;;) {
      const rows = await repo.csvPage(this.db, filter, after, batchRows);
      if (rows.length === 0) break;
      // The rows are turned into text, ids and the next page's key before anything is awaited:
      // nothing holds them while the client takes the batch, so they die young instead of filling
      // the old heap (docs/decisions/273).
      const pieces: string[] = [];
      for (let i = 0; i < rows.length; i += pieceRows) {
        pieces.push(csvRows(rows.slice(i, i + pieceRows).map((row) => csvRow(row, receiptDate))));
      }
      const ids = rows.filter((r) => !r.isExported).map((r) => r.id);
      if (ids.length > 0) toMark.push(ids.join(','));
      const last = rows[rows.length - 1]!;
      after = { receiptUs: last.receiptUs, id: last.id };
      const fetched = rows.length;
      for (const piece of pieces) await sink.write(piece);
      total += fetched;
      if (fetched < batchRows) break;
    }
    if (!(await sink.flush())) throw new DownloadAbortedError('the client left before the end-of-day CSV was delivered');
    await this.db.transaction(async (tx) => {
      // The list version changes once, at the end, not with every page's marks (docs/decisions/274).
      await deferVersion(tx);
      // One statement for the whole download, so its ids are inserted in one order (docs/decisions/288).
      await repo.markJoinedExported(tx, toMark.join(','));
      await bumpVersion(tx, INVENTORY);
    });
    await sink.end();
    return total;
  }
}
