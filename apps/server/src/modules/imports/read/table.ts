/** A table read from a file: its header, then its rows as a stream (docs/decisions/258). */
import { IMPORT_NO_HEADER } from '@cooler-hub/contract/imports';
import type { ImportCell } from './cells';
import { FileRefusal } from './source';

export interface ImportRow {
  /** The row's number as a spreadsheet shows it: the header's row is 1 when it is the first. */
  rowNumber: number;
  /** The cells by column, trimmed, empty ones null; a row may be shorter than the header. */
  cells: ImportCell[];
  /** Bytes of the file read so far (for the progress bar). */
  bytesRead: number;
}

export interface TableReader {
  /** The header row's cells, trimmed, trailing empty ones dropped. */
  header: string[];
  /** The rows after the header; wholly empty rows are skipped. */
  rows: AsyncIterable<ImportRow>;
  /** A CSV's separator and encoding; null for XLSX. */
  csv: { separator: ';' | ',' | '\t'; encoding: string } | null;
  /** Stops reading (for a caller that leaves early). */
  close(): Promise<void>;
}

export const isEmptyRow = (cells: ImportCell[]) => cells.every((c) => c === null);

/**
 * The header (the first row that is not empty) and an iterator over the rest. `rows` must be a
 * single-use iterator of the file's rows: reading goes on from where the header was found.
 */
export async function splitHeader(rows: AsyncIterator<ImportRow>): Promise<{ header: string[]; rest: AsyncIterable<ImportRow> }> {
  for (;;) {
    const next = await rows.next();
    if (next.done) throw new FileRefusal(IMPORT_NO_HEADER);
    if (isEmptyRow(next.value.cells)) continue;
    const header = next.value.cells.map((c) => c ?? '');
    while (header.length > 0 && header[header.length - 1] === '') header.pop();
    const rest = {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const row = await rows.next();
          if (row.done) return;
          if (!isEmptyRow(row.value.cells)) yield row.value;
        }
      },
    };
    return { header, rest };
  }
}
