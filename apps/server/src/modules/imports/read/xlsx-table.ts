/**
 * An XLSX sheet read as a table (docs/decisions/258) by exceljs's streaming reader: the file is
 * unpacked as it streams, shared strings are cached, cells are never held beyond their row.
 */
import { PassThrough, pipeline, type Readable } from 'node:stream';
import ExcelJS, { type Row } from 'exceljs';
import { IMPORT_NO_HEADER, IMPORT_NO_SHEET, IMPORT_UNREADABLE } from '@cooler-hub/contract/imports';
import type { ByteSource } from './byte-source';
import { cellText } from './cell-text';
import { FileRefusal } from './file-refusal';
import { workbookSheets } from './sniff';
import { headerOf, importCell, isEmptyRow, withoutTrailingEmpty, type ImportCell, type ImportRow, type TableReader } from './table';

/** The part of exceljs's WorkbookReader this reads: its worksheets, and the entry each comes from. */
interface SheetStream {
  on(event: 'entry', listener: (entry: { type: string; id?: string }) => void): void;
  [Symbol.asyncIterator](): AsyncGenerator<AsyncIterable<Row>>;
}

/**
 * Counts the compressed bytes handed to the reader, and tells of an error of the stream it is piped
 * to: exceljs's unzipper reports a broken entry (bad deflate data) there, while the reader waits on
 * the entry for ever.
 */
class CountingStream extends PassThrough {
  bytesRead = 0;
  onDestinationError: (error: Error) => void = () => undefined;

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    destination.on('error', (error: Error) => this.onDestinationError(error));
    return super.pipe(destination, options);
  }
  override _transform(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.bytesRead += chunk.length;
    done(null, chunk);
  }
}

/**
 * Opens sheet `sheet` (by name) or the first in workbook order: IMPORT_NO_SHEET for an unknown
 * name, IMPORT_NO_HEADER when the sheet has no non-empty row, IMPORT_UNREADABLE for a broken file.
 * Row numbers are the sheet's own.
 */
export async function openXlsx(source: ByteSource, sheet?: string): Promise<TableReader> {
  const sheets = await workbookSheets(source);
  const chosen = sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet);
  if (chosen === undefined) throw new FileRefusal(sheet === undefined ? IMPORT_NO_HEADER : IMPORT_NO_SHEET);
  const wanted = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(chosen.path ?? '')?.[1];
  if (wanted === undefined) throw new FileRefusal(IMPORT_UNREADABLE);

  const reading = startReading(source.stream());
  try {
    const rows = sheetRows(await reading.findSheet(wanted), reading);
    const first = await firstNonEmpty(rows);
    if (first === undefined) throw new FileRefusal(IMPORT_NO_HEADER);
    return { header: headerOf(first.cells), rows: afterHeader(rows, reading), csv: null, close: reading.close };
  } catch (error) {
    await reading.close();
    throw error;
  }
}

interface Reading {
  counter: CountingStream;
  findSheet(sheetNo: string): Promise<AsyncIterable<Row>>;
  /** A step of the reader, a library error or a failed input turned into the file's refusal. */
  step<T>(promise: Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function startReading(input: Readable): Reading {
  const counter = new CountingStream();
  // The reader is not told when its input fails (exceljs pipes without forwarding errors): the
  // failure rejects the step waiting on it. Steps run one at a time, so one slot is enough — and
  // no promise outlives its step (a race against one long-lived promise would keep every row).
  let inputError: Error | undefined;
  let rejectStep: ((error: Error) => void) | undefined;
  const fail = (error: Error): void => {
    inputError ??= error;
    rejectStep?.(error);
  };
  counter.onDestinationError = fail;
  pipeline(input, counter, (error) => {
    if (error) fail(error);
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(counter, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  }) as unknown as SheetStream;
  let entrySheet: string | undefined;
  reader.on('entry', (entry) => {
    if (entry.type === 'worksheet') entrySheet = entry.id;
  });
  const worksheets = reader[Symbol.asyncIterator]();
  let closed = false;

  const step = <T>(promise: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const refuse = (error: unknown) => reject(error instanceof FileRefusal ? error : new FileRefusal(IMPORT_UNREADABLE));
      if (inputError) return refuse(inputError);
      rejectStep = refuse;
      promise.then(resolve, refuse).finally(() => (rejectStep = undefined));
    });
  const findSheet = async (sheetNo: string): Promise<AsyncIterable<Row>> => {
    for (;;) {
      const next = await step(worksheets.next());
      if (next.done) throw new FileRefusal(IMPORT_UNREADABLE);
      if (entrySheet === sheetNo) return next.value;
    }
  };
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    input.destroy();
    counter.destroy();
    await Promise.race([worksheets.return(undefined).catch(() => undefined), new Promise((resolve) => setImmediate(resolve))]);
  };
  return { counter, findSheet, step, close };
}

/** The sheet's rows as import rows (numbered as the sheet numbers them), empty ones included. */
async function* sheetRows(worksheet: AsyncIterable<Row>, reading: Reading): AsyncGenerator<ImportRow> {
  const rows = worksheet[Symbol.asyncIterator]();
  let previous = 0;
  for (;;) {
    const next = await reading.step(rows.next());
    if (next.done) return;
    const row = next.value;
    previous = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
    yield { rowNumber: previous, cells: rowCells(row), bytesRead: reading.counter.bytesRead };
  }
}

function rowCells(row: Row): ImportCell[] {
  const cells: ImportCell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = importCell(cellText(cell));
  });
  return withoutTrailingEmpty(cells);
}

async function firstNonEmpty(rows: AsyncGenerator<ImportRow>): Promise<ImportRow | undefined> {
  for (let next = await rows.next(); !next.done; next = await rows.next()) if (!isEmptyRow(next.value.cells)) return next.value;
  return undefined;
}

/** The rows after the header, wholly empty ones skipped; the reading ends (closed) with them. */
async function* afterHeader(rows: AsyncGenerator<ImportRow>, reading: Reading): AsyncGenerator<ImportRow> {
  try {
    for (let next = await rows.next(); !next.done; next = await rows.next()) if (!isEmptyRow(next.value.cells)) yield next.value;
  } finally {
    await reading.close();
  }
}
