/** Opening an uploaded file as a table, whatever its format (docs/decisions/258). */
import type { ImportFormat } from '@cooler-hub/contract/imports';
import type { ByteSource } from './byte-source';
import { openCsv } from './csv-table';
import type { UnpackLimits } from './sniff';
import type { TableReader } from './table';
import { openXlsx } from './xlsx-table';

/**
 * Opens the table: XLSX `sheet` (by name) or the first; FileRefusal(IMPORT_NO_SHEET) for an unknown
 * sheet, FileRefusal(IMPORT_NO_HEADER) when no row has a non-empty cell, FileRefusal(IMPORT_UNREADABLE)
 * for a corrupt file, FileRefusal(IMPORT_ZIP_BOMB) once a workbook inflates past `limits` — a library's
 * error never escapes for bad input, reading the rows included.
 */
export async function openTable(source: ByteSource, format: ImportFormat, sheet?: string, limits?: UnpackLimits): Promise<TableReader> {
  return format === 'xlsx' ? openXlsx(source, sheet, limits) : openCsv(source);
}
