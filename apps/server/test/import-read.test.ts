/**
 * The import's file layer (docs/decisions/258), without a database: formats told by their bytes,
 * every file refusal, CSV encodings and separators, XLSX cells as a person sees them, dates, the
 * refused rows' file read back, and 100,000 rows of each format read through.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NO_HEADER,
  IMPORT_NO_SHEET,
  IMPORT_NOT_A_TABLE,
  IMPORT_PASSWORD_PROTECTED,
  IMPORT_UNREADABLE,
  IMPORT_ZIP_BOMB,
  MAX_IMPORT_BYTES,
  REFUSED_ROWS_ERROR_HEADER,
  type ImportFormat,
} from '@cooler-hub/contract/imports';
import { csvRows } from '../src/lib/csv';
import {
  bufferSource,
  FileRefusal,
  importDay,
  importMoment,
  openTable,
  refusedRowsFile,
  sheetNames,
  sniff,
  type ByteSource,
  type ImportRow,
} from '../src/modules/imports/read';
import { partOf, zipOf as zipOfParts } from './zip-file';

interface ReadTable {
  format: ImportFormat;
  header: string[];
  rows: ImportRow[];
  csv: { separator: string; encoding: string } | null;
}

/** Sniffs and reads the whole table. */
async function readTable(bytes: Buffer | ByteSource, sheet?: string): Promise<ReadTable> {
  const source = Buffer.isBuffer(bytes) ? bufferSource(bytes) : bytes;
  const format = await sniff(source);
  const table = await openTable(source, format, sheet);
  const rows: ImportRow[] = [];
  for await (const row of table.rows) rows.push(row);
  await table.close();
  return { format, header: table.header, rows, csv: table.csv };
}

const cellsOf = (t: ReadTable) => t.rows.map((r) => r.cells);

