/** What a table reader hands the import (docs/decisions/258), whatever the file's format. */

/** Every cell as the text a person sees, trimmed; empty → null. */
export type ImportCell = string | null;

export interface ImportRow {
  /** The row's number as a spreadsheet shows it: the header is row 1 (XLSX: the sheet's own row number; CSV: the record's line counting the header as 1, records not physical lines). */
  rowNumber: number;
  cells: ImportCell[];
  /** Bytes of the file consumed so far (for a progress bar; XLSX: the file's size × the share of the sheet's packed bytes read). */
  bytesRead: number;
}

export interface TableReader {
  /** Trimmed header cells (BOM stripped); trailing empty header cells dropped. */
  header: string[];
  /** Data rows after the header; wholly empty rows skipped; trailing empty cells dropped, so rows may be shorter than the header. */
  rows: AsyncIterable<ImportRow>;
  /** CSV: the detected separator (',' ';' '\t') and encoding ('utf-8' | 'windows-1252' | 'utf-16le'); XLSX: null. */
  csv: { separator: string; encoding: string } | null;
  /** Stop reading early (the streams are destroyed). */
  close(): Promise<void>;
}

/** A cell as imported: trimmed, null when nothing is left. */
export function importCell(text: string | null | undefined): ImportCell {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The row without its trailing empty cells (the cells kept as they are). */
export function withoutTrailingEmpty(cells: ImportCell[]): ImportCell[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === null) end--;
  if (end < cells.length) cells.length = end;
  return cells;
}

/** No cell holds anything. */
export function isEmptyRow(cells: readonly ImportCell[]): boolean {
  return cells.every((c) => c === null);
}

/** The header as kept: cells as text ('' for an empty one), the BOM gone, trailing empty cells dropped. */
export function headerOf(cells: readonly ImportCell[]): string[] {
  const header = cells.map((c) => (c ?? '').replace(/^\uFEFF/, '').trim());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  return header;
}
