/** The file layer of imports (docs/decisions/258): what a file is, its sheets, its rows, its dates, and the refused rows written back. */
import type { ImportFormat } from '@cooler-hub/contract/imports';
import { openCsv } from './csv';
import type { ByteSource } from './source';
import type { TableReader } from './table';
import { openXlsx } from './xlsx';

export type { ImportFormat } from '@cooler-hub/contract/imports';
export type { ImportCell } from './cells';
export { importDay, importMoment } from './dates';
export { refusedRowsFile } from './refused-rows';
export { sheetNames, sniff } from './sniff';
export { FileRefusal, bufferSource, type ByteSource } from './source';
export type { ImportRow, TableReader } from './table';

/** The table of a CSV, or of an XLSX's sheet (the first when none is named). */
export function openTable(source: ByteSource, format: ImportFormat, sheet?: string): Promise<TableReader> {
  return format === 'csv' ? openCsv(source) : openXlsx(source, sheet);
}
