/**
 * The refused rows given back in their file's format (docs/decisions/258): the header and an 'Error'
 * column, each row its own cells and its problems — CSV through the app's one CSV writer (with a BOM
 * and the file's separator), XLSX through exceljs's streaming writer.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { REFUSED_ROWS_ERROR_HEADER, type ImportFormat } from '@cooler-hub/contract/imports';
import { CSV_BOM, csvRows, type CsvSeparator } from '../../../lib/csv';
import type { ImportCell } from './cells';

export interface RefusedRow {
  cells: ImportCell[];
  error: string;
}

/** Cells padded to the header's width, so the Error column lines up. */
const line = (width: number, row: RefusedRow) => [...Array.from({ length: width }, (_, i) => row.cells[i] ?? null), row.error];

export function refusedRowsFile(format: ImportFormat, header: string[], rows: AsyncIterable<RefusedRow>, separator: CsvSeparator = ','): Readable {
  const width = header.length;
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield `${CSV_BOM}${csvRows([[...header, REFUSED_ROWS_ERROR_HEADER]], separator)}`;
        for await (const row of rows) yield csvRows([line(width, row)], separator);
      })(),
    );
  }
  const out = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Refused rows');
    sheet.addRow([...header, REFUSED_ROWS_ERROR_HEADER]).commit();
    for await (const row of rows) sheet.addRow(line(width, row)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
