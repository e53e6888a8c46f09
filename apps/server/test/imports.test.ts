/**
 * Importing from CSV and XLSX (docs/decisions/258) through the API, on the real job queue: upload,
 * the file refusals, the mapping, the dry run writing nothing, the import idempotent by natural keys,
 * history naming the file and row, each kind, the receipt rules reached through the importer, the
 * refused rows' file, cancel, permissions.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { REQUIRED_MESSAGE, type ListResponse } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { CustomerAccount } from '@cooler-hub/contract/customers';
import {
  IMPORT_BUSY,
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NEW_COOLER_NEEDS,
  IMPORT_NO_HEADER,
  IMPORT_NOT_A_DATE,
  IMPORT_NOT_CHECKED,
  IMPORT_PASSWORD_PROTECTED,
  IMPORT_ZIP_BOMB,
  MAPPING_COLUMN_TWICE,
  MAPPING_MISSING_REQUIRED,
  MAX_IMPORT_BYTES,
  importDuplicateRow,
  importHeaderMatchesNothing,
  importNoMatch,
  type ImportJob,
  type ImportRefusal,
} from '@cooler-hub/contract/imports';
import { BOTH_MODES_MESSAGE, NO_MODE_MESSAGE, type Receipt } from '@cooler-hub/contract/receipts';
import { WRONG_LB_NUMBER } from '@cooler-hub/contract/rules';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import type { PartNumber } from '@cooler-hub/contract/settings';
import {
  call,
  createClient,
  createCollectionPoint,
  createPartNumber,
  createReceiptReferences,
  createScrapReason,
  unique,
  uniqueLb,
  type ReceiptReferences,
} from './factories';
import { MALFORMED_UPLOAD } from '../src/lib/multipart';
import { NO_COUNTS, runImport } from '../src/modules/imports/import-run';
import { CHUNK_BYTES, findImport, storedFile, updateImport } from '../src/modules/imports/imports.repository';
import { hydraDescription, json, loginAs, multipart, useSignedInApp, violationsOf, waitFor } from './helpers';
import { zipOf } from './zip-file';

const suite = useSignedInApp('Admin');
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => suite.api(method, url, payload);

let refs: ReceiptReferences;
let partNumber: PartNumber;
beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  partNumber = await createPartNumber(suite.app, suite.token);
});

// ── files ───────────────────────────────────────────────────────────────────────────────────────

/** A CSV as a spreadsheet saves it: cells quoted when needed, CRLF, optionally a BOM. */
function csvFile(rows: (string | null)[][], separator = ',', bom = false): Buffer {
  const cell = (c: string | null) => (c === null ? '' : /[",;\t\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  const text = rows.map((r) => r.map(cell).join(separator)).join('\r\n') + '\r\n';
  return Buffer.from((bom ? '\uFEFF' : '') + text, 'utf8');
}

async function xlsxFile(rows: (string | number | Date | null)[][], sheets: string[] = ['Receipts']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const name of sheets) {
    const sheet = workbook.addWorksheet(name);
    for (const r of rows) sheet.addRow(r);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const RECEIPT_HEADER = [
  'LB Number',
  'Receipt Date',
  'Serial Number',
  'Part Number',
  'DOM',
  'Account',
  'Supplier',
  'Collection Point',
  'Engineer Number',
  'Process Option',
  'Process State',
  'Scrap Reason',
  'Notes',
];

/** A receipt row of RECEIPT_HEADER: collection-point mode, option X, a new serial. */
function receiptRow(overrides: Partial<Record<(typeof RECEIPT_HEADER)[number], string | null>> = {}): (string | null)[] {
  const values: Record<string, string | null> = {
    'LB Number': uniqueLb(),
    'Receipt Date': '14/03/2026',
    'Serial Number': unique('SN-IMP'),
    'Part Number': partNumber.partNumber,
    DOM: '2019-06-14',
    Account: refs.account.name,
    Supplier: refs.supplier.name,
    'Collection Point': refs.collectionPoint.name,
    'Engineer Number': null,
    'Process Option': 'X',
    'Process State': null,
    'Scrap Reason': null,
    Notes: null,
    ...overrides,
  };
  return RECEIPT_HEADER.map((h) => values[h] ?? null);
}

// ── calls ───────────────────────────────────────────────────────────────────────────────────────

function upload(
  kind: string,
  fileName: string,
  data: Buffer,
  extra: Record<string, string> = {},
  token = suite.token,
): Promise<LightMyRequestResponse> {
  const contentType = fileName.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const body = multipart([
    { name: 'kind', value: kind },
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: fileName, contentType, data },
  ]);
  return suite.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

async function uploaded(kind: string, fileName: string, data: Buffer, extra: Record<string, string> = {}): Promise<ImportJob> {
  const res = await upload(kind, fileName, data, extra);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return json<ImportJob>(res);
}

/** Polls the import until its run is over. */
async function settled(id: string): Promise<ImportJob> {
  return waitFor(async () => {
    const job = json<ImportJob>(await api('GET', `/api/imports/${id}`));
    return job.status === 'checking' || job.status === 'importing' ? undefined : job;
  }, 60_000);
}

async function dryRun(job: ImportJob): Promise<ImportJob> {
  const res = await api('POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping });
  if (res.statusCode !== 202) throw new Error(`dry run refused: ${res.statusCode} ${res.body}`);
  return settled(job.id);
}

async function runImportCall(id: string): Promise<ImportJob> {
  const res = await api('POST', `/api/imports/${id}/import`);
  if (res.statusCode !== 202) throw new Error(`import refused: ${res.statusCode} ${res.body}`);
  return json<ImportJob>(res);
}

async function startImport(job: ImportJob): Promise<ImportJob> {
  return settled((await runImportCall(job.id)).id);
}

/** Upload, dry run and import in one go: the import's final state. */
async function importAll(kind: string, fileName: string, data: Buffer): Promise<{ checked: ImportJob; imported: ImportJob }> {
  const checked = await dryRun(await uploaded(kind, fileName, data));
  expect(checked.status).toBe('checked');
  return { checked, imported: await startImport(checked) };
}

const refusalsOf = async (id: string) =>
  json<ListResponse<ImportRefusal>>(await api('GET', `/api/imports/${id}/refusals?perPage=100`)).items;

async function receiptByLb(lb: string): Promise<Receipt | undefined> {
  return json<ListResponse<Receipt>>(await api('GET', `/api/receipts?lbNumber=${lb}`)).items.find((r) => r.lbNumber === lb);
}

const historyOf = async (kind: 'Receipt' | 'Cooler', ref: string) =>
  json<ListResponse<RevisionEntry>>(await api('GET', `/api/revision_entries?entryKind=${kind}&entryRef=${ref}`)).items;

// ── receipts ────────────────────────────────────────────────────────────────────────────────────

describe('importing receipts', () => {
  it('matches the columns by header, checks every row writing nothing, then imports; the same file again changes nothing', async () => {
    const rows = [receiptRow(), receiptRow({ 'Receipt Date': '2026-03-15 09:30' }), receiptRow({ 'Receipt Date': '46095' })];
    const bad = receiptRow({ Account: 'No Such Account Ltd' });
    const file = csvFile([RECEIPT_HEADER, ...rows, bad]);
    const job = await uploaded('receipts', 'hub receipts.csv', file);
    expect(job).toMatchObject({ status: 'uploaded', format: 'csv', headers: RECEIPT_HEADER, sheet: null });
    expect(job.mapping).toMatchObject({
      lbNumber: 0,
      receiptDate: 1,
      serialNumber: 2,
      customerAccount: 5,
      processOption: 9,
      tagFaultComment: null,
    });

    const checked = await dryRun(job);
    expect(checked).toMatchObject({
      status: 'checked',
      rowsDone: 4,
      progress: 1,
      counts: { new: 3, updated: 0, unchanged: 0, refused: 1 },
    });
    expect(await refusalsOf(job.id)).toEqual([
      { row: 5, problems: [{ field: 'Account', message: importNoMatch('customer account', 'No Such Account Ltd') }] },
    ]);
    // A dry run writes nothing.
    expect(await receiptByLb(rows[0]![0]!)).toBeUndefined();

    const imported = await startImport(checked);
    expect(imported).toMatchObject({ status: 'imported', counts: { new: 3, updated: 0, unchanged: 0, refused: 1 } });
    const first = await receiptByLb(rows[0]![0]!);
    expect(first).toMatchObject({ account: { id: refs.account.id }, processOption: 'X', collectionPoint: { id: refs.collectionPoint.id } });
    // dd/MM/yyyy is London midnight; ISO with a time is London wall-clock time; an Excel serial is a day.
    expect(first!.receiptDate).toBe('2026-03-14T00:00:00.000Z');
    expect((await receiptByLb(rows[1]![0]!))!.receiptDate).toBe('2026-03-15T09:30:00.000Z');
    expect((await receiptByLb(rows[2]![0]!))!.receiptDate).toBe('2026-03-14T00:00:00.000Z');
    // The new serial made its cooler, with the row's part number and DOM; history names the file and row.
    expect(first!.inventoryItem).toMatchObject({
      serialNumber: rows[0]![2],
      partNumber: { id: partNumber.id },
      dateOfManufacture: '2019-06-14',
    });
    const receiptHistory = await historyOf('Receipt', first!.id);
    expect(receiptHistory).toHaveLength(1);
    expect(receiptHistory[0]).toMatchObject({
      diffType: 'Text',
      source: 'hub receipts.csv, row 2',
      creator: { username: expect.any(String) },
    });
    expect(receiptHistory[0]!.textOnlyMessage).toContain(`LB number: ${rows[0]![0]}`);
    expect((await historyOf('Cooler', first!.inventoryItem.id))[0]).toMatchObject({ source: 'hub receipts.csv, row 2' });

    // Again: everything unchanged, nothing written, no history added.
    const again = await importAll('receipts', 'hub receipts.csv', file);
    expect(again.checked.counts).toEqual({ new: 0, updated: 0, unchanged: 3, refused: 1 });
    expect(again.imported.counts).toEqual({ new: 0, updated: 0, unchanged: 3, refused: 1 });
    expect(await historyOf('Receipt', first!.id)).toHaveLength(1);
  });

  it('an LB number already held updates that receipt (its date stays) and history records the change with its row', async () => {
    const row = receiptRow();
    await importAll('receipts', 'first.csv', csvFile([RECEIPT_HEADER, row]));
    const before = (await receiptByLb(row[0]!))!;
    const changed = [...row];
    changed[RECEIPT_HEADER.indexOf('Notes')] = 'Door seal replaced';
    changed[RECEIPT_HEADER.indexOf('Receipt Date')] = '01/01/2026';
    const { checked, imported } = await importAll('receipts', 'second.csv', csvFile([RECEIPT_HEADER, changed]));
    expect(checked.counts).toEqual({ new: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(imported.counts.updated).toBe(1);
    const after = (await receiptByLb(row[0]!))!;
    expect(after).toMatchObject({ id: before.id, notes: 'Door seal replaced', receiptDate: before.receiptDate });
    expect((await historyOf('Receipt', before.id))[0]).toMatchObject({
      diffType: 'OldNew',
      source: 'second.csv, row 2',
      oldNewMessage: { notes: [null, 'Door seal replaced'] },
    });
  });

  it('every rule of a receipt is reached through the importer, each on its column with the contract message', async () => {
    const scrapReason = await createScrapReason(suite.app, suite.token);
    const duplicateLb = uniqueLb();
    const file = csvFile([
      RECEIPT_HEADER,
      receiptRow({ 'LB Number': 'XY123' }), // 2: not an LB number
      receiptRow({ 'Process Option': 'S' }), // 3: S needs a scrap reason
      receiptRow({ 'Collection Point': null }), // 4: neither mode
      receiptRow({ 'Engineer Number': 'ENG-7' }), // 5: both modes
      receiptRow({ 'Receipt Date': '31/02/2026' }), // 6: no such day
      receiptRow({ 'Part Number': null }), // 7: a new serial without its part number
      receiptRow({ Supplier: null }), // 8: required
      receiptRow({ 'LB Number': duplicateLb }), // 9
      receiptRow({ 'LB Number': duplicateLb }), // 10: the same LB again
      receiptRow({ 'Process Option': 'd', 'Process State': 'd5', 'Scrap Reason': scrapReason.reason }), // 11: fine (case, reason by text)
      receiptRow({ 'Collection Point': null, 'Engineer Number': 'ENG-8', 'Serial Number': `=1+2 ${unique('SN')}` }), // 12: fine, a formula as text
    ]);
    const job = await uploaded('receipts', 'rules.csv', file);
    const checked = await dryRun(job);
    expect(checked.counts).toEqual({ new: 3, updated: 0, unchanged: 0, refused: 8 });
    const problems = Object.fromEntries((await refusalsOf(job.id)).map((r) => [r.row, r.problems]));
    expect(problems[2]).toEqual([{ field: 'LB Number', message: WRONG_LB_NUMBER }]);
    expect(problems[3]).toEqual([{ field: 'Scrap Reason', message: REQUIRED_MESSAGE }]);
    expect(problems[4]).toEqual([{ field: 'Collection Point', message: NO_MODE_MESSAGE }]);
    expect(problems[5]).toEqual([{ field: 'Engineer Number', message: BOTH_MODES_MESSAGE }]);
    expect(problems[6]).toEqual([{ field: 'Receipt Date', message: IMPORT_NOT_A_DATE }]);
    expect(problems[7]).toEqual([{ field: 'Part Number', message: IMPORT_NEW_COOLER_NEEDS }]);
    expect(problems[8]).toEqual([{ field: 'Supplier', message: REQUIRED_MESSAGE }]);
    expect(problems[10]).toEqual([{ field: 'LB Number', message: importDuplicateRow(9) }]);
    expect(problems[9]).toBeUndefined();

    await startImport(checked);
    const d5 = (await receiptByLb(receiptRowLb(file, 11)))!;
    expect(d5).toMatchObject({ processOption: 'D', processState: 'D5', scrapReason: scrapReason.code });
    const formula = (await receiptByLb(receiptRowLb(file, 12)))!;
    expect(formula.inventoryItem.serialNumber).toMatch(/^=1\+2 SN/);
    // On the way out the one CSV writer neutralises it.
    const exported = await api('POST', '/api/receipts/export_csv', { ids: [formula.id] });
    expect(exported.body).toContain(`'${formula.inventoryItem.serialNumber}`);
  });

  it('a semicolon CSV with a BOM and an XLSX with a chosen sheet read the same', async () => {
    const row = receiptRow({ Notes: 'Café réfrigéré' });
    const semicolons = await importAll('receipts', 'semi.csv', csvFile([RECEIPT_HEADER, row], ';', true));
    expect(semicolons.imported.counts.new).toBe(1);
    expect((await receiptByLb(row[0]!))!.notes).toBe('Café réfrigéré');

    const xlsxRow = receiptRow();
    const workbook = await xlsxFile([RECEIPT_HEADER, xlsxRow], ['Notes', 'Receipts']);
    const job = await uploaded('receipts', 'book.xlsx', workbook, { sheet: 'Receipts' });
    expect(job).toMatchObject({ format: 'xlsx', sheets: ['Notes', 'Receipts'], sheet: 'Receipts' });
    const checked = await dryRun(job);
    expect(checked.counts.new).toBe(1);
    await startImport(checked);
    expect(await receiptByLb(xlsxRow[0]!)).toBeDefined();
  });

  it('the refused rows download in the same format with an Error column, ready to fix and upload again', async () => {
    const good = receiptRow();
    const bad = receiptRow({ 'Process Option': 'Q' });
    const job = await uploaded('receipts', 'fix me.csv', csvFile([RECEIPT_HEADER, good, bad], ';'));
    await dryRun(job);
    const res = await api('GET', `/api/imports/${job.id}/refused_rows`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('fix me - refused rows.csv');
    const records: string[][] = parse(res.body.replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(records[0]).toEqual([...RECEIPT_HEADER, 'Error']);
    expect(records).toHaveLength(2);
    expect(records[1]!.slice(0, RECEIPT_HEADER.length)).toEqual(bad.map((c) => c ?? ''));
    expect(records[1]![RECEIPT_HEADER.length]).toMatch(/^Process Option: /);

    const xlsxJob = await uploaded('receipts', 'fix me.xlsx', await xlsxFile([RECEIPT_HEADER, good, bad]));
    await dryRun(xlsxJob);
    const xlsx = await api('GET', `/api/imports/${xlsxJob.id}/refused_rows`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(RECEIPT_HEADER.length + 1).value).toBe('Error');
    expect(sheet.getRow(2).getCell(1).value).toBe(bad[0]);
  });
});

/** The LB number of the file's row `rowNumber` (the header is row 1). */
function receiptRowLb(file: Buffer, rowNumber: number): string {
  const records: string[][] = parse(file.toString('utf8').replace(/^\uFEFF/, ''));
  return records[rowNumber - 1]![0]!;
}

// ── the other kinds ─────────────────────────────────────────────────────────────────────────────

describe('importing coolers, customer accounts and part numbers', () => {
  it('coolers: new and updated by serial (any case), the part number by its code', async () => {
    const serial = unique('SN-C');
    const first = await importAll(
      'coolers',
      'coolers.csv',
      csvFile([
        ['Serial Number', 'Part Number', 'DOM'],
        [serial, partNumber.partNumber, '14/06/2019'],
      ]),
    );
    expect(first.imported.counts).toEqual({ new: 1, updated: 0, unchanged: 0, refused: 0 });
    const other = await createPartNumber(suite.app, suite.token);
    const second = await importAll(
      'coolers',
      'coolers.csv',
      csvFile([
        ['serial', 'part no', 'Date of manufacture'],
        [serial.toLowerCase(), other.partNumber.toLowerCase(), '2019-06-14'],
        [unique('SN-C'), 'NOPE-1', '2019-06-14'],
      ]),
    );
    expect(second.imported.counts).toEqual({ new: 0, updated: 1, unchanged: 0, refused: 1 });
    const cooler = json<ListResponse<Cooler>>(await api('GET', `/api/coolers?serialNumber=${serial}`)).items[0]!;
    expect(cooler).toMatchObject({ serialNumber: serial.toLowerCase(), partNumber: { id: other.id } });
    expect((await historyOf('Cooler', cooler.id))[0]).toMatchObject({ diffType: 'OldNew', source: 'coolers.csv, row 2' });
  });

  it('customer accounts: a new client is created, a known account updated by its name', async () => {
    const client = await createClient(suite.app, suite.token);
    const name = unique('Imported Account');
    const newClient = unique('Imported Client');
    const header = ['Account', 'Client', 'Email', 'Telephone'];
    const first = await importAll(
      'customerAccounts',
      'accounts.csv',
      csvFile([header, [name, client.name, 'a@example.com', '0161 000 0000'], [unique('Acc'), newClient, null, null]]),
    );
    expect(first.imported.counts).toEqual({ new: 2, updated: 0, unchanged: 0, refused: 0 });
    const second = await importAll(
      'customerAccounts',
      'accounts.csv',
      csvFile([header, [name.toUpperCase(), client.name, 'b@example.com', '0161 000 0000'], [unique('Acc'), null, null, null]]),
    );
    expect(second.imported.counts).toEqual({ new: 0, updated: 1, unchanged: 0, refused: 1 });
    const accounts = json<ListResponse<CustomerAccount>>(await api('GET', `/api/customer_accounts?name=${encodeURIComponent(name)}`)).items;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ name: name.toUpperCase(), email: 'b@example.com', client: { id: client.id } });
    const clients = json<ListResponse<{ name: string }>>(await api('GET', `/api/clients?name=${encodeURIComponent(newClient)}`)).items;
    expect(clients.map((c) => c.name)).toEqual([newClient]);
  });

  it('part numbers: new, unchanged, updated', async () => {
    const code = unique('PN-I');
    await importAll(
      'partNumbers',
      'parts.csv',
      csvFile([
        ['Part Number', 'Description'],
        [code, 'Tall cooler'],
      ]),
    );
    const again = await importAll(
      'partNumbers',
      'parts.csv',
      csvFile([
        ['Part Number', 'Description'],
        [code, 'Tall cooler'],
        [unique('PN-I'), null],
      ]),
    );
    expect(again.imported.counts).toEqual({ new: 1, updated: 0, unchanged: 1, refused: 0 });
    const changed = await importAll(
      'partNumbers',
      'parts.csv',
      csvFile([
        ['Part Number', 'Description'],
        [code, 'Tall cooler, glass door'],
      ]),
    );
    expect(changed.imported.counts).toEqual({ new: 0, updated: 1, unchanged: 0, refused: 0 });
  });
});

// ── refusals, mapping, runs, permissions ────────────────────────────────────────────────────────

/** A ZIP whose directories claim `uncompressed` bytes for one tiny entry (an empty deflate stream). */
const zipClaiming = (uncompressed: number): Buffer =>
  zipOf([{ name: 'xl/workbook.xml', packed: Buffer.from([0x03, 0x00]), crc: 0, size: 0, declaredSize: uncompressed }]);

describe('files refused whole: a 400 on file, nothing kept', () => {
  it.each([
    ['an empty file', 'empty.csv', Buffer.alloc(0), IMPORT_FILE_EMPTY],
    [
      'a password-protected workbook',
      'locked.xlsx',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
      IMPORT_PASSWORD_PROTECTED,
    ],
    ['a zip bomb', 'bomb.xlsx', zipClaiming(0xfffffff0), IMPORT_ZIP_BOMB],
    ['no header row', 'blank.csv', Buffer.from('\r\n\r\n,,\r\n'), IMPORT_NO_HEADER],
    [
      'a header that matches no field',
      'other.csv',
      csvFile([
        ['Colour', 'Weight'],
        ['red', '12'],
      ]),
      importHeaderMatchesNothing('receipts'),
    ],
  ])('%s', async (_what, fileName, data, message) => {
    const before = json<ListResponse<ImportJob>>(await api('GET', '/api/imports?perPage=1')).totalCount;
    const res = await upload('receipts', fileName, data);
    expect(violationsOf(res)).toEqual({ file: message });
    expect(json<ListResponse<ImportJob>>(await api('GET', '/api/imports?perPage=1')).totalCount).toBe(before);
  });

  it('a file over the limit', async () => {
    const res = await upload(
      'partNumbers',
      'huge.csv',
      Buffer.concat([Buffer.from('Part Number\r\n'), Buffer.alloc(MAX_IMPORT_BYTES, 0x41)]),
    );
    expect(violationsOf(res)).toEqual({ file: IMPORT_FILE_TOO_LARGE });
  });

  it('a kind that is not importable (users) and a missing file', async () => {
    expect(Object.keys(violationsOf(await upload('users', 'users.csv', csvFile([['Username'], ['mallory']]))))).toEqual(['kind']);
    const body = multipart([{ name: 'kind', value: 'receipts' }]);
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${suite.token}` },
    });
    expect(violationsOf(res)).toEqual({ file: REQUIRED_MESSAGE });
  });

  it('a multipart body without a boundary, with the wrong boundary, or cut short → 400 with the upload sentence, nothing stored', async () => {
    const form = multipart([
      { name: 'kind', value: 'partNumbers' },
      { name: 'file', filename: 'cut.csv', contentType: 'text/csv', data: csvFile([['Part Number'], [unique('PN-')]]) },
    ]);
    const body = form.payload.toString('latin1');
    const before = json<ListResponse<ImportJob>>(await api('GET', '/api/imports')).totalCount;
    const cases: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', body],
      ['wrong boundary', 'multipart/form-data; boundary=----SomethingElse', body],
      ['cut inside the file', form.headers['content-type']!, body.slice(0, body.length - 60)],
      ['cut inside the headers', form.headers['content-type']!, body.slice(0, 80)],
    ];
    for (const [name, contentType, payload] of cases) {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/imports',
        payload: Buffer.from(payload, 'latin1'),
        headers: { 'content-type': contentType, authorization: `Bearer ${suite.token}` },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(hydraDescription(res), name).toBe(MALFORMED_UPLOAD);
    }
    expect(json<ListResponse<ImportJob>>(await api('GET', '/api/imports')).totalCount).toBe(before);
  });
});

describe('the mapping and the runs', () => {
  it('a mapping without a required field or with a column twice is refused on that field', async () => {
    const job = await uploaded('receipts', 'map.csv', csvFile([RECEIPT_HEADER, receiptRow()]));
    expect(violationsOf(await api('POST', `/api/imports/${job.id}/dry_run`, { mapping: { ...job.mapping, supplier: null } }))).toEqual({
      'mapping.supplier': MAPPING_MISSING_REQUIRED,
    });
    expect(violationsOf(await api('POST', `/api/imports/${job.id}/dry_run`, { mapping: { ...job.mapping, notes: 0 } }))).toEqual({
      'mapping.notes': MAPPING_COLUMN_TWICE,
    });
    // An import before any dry run is refused.
    expect(hydraDescription(await api('POST', `/api/imports/${job.id}/import`))).toBe(IMPORT_NOT_CHECKED);
  });

  it('the chosen mapping is remembered for the next file of the same kind', async () => {
    const header = ['Tag', 'When', 'Cooler', 'Part', 'Made', 'Who', 'From', 'Depot', 'Eng', 'Opt', 'St', 'Why', 'Remarks'];
    const job = await uploaded('receipts', 'odd.csv', csvFile([header, receiptRow()]));
    const mapping = Object.fromEntries(
      RECEIPT_HEADER.map((_, i) => [
        [
          'lbNumber',
          'receiptDate',
          'serialNumber',
          'partNumber',
          'dateOfManufacture',
          'customerAccount',
          'supplier',
          'collectionPoint',
          'engineerNo',
          'processOption',
          'processState',
          'scrapReason',
          'notes',
        ][i]!,
        i,
      ]),
    );
    expect((await dryRun({ ...job, mapping })).counts.new).toBe(1);
    const next = await uploaded('receipts', 'odd again.csv', csvFile([header, receiptRow()]));
    expect(next.mapping).toMatchObject(mapping);
  });

  it('stores a file of several chunks byte for byte, its last chunk short, and reads it back whole or streamed', async () => {
    const rows = Array.from({ length: 30_000 }, () => receiptRow());
    const file = csvFile([RECEIPT_HEADER, ...rows]);
    expect(file.length).toBeGreaterThan(2 * CHUNK_BYTES);
    expect(file.length % CHUNK_BYTES).not.toBe(0);
    const job = await uploaded('receipts', 'chunks.csv', file);
    const stored = storedFile(suite.t.database.db, job.id, file.length);
    expect((await stored.read(0, file.length)).equals(file)).toBe(true);
    const streamed: Buffer[] = [];
    for await (const piece of stored.stream()) streamed.push(piece as Buffer);
    expect(streamed.map((piece) => piece.length)).toEqual(
      [...Array(Math.ceil(file.length / CHUNK_BYTES)).keys()].map((i) => Math.min(CHUNK_BYTES, file.length - i * CHUNK_BYTES)),
    );
    expect(Buffer.concat(streamed).equals(file)).toBe(true);
  });

  it('cancel stops a dry run between batches; the import then needs a finished one', async () => {
    const rows = Array.from({ length: 20_000 }, () => receiptRow());
    const job = await uploaded('receipts', 'big.csv', csvFile([RECEIPT_HEADER, ...rows]));
    expect((await api('POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping })).statusCode).toBe(202);
    expect(hydraDescription(await api('POST', `/api/imports/${job.id}/dry_run`, { mapping: job.mapping }))).toBe(IMPORT_BUSY);
    const cancelled = json<ImportJob>(await api('POST', `/api/imports/${job.id}/cancel`));
    expect(cancelled.status).toBe('cancelled');
    const after = await settled(job.id);
    expect(after.status).toBe('cancelled');
    expect(after.rowsDone).toBeLessThan(20_000);
    expect(hydraDescription(await api('POST', `/api/imports/${job.id}/import`))).toBe(IMPORT_NOT_CHECKED);
  });

  it('two attempts of one run (a lease that ran out on a live worker) record each batch once', async () => {
    const rows = Array.from({ length: 9000 }, () => receiptRow());
    const job = await uploaded('receipts', 'twice.csv', csvFile([RECEIPT_HEADER, ...rows, receiptRow({ Supplier: 'Nobody Ltd' })]));
    await dryRun(job);
    // The run as the import call starts it, without its queued job: two workers run it side by side.
    const db = suite.t.database.db;
    const runId = randomUUID();
    await updateImport(db, job.id, {
      status: 'importing',
      runMode: 'import',
      runId,
      runStartedAt: new Date(),
      resumeRow: 0,
      rowsDone: 0,
      bytesDone: 0,
      counts: NO_COUNTS,
    });
    const first = runImport(db, job.id, runId);
    // The second starts once the first has recorded a batch, as a worker given an expired job would.
    await waitFor(async () => ((await findImport(db, job.id))!.resumeRow > 0 ? true : undefined), 30_000);
    await Promise.all([first, runImport(db, job.id, runId)]);
    const done = json<ImportJob>(await api('GET', `/api/imports/${job.id}`));
    expect(done).toMatchObject({ status: 'imported', rowsDone: 9001, counts: { new: 9000, updated: 0, unchanged: 0, refused: 1 } });
    expect(json<ListResponse<Receipt>>(await api('GET', `/api/receipts?lbNumber=${rows[8999]![0]}`)).totalCount).toBe(1);
    expect(await refusalsOf(job.id)).toHaveLength(1);
  });

  it('only ROLE_IMPORT (Admin) may import: a Production user is refused every call', async () => {
    const production = await loginAs(suite.app, 'Production');
    expect((await upload('partNumbers', 'p.csv', csvFile([['Part Number'], ['X']]), {}, production.token)).statusCode).toBe(403);
    expect((await call(suite.app, production.token, 'GET', '/api/imports')).statusCode).toBe(403);
  });

  it('a reference matched by number as well as by name; an unknown collection point is named', async () => {
    const point = await createCollectionPoint(suite.app, suite.token);
    const row = receiptRow({ Account: String(refs.account.id), 'Collection Point': point.name.toUpperCase() });
    const unknown = receiptRow({ 'Collection Point': 'Nowhere Depot' });
    const job = await uploaded('receipts', 'numbers.csv', csvFile([RECEIPT_HEADER, row, unknown]));
    const checked = await dryRun(job);
    expect(checked.counts).toMatchObject({ new: 1, refused: 1 });
    expect((await refusalsOf(job.id))[0]!.problems).toEqual([
      { field: 'Collection Point', message: importNoMatch('collection point', 'Nowhere Depot') },
    ]);
  });
});