/** The refusal's message, or a failure when the promise does not refuse the file. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FileRefusal);
    return (error as Error).message;
  }
  throw new Error('expected a FileRefusal');
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** A ZIP by hand (deflated entries); `declaredSize` lets an entry lie about its unpacked size. */
const zipOf = (entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer =>
  zipOfParts(entries.map((e) => partOf(e.name, e.data, e.declaredSize)));

const WORKBOOK_XML = Buffer.from(
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
);

describe('sniff: the format by content, and what is refused', () => {
  it('tells CSV text from an XLSX', async () => {
    expect(await sniff(bufferSource(Buffer.from('a,b\n1,2\n')))).toBe('csv');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('One').addRow(['a']);
    expect(await sniff(bufferSource(Buffer.from(await workbook.xlsx.writeBuffer())))).toBe('xlsx');
  });

  it('refuses an empty file, an OLE file, binary, a ZIP without a workbook, and a file over the limit', async () => {
    expect(await refusal(sniff(bufferSource(Buffer.alloc(0))))).toBe(IMPORT_FILE_EMPTY);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect(await refusal(sniff(bufferSource(ole)))).toBe(IMPORT_PASSWORD_PROTECTED);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(sniff(bufferSource(png)))).toBe(IMPORT_NOT_A_TABLE);
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect(await refusal(sniff(bufferSource(random)))).toBe(IMPORT_NOT_A_TABLE);
    const docx = zipOf([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect(await refusal(sniff(bufferSource(docx)))).toBe(IMPORT_NOT_A_TABLE);
    const huge: ByteSource = {
      size: MAX_IMPORT_BYTES + 1,
      read: () => Promise.reject(new Error('a file over the limit is not read')),
      stream: () => {
        throw new Error('a file over the limit is not read');
      },
    };
    expect(await refusal(sniff(huge))).toBe(IMPORT_FILE_TOO_LARGE);
  });

  it('refuses a zip bomb: out of proportion to its size, or over 400 MiB unpacked', async () => {
    const zeros = zipOf([
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    expect(zeros.length).toBeLessThan(100 * 1024);
    expect(await refusal(sniff(bufferSource(zeros)))).toBe(IMPORT_ZIP_BOMB);
    const declared = zipOf([
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 401 * 1024 * 1024 },
      { name: 'filler.bin', data: Buffer.from(Array.from({ length: 5 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24)) },
    ]);
    expect(await refusal(sniff(bufferSource(declared)))).toBe(IMPORT_ZIP_BOMB);
  });

  it('refuses a ZIP whose directory is cut off as unreadable', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('One').addRow(['a']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await refusal(sniff(bufferSource(bytes.subarray(0, bytes.length - 30))))).toBe(IMPORT_UNREADABLE);
  });
});

describe('CSV', () => {
  it('reads UTF-8 with a BOM (stripped from the header)', async () => {
    const t = await readTable(Buffer.from('\uFEFFName,Price\r\nCafé,£5\r\n'));
    expect(t.header).toEqual(['Name', 'Price']);
    expect(cellsOf(t)).toEqual([['Café', '£5']]);
    expect(t.csv).toEqual({ separator: ',', encoding: 'utf-8' });
  });

  it('reads UTF-8 without a BOM, and Windows-1252 (£ = A3, € = 80, curly quotes)', async () => {
    const utf8 = await readTable(Buffer.from('Name;Price\nCafé;£5\n'));
    expect(cellsOf(utf8)).toEqual([['Café', '£5']]);
    expect(utf8.csv).toEqual({ separator: ';', encoding: 'utf-8' });
    const cp1252 = Buffer.concat([
      Buffer.from('Name,Price\r\nCaf'),
      Buffer.from([0xe9, 0x2c, 0xa3, 0x35, 0x20, 0x80, 0x39, 0x20, 0x93, 0x78, 0x94]),
      Buffer.from('\r\n'),
    ]);
    const t = await readTable(cp1252);
    expect(t.csv?.encoding).toBe('windows-1252');
    expect(cellsOf(t)).toEqual([['Café', '£5 €9 “x”']]);
  });

  it('keeps UTF-8 when a multi-byte character is cut by the 64 KiB sample', async () => {
    const head = 'A,B\n';
    const filler = 'x'.repeat(64 * 1024 - head.length - 1);
    const t = await readTable(Buffer.from(`${head}${filler}£,é\n`));
    expect(t.csv?.encoding).toBe('utf-8');
    expect(t.rows[0]?.cells).toEqual([`${filler}£`, 'é']);
  });

  it('reads UTF-16LE with its BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('A\tB\r\n£1\té\r\n', 'utf16le')]);
    const t = await readTable(bytes);
    expect(t.csv).toEqual({ separator: '\t', encoding: 'utf-16le' });
    expect(cellsOf(t)).toEqual([['£1', 'é']]);
  });

  it('detects comma, semicolon and tab from the header, quotes aside; a tie is a comma', async () => {
    expect((await readTable(Buffer.from('"a;b",c,d\n1,2,3\n'))).csv?.separator).toBe(',');
    expect((await readTable(Buffer.from('"a,b";c;d\n1;2;3\n'))).csv?.separator).toBe(';');
    expect((await readTable(Buffer.from('a\tb\tc,d\n1\t2\t3\n'))).csv?.separator).toBe('\t');
    expect((await readTable(Buffer.from('a;b,c\n1;2,3\n'))).csv?.separator).toBe(',');
    expect((await readTable(Buffer.from('single\nx\n'))).csv?.separator).toBe(',');
  });

  it('reads quoted cells holding separators, quotes and line breaks; a formula is text', async () => {
    const t = await readTable(Buffer.from('A;B;C\n"x;y";"say ""hi""";"line1\nline2"\n=1+2;  padded  ;\n'));
    expect(cellsOf(t)).toEqual([
      ['x;y', 'say "hi"', 'line1\nline2'],
      ['=1+2', 'padded'],
    ]);
  });

  it('numbers records, not lines: the header is 1, a blank line counts and is skipped, a multi-line cell is one record', async () => {
    const t = await readTable(Buffer.from('\n\nH1,H2,,\n"a\nb\nc",1\n\n,,\nlast,2\nshort\n'));
    expect(t.header).toEqual(['H1', 'H2']);
    expect(t.rows.map((r) => [r.rowNumber, r.cells])).toEqual([
      [2, ['a\nb\nc', '1']],
      [5, ['last', '2']],
      [6, ['short']],
    ]);
    expect(t.rows.at(-1)?.bytesRead).toBeGreaterThan(0);
  });

  it('refuses a file of empty lines as having no header, an unclosed quote as unreadable', async () => {
    const source = bufferSource(Buffer.from('\r\n\r\n ,  ,\r\n'));
    expect(await refusal(openTable(source, await sniff(source)))).toBe(IMPORT_NO_HEADER);
    expect(await refusal(readTable(Buffer.from('A,B\n1,"never closed\n2,3\n')))).toBe(IMPORT_UNREADABLE);
  });

  it('stops early on close without reading on', async () => {
    const text = `A,B\n${'1,2\n'.repeat(200_000)}`;
    const table = await openTable(bufferSource(Buffer.from(text)), 'csv');
    let seen = 0;
    for await (const row of table.rows) {
      seen++;
      if (row.rowNumber === 10) break;
    }
    await table.close();
    expect(seen).toBe(9);
  });
});

/** A workbook made by exceljs: dates, numbers, a formula with a result, text '=1+2', a second sheet. */
async function sampleWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const first = workbook.addWorksheet('Receipts');
  first.addRow(['  LB Number ', 'Receipt Date', 'Count', 'Total', 'Formula text', 'OK', 'Rich', 'Link', 'Error', 'Stamp', '']);
  first.addRow([
    'LB1',
    new Date(Date.UTC(2024, 2, 31)),
    12345678901,
    { formula: 'C2*2', result: 24691357802 },
    '=1+2',
    true,
    { richText: [{ text: 'ri' }, { text: 'ch' }] },
    { text: 'site', hyperlink: 'https://example.org' },
    { error: '#N/A' },
    new Date(Date.UTC(2024, 6, 1, 14, 30, 5)),
  ]);
  first.getCell('B2').numFmt = 'dd/mm/yyyy';
  first.getCell('J2').numFmt = 'dd/mm/yyyy hh:mm:ss';
  first.addRow([]);
  first.getRow(5).values = [
    'LB2',
    null,
    0.1,
    { formula: 'C5+0.2', result: 0.30000000000000004 },
    null,
    false,
    null,
    null,
    null,
    { formula: 'B2+1', result: 45383 },
  ];
  first.getCell('J5').numFmt = 'yyyy-mm-dd';
  first.getRow(6).values = ['LB3', null, null, { formula: 'NOW()' }];
  const second = workbook.addWorksheet('Coolers');
  second.getRow(3).values = ['Serial', 'Part'];
  second.getRow(4).values = ['S1', 'P1'];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('XLSX', () => {
  it('lists the sheets in workbook order', async () => {
    const source = bufferSource(await sampleWorkbook());
    expect(await sheetNames(source, 'xlsx')).toEqual(['Receipts', 'Coolers']);
    expect(await sheetNames(bufferSource(Buffer.from('a,b')), 'csv')).toEqual([]);
  });

  it('reads the first sheet: each cell as a person sees it, formulas as their results, never run', async () => {
    const t = await readTable(await sampleWorkbook());
    expect(t.format).toBe('xlsx');
    expect(t.csv).toBeNull();
    expect(t.header).toEqual(['LB Number', 'Receipt Date', 'Count', 'Total', 'Formula text', 'OK', 'Rich', 'Link', 'Error', 'Stamp']);
    expect(t.rows.map((r) => [r.rowNumber, r.cells])).toEqual([
      [2, ['LB1', '2024-03-31', '12345678901', '24691357802', '=1+2', 'TRUE', 'rich', 'site', '#N/A', '2024-07-01T14:30:05']],
      [5, ['LB2', null, '0.1', '0.3', null, 'FALSE', null, null, null, '2024-04-01']],
      [6, ['LB3']],
    ]);
    expect(t.rows.at(-1)?.bytesRead).toBeGreaterThan(0);
  });

  it('reads a sheet chosen by name, numbered as the sheet numbers its rows', async () => {
    const t = await readTable(await sampleWorkbook(), 'Coolers');
    expect(t.header).toEqual(['Serial', 'Part']);
    expect(t.rows.map((r) => [r.rowNumber, r.cells])).toEqual([[4, ['S1', 'P1']]]);
  });

  it('refuses an unknown sheet, a sheet without a header, and a corrupt workbook', async () => {
    const source = bufferSource(await sampleWorkbook());
    expect(await refusal(openTable(source, 'xlsx', 'Nope'))).toBe(IMPORT_NO_SHEET);
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Blank');
    expect(await refusal(readTable(Buffer.from(await empty.xlsx.writeBuffer())))).toBe(IMPORT_NO_HEADER);
    const broken = zipOf([
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row><row r="2"><c><v>1</v></c>'),
      },
    ]);
    const corrupt = Buffer.from(broken);
    const at = corrupt.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    corrupt.fill(0xff, at + 5, at + 40);
    expect(await refusal(readTable(corrupt))).toBe(IMPORT_UNREADABLE);
  });
});

describe('importDay and importMoment', () => {
  it.each([
    ['2024-03-15', '2024-03-15'],
    ['2024-03-15T10:20:30', '2024-03-15'],
    ['2024-03-15T23:30:00+05:00', '2024-03-15'],
    ['15/03/2024', '2024-03-15'],
    ['5/3/2024', '2024-03-05'],
    ['15/03/2024 14:05', '2024-03-15'],
    ['15.03.2024', '2024-03-15'],
    [' 29/02/2024 ', '2024-02-29'],
    ['45000', '2023-03-15'],
    ['45000.75', '2023-03-15'],
    ['1', '1900-01-01'],
    ['59', '1900-02-28'],
    ['61', '1900-03-01'],
    ['2958465', '9999-12-31'],
    ['60', undefined],
    ['0', undefined],
    ['2958466', undefined],
    ['31/02/2024', undefined],
    ['29/02/2023', undefined],
    ['2024-13-01', undefined],
    ['03/15/2024', undefined],
    ['15/03/24', undefined],
    ['today', undefined],
    ['', undefined],
  ])('importDay(%j) is %j', (cell, day) => {
    expect(importDay(cell)).toBe(day);
  });

  it.each([
    ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ['2024-07-15', '2024-07-14T23:00:00.000Z'],
    ['15/01/2024 09:30', '2024-01-15T09:30:00.000Z'],
    ['15/07/2024 09:30:15', '2024-07-15T08:30:15.000Z'],
    ['2024-07-15T09:30', '2024-07-15T08:30:00.000Z'],
    ['2024-07-15 09:30', '2024-07-15T08:30:00.000Z'],
    ['2024-07-15T09:30:00Z', '2024-07-15T09:30:00.000Z'],
    ['2024-07-15T09:30:00+02:00', '2024-07-15T07:30:00.000Z'],
    ['2024-03-31T00:30', '2024-03-31T00:30:00.000Z'],
    ['2024-03-31T01:30', '2024-03-31T01:30:00.000Z'],
    ['2024-03-31T02:30', '2024-03-31T01:30:00.000Z'],
    ['2024-10-27T01:30', '2024-10-27T00:30:00.000Z'],
    ['2024-10-27T02:30', '2024-10-27T02:30:00.000Z'],
    ['45000.5', '2023-03-15T12:00:00.000Z'],
    ['45200.5', '2023-10-01T11:00:00.000Z'],
    ['45000', '2023-03-15T00:00:00.000Z'],
    ['15/07/2024 24:00', undefined],
    ['31/02/2024 10:00', undefined],
    ['2024-02-30T10:00:00Z', undefined],
    ['60.5', undefined],
    ['soon', undefined],
  ])('importMoment(%j) is %j', (cell, moment) => {
    expect(importMoment(cell)).toBe(moment);
  });
});

describe('the refused rows file', () => {
  async function* refused() {
    yield { cells: ['LB1', '=1+2', 'a;b'], error: 'No such supplier.' };
    yield { cells: ['LB2'], error: 'Serial Number: required.' };
    yield { cells: ['LB3', null, null, 'beyond'], error: 'Too long.' };
  }

  it('writes a CSV with the file’s separator that reads back with its Error column', async () => {
    const bytes = await bytesOf(refusedRowsFile('csv', ['LB', 'Note', 'Other'], refused(), ';'));
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const t = await readTable(bytes);
    expect(t.csv).toEqual({ separator: ';', encoding: 'utf-8' });
    expect(t.header).toEqual(['LB', 'Note', 'Other', REFUSED_ROWS_ERROR_HEADER]);
    expect(cellsOf(t)).toEqual([
      ['LB1', "'=1+2", 'a;b', 'No such supplier.'],
      ['LB2', null, null, 'Serial Number: required.'],
      ['LB3', null, null, 'Too long.', 'beyond'],
    ]);
  });

  it('writes an XLSX that reads back, every cell text', async () => {
    const bytes = await bytesOf(refusedRowsFile('xlsx', ['LB', 'Note', 'Other'], refused()));
    expect(await sheetNames(bufferSource(bytes), 'xlsx')).toEqual(['Refused rows']);
    const t = await readTable(bytes);
    expect(t.header).toEqual(['LB', 'Note', 'Other', REFUSED_ROWS_ERROR_HEADER]);
    expect(cellsOf(t)).toEqual([
      ['LB1', '=1+2', 'a;b', 'No such supplier.'],
      ['LB2', null, null, 'Serial Number: required.'],
      ['LB3', null, null, 'Too long.', 'beyond'],
    ]);
  });

  it('quotes a cell holding the separator, and only the separator among , ; and tab', () => {
    expect(csvRows([['a;b', 'c,d', 'e\tf']], ';')).toBe('"a;b";c,d;e\tf\r\n');
    expect(csvRows([['a;b', 'c,d', 'e\tf']], '\t')).toBe('a;b\tc,d\t"e\tf"\r\n');
    expect(csvRows([['a;b', 'c,d', 'e\tf']])).toBe('a;b,"c,d",e\tf\r\n');
  });
});

/** 100,000 rows of 15 columns like a hub's receipts. */
const BIG_ROWS = 100_000;
const BIG_HEADER = Array.from({ length: 15 }, (_, i) => `Column ${i + 1}`);
const bigRow = (i: number) => [
  `LB${1_000_000 + i}`,
  `${String((i % 28) + 1).padStart(2, '0')}/03/2024`,
  `SN-${i * 7}`,
  `P${i % 50}`,
  '01/01/2020',
  `Account ${i % 300}`,
  `SUP${i % 9}`,
  `Point ${i % 12}`,
  String(i % 40),
  i % 2 === 0 ? 'Repair' : 'Scrap',
  'Received',
  '',
  `Note for row ${i}, with a comma`,
  '',
  `A${i}`,
];

/** Reads the table through, sampling RSS, and prints the timing. */
async function readThrough(label: string, bytes: Buffer): Promise<{ rows: number; last: ImportRow | undefined }> {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const source = bufferSource(bytes);
  const table = await openTable(source, await sniff(source));
  let rows = 0;
  let last: ImportRow | undefined;
  for await (const row of table.rows) {
    rows++;
    last = row;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${label}: ${rows} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB in ${Math.round(ms)} ms; RSS ${Math.round(rssBefore / 1024 / 1024)} → peak ${Math.round(peak / 1024 / 1024)} MB`,
  );
  return { rows, last };
}

describe('100,000 rows', () => {
  it('reads a 100,000-row CSV through', async () => {
    const text = csvRows([BIG_HEADER, ...Array.from({ length: BIG_ROWS }, (_, i) => bigRow(i))]);
    const { rows, last } = await readThrough('CSV', Buffer.from(text));
    expect(rows).toBe(BIG_ROWS);
    expect(last?.rowNumber).toBe(BIG_ROWS + 1);
    expect(last?.cells).toEqual(bigRow(BIG_ROWS - 1).map((c) => c || null));
    expect(last?.bytesRead).toBe(Buffer.byteLength(text));
  });

  it('reads a 100,000-row XLSX through', { timeout: 120_000 }, async () => {
    const out: Buffer[] = [];
    const { PassThrough } = await import('node:stream');
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => out.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true, useStyles: false });
    const sheet = writer.addWorksheet('Receipts');
    sheet.addRow(BIG_HEADER).commit();
    for (let i = 0; i < BIG_ROWS; i++) sheet.addRow(bigRow(i).map((c) => c || null)).commit();
    sheet.commit();
    await writer.commit();
    const { rows, last } = await readThrough('XLSX', Buffer.concat(out));
    expect(rows).toBe(BIG_ROWS);
    expect(last?.rowNumber).toBe(BIG_ROWS + 1);
    expect(last?.cells).toEqual(bigRow(BIG_ROWS - 1).map((c) => c || null));
  });
});
