/**
 * XLSX through exceljs's streaming reader (docs/decisions/258): the chosen sheet (or the first) row by
 * row, shared strings and styles cached (styles tell a date from a number), never the whole workbook.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_NO_SHEET, IMPORT_UNREADABLE } from '@cooler-hub/contract/imports';
import { cellText, type ImportCell } from './cells';
import { sheetNames } from './sniff';
import { FileRefusal, type ByteSource } from './source';
import { splitHeader, type ImportRow, type TableReader } from './table';

export async function openXlsx(source: ByteSource, sheet?: string): Promise<TableReader> {
  const names = await sheetNames(source, 'xlsx');
  const wanted = sheet ?? names[0];
  if (wanted === undefined || !names.includes(wanted)) throw new FileRefusal(IMPORT_NO_SHEET);
  let bytesRead = 0;
  const input = source.stream();
  const counted = new PassThrough();
  input.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
  input.on('error', (err) => counted.destroy(err));
  input.pipe(counted);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(counted, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const rows = (async function* (): AsyncGenerator<ImportRow> {
    try {
      for await (const worksheet of workbook) {
        if ((worksheet as unknown as { name: string }).name !== wanted) continue;
        for await (const row of worksheet) {
          const cells: ImportCell[] = [];
          // row.values is 1-based and sparse: index 0 is empty.
          const values = row.values as ExcelJS.CellValue[];
          for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
          yield { rowNumber: row.number, cells, bytesRead };
        }
        return;
      }
    } catch (err) {
      if (err instanceof FileRefusal) throw err;
      throw new FileRefusal(IMPORT_UNREADABLE);
    }
  })();
  const close = async () => {
    input.destroy();
    counted.destroy();
    await rows.return(undefined);
  };
  try {
    const { header, rest } = await splitHeader(rows);
    return { header, rows: rest, csv: null, close };
  } catch (err) {
    await close();
    throw err;
  }
}
