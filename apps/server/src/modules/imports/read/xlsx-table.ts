/**
 * An XLSX sheet read as a table (docs/decisions/265). The entries are found by the ZIP's
 * central directory and inflated here, every byte counted against the read's budget
 * (`unpackLimit`), and handed to exceljs's parsers one part at a time — the workbook, the shared
 * strings, the styles, then the sheet — whatever order the ZIP holds them in. Shared strings and
 * styles are cached; cells are never held beyond their row. Nothing is written to disk and no file
 * is opened: the read holds nothing once closed.
 */
import { Readable } from 'node:stream';
import ExcelJS, { type Row } from 'exceljs';
import {
  IMPORT_NO_HEADER,
  IMPORT_NO_SHEET,
  IMPORT_TOO_MANY_COLUMNS,
  IMPORT_UNREADABLE,
  MAX_IMPORT_COLUMNS,
} from '@cooler-hub/contract/imports';
import type { ByteSource } from './byte-source';
import { cellText } from './cell-text';
import { FileRefusal } from './file-refusal';
import { UNPACK_LIMITS, unpackLimit, workbookSheets, type UnpackLimits } from './sniff';
import { headerOf, importCell, isEmptyRow, withoutTrailingEmpty, type ImportCell, type ImportRow, type TableReader } from './table';
import { InflateBudget, inflatedEntry, zipEntries, type ZipEntry } from './zip';

const WORKBOOK = 'xl/workbook.xml';
/** Where exceljs, like Excel, keeps a workbook's shared strings and styles. */
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';

/**
 * The parsers of exceljs's WorkbookReader (exceljs is pinned to one version in package.json), each
 * given one part; its own `parse` would unzip the whole stream itself, without a limit, and copy
 * each sheet that comes before the shared strings to a temporary file.
 */
interface PartParsers {
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<{ value: AsyncIterable<Row> }, void>;
}

/** Any error of a step — exceljs's, the XML parser's, the inflater's — is the file's refusal. */
async function step<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof FileRefusal ? error : new FileRefusal(IMPORT_UNREADABLE);
  }
}

/**
 * Opens sheet `sheet` (by name) or the first in workbook order: IMPORT_NO_SHEET for an unknown
 * name, IMPORT_NO_HEADER when the sheet has no non-empty row, IMPORT_UNREADABLE for a broken file,
 * IMPORT_ZIP_BOMB once the bytes inflated pass `unpackLimit`. Row numbers are the sheet's own.
 */
export async function openXlsx(source: ByteSource, sheet?: string, limits: UnpackLimits = UNPACK_LIMITS): Promise<TableReader> {
  const entries = await zipEntries(source);
  const sheets = await workbookSheets(source, entries);
  const chosen = sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet);
  if (chosen === undefined) throw new FileRefusal(sheet === undefined ? IMPORT_NO_HEADER : IMPORT_NO_SHEET);
  const part = (name: string | null): ZipEntry | undefined => entries.find((e) => e.name === name);
  const sheetEntry = part(chosen.path);
  if (sheetEntry === undefined) throw new FileRefusal(IMPORT_UNREADABLE);

  const budget = new InflateBudget(unpackLimit(source.size, limits));
  const parsers = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as PartParsers;
  await readPart(source, part(WORKBOOK), budget, (entry) => parsers._parseWorkbook(entry));
  // With 'cache' the strings are kept by the reader and nothing is yielded: the loop only drives it.
  await readPart(source, part(SHARED_STRINGS), budget, async (entry) => {
    const strings = parsers._parseSharedStrings(entry)[Symbol.asyncIterator]();
    while (!(await strings.next()).done);
  });
  await readPart(source, part(STYLES), budget, (entry) => parsers._parseStyles(entry));

  let packed = 0;
  const data = inflatedEntry(source, sheetEntry, budget, (bytes) => (packed = bytes));
  const emitted = parsers._parseWorksheet(data, /(\d+)\.xml$/.exec(sheetEntry.name)?.[1] ?? '1').next();
  if (emitted.done) throw new FileRefusal(IMPORT_UNREADABLE);
  const rowsOfSheet = emitted.value.value[Symbol.asyncIterator]();
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    // Ends the sheet's parse, which ends the inflater (inflatedEntry's finally).
    await rowsOfSheet.return?.(undefined).catch(() => undefined);
    await data.return(undefined).catch(() => undefined);
  };
  const bytesRead = () => (sheetEntry.compressedSize > 0 ? Math.round((source.size * packed) / sheetEntry.compressedSize) : 0);
  try {
    const rows = sheetRows(rowsOfSheet, bytesRead);
    const first = await firstNonEmpty(rows);
    if (first === undefined) throw new FileRefusal(IMPORT_NO_HEADER);
    return { header: headerOf(first.cells), rows: afterHeader(rows, close), csv: null, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One part (when the workbook has it) inflated under the budget and parsed whole; its stream ended after. */
async function readPart(
  source: ByteSource,
  entry: ZipEntry | undefined,
  budget: InflateBudget,
  parse: (stream: Readable) => Promise<void>,
): Promise<void> {
  if (entry === undefined) return;
  const data = inflatedEntry(source, entry, budget);
  const stream = Readable.from(data, { objectMode: false });
  try {
    await step(() => parse(stream));
  } finally {
    stream.destroy();
    await data.return(undefined).catch(() => undefined);
  }
}

/** The sheet's rows as import rows (numbered as the sheet numbers them), empty ones included. */
async function* sheetRows(rows: AsyncIterator<Row>, bytesRead: () => number): AsyncGenerator<ImportRow> {
  let previous = 0;
  for (;;) {
    const next = await step(() => rows.next());
    if (next.done) return;
    const row = next.value;
    previous = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
    yield { rowNumber: previous, cells: rowCells(row), bytesRead: bytesRead() };
  }
}

/** A row's cells as text; a cell past MAX_IMPORT_COLUMNS refuses the file (docs/decisions/265). */
function rowCells(row: Row): ImportCell[] {
  const cells: ImportCell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (column > MAX_IMPORT_COLUMNS) throw new FileRefusal(IMPORT_TOO_MANY_COLUMNS);
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
async function* afterHeader(rows: AsyncGenerator<ImportRow>, close: () => Promise<void>): AsyncGenerator<ImportRow> {
  try {
    for (let next = await rows.next(); !next.done; next = await rows.next()) if (!isEmptyRow(next.value.cells)) yield next.value;
  } finally {
    await close();
  }
}
