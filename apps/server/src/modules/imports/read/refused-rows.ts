/**
 * The refused rows given back as a file of the uploaded format (docs/decisions/258): the header
 * plus an 'Error' column, each refused row as it was plus its error — fixed and uploaded again.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { REFUSED_ROWS_ERROR_HEADER, type ImportFormat } from '@cooler-hub/contract/imports';
import { CSV_BOM, csvRows, type CsvCell } from '../../../lib/csv';
import type { ImportCell } from './table';

export interface RefusedRow {
  cells: ImportCell[];
  error: string;
}

/** The sheet of a refused rows' workbook. */
export const REFUSED_ROWS_SHEET = 'Refused rows';
/** Rows written per CSV piece: large enough to be cheap, small enough to stream. */
const CSV_BATCH = 500;

/**
 * The refused rows as a file of the same format: the original header plus a last column
 * REFUSED_ROWS_ERROR_HEADER, each row its cells (padded to the header) then its error — cells
 * beyond the header follow the error, so nothing of the row is lost. CSV through the app's one
 * writer (lib/csv.ts: UTF-8 with CSV_BOM, the file's own separator, formulas neutralised); XLSX by
 * exceljs's streaming writer, one sheet 'Refused rows', every cell text. A Readable to pipe to the reply.
 */
export function refusedRowsFile(format: ImportFormat, header: string[], rows: AsyncIterable<RefusedRow>, csvSeparator = ','): Readable {
  return format === 'xlsx'
    ? refusedRowsXlsx(header, rows)
    : Readable.from(refusedRowsCsv(header, rows, csvSeparator), { objectMode: false });
}

/** The row as written: its cells up to the header's width, the error, then any cells beyond. */
function withError(width: number, row: RefusedRow): ImportCell[] {
  const cells = row.cells.slice(0, width);
  while (cells.length < width) cells.push(null);
  return [...cells, row.error, ...row.cells.slice(width)];
}

async function* refusedRowsCsv(header: string[], rows: AsyncIterable<RefusedRow>, separator: string): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_BOM + csvRows([[...header, REFUSED_ROWS_ERROR_HEADER]], separator));
  let batch: CsvCell[][] = [];
  for await (const row of rows) {
    batch.push(withError(header.length, row));
    if (batch.length >= CSV_BATCH) {
      yield Buffer.from(csvRows(batch, separator));
      batch = [];
    }
  }
  if (batch.length > 0) yield Buffer.from(csvRows(batch, separator));
}

function refusedRowsXlsx(header: string[], rows: AsyncIterable<RefusedRow>): Readable {
  const out = new PassThrough();
  writeXlsx(out, header, rows).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeXlsx(out: PassThrough, header: string[], rows: AsyncIterable<RefusedRow>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(REFUSED_ROWS_SHEET);
  sheet.addRow([...header, REFUSED_ROWS_ERROR_HEADER]).commit();
  for await (const row of rows) {
    sheet.addRow(withError(header.length, row)).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
