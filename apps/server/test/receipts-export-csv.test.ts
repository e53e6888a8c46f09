/**
 * Master Data's 'Export selected' (docs/decisions/257): POST /api/receipts/export_csv answers the
 * chosen receipts, exactly those and in the order given, in the end-of-day CSV's columns through
 * the one CSV writer (formula-looking text neutralised), and marks nothing exported. Bad bodies and
 * unknown ids are a 400 on the right field.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { END_OF_DAY_COLUMNS, MAX_EXPORT_SELECTED, RECEIPT_LISTED_TWICE } from '@cooler-hub/contract/end-of-day';
import { UNKNOWN_REFERENCE } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { createCooler, createReceipt, createReceiptReferences, type ReceiptReferences } from './factories';
import { deliveryFixtures } from './deliveries-fixtures';
import { json, useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;
const receipt = async (id: string) => json<Receipt>(await api('GET', `/api/receipts/${id}`));
const exportCsv = (ids: unknown) => api('POST', '/api/receipts/export_csv', { ids });
const dom = (r: Receipt) => r.inventoryItem.dateOfManufacture.split('-').reverse().join('/');

let refs: ReceiptReferences;
let plain: Receipt;
let formula: Receipt;
let scrapped: Receipt;
let onNote: Receipt;
let noteId: number;
let other: Receipt;

beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  const make = async (extra: Parameters<typeof createReceipt>[3]) =>
    createReceipt(suite.app, suite.token, { ...refs, cooler: await createCooler(suite.app, suite.token) }, extra);
  plain = await make({ receiptDate: '2025-03-04T09:15:00Z', assetNo: 'A,1 "big"' });
  formula = await make({ receiptDate: '2025-03-04T10:30:00Z', assetNo: '=HYPERLINK("http://x")' });
  scrapped = await make({
    receiptDate: '2025-07-01T12:00:00Z',
    processOption: 'S',
    scrapReason: refs.scrapReason.code,
    assetNo: '@SUM(1)',
  });
  onNote = await make({ receiptDate: '2025-03-05T08:00:00Z' });
  other = await make({ receiptDate: '2025-03-04T11:00:00Z' });
  const f = await deliveryFixtures(suite.app, suite.token);
  noteId = (await f.note({ lbNumbers: [onNote.lbNumber] })).id;
});

describe('POST /api/receipts/export_csv', () => {
  it('answers exactly the chosen receipts, in the order given, in the end-of-day columns', async () => {
    const res = await exportCsv([scrapped.id, plain.id, onNote.id, formula.id]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipts_\d{4}-\d{2}-\d{2}_4\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const records: string[][] = parse(res.body.slice(1));
    const [header, ...rows] = records;
    expect(header).toEqual([...END_OF_DAY_COLUMNS]);
    const row = (r: Receipt, receiptDate: string, assetNo: string, rest: [string, string, string, string]) => [
      refs.supplier.name,
      '',
      refs.account.name,
      rest[0],
      receiptDate,
      r.inventoryItem.serialNumber,
      r.inventoryItem.partNumber.partNumber,
      refs.account.client.name,
      assetNo,
      r.lbNumber,
      dom(r),
      rest[1],
      rest[2],
      rest[3],
    ];
    expect(rows).toEqual([
      // London summer time: 12:00 UTC is 13:00 in London. A leading '@' is neutralised.
      row(scrapped, '01/07/2025 13:00', `'@SUM(1)`, ['', 'S', String(refs.scrapReason.code), 'No']),
      row(plain, '04/03/2025 09:15', 'A,1 "big"', ['', 'X', '', 'No']),
      row(onNote, '05/03/2025 08:00', '', [String(noteId), 'X', '', 'No']),
      // A value a spreadsheet would run as a formula is written as text.
      row(formula, '04/03/2025 10:30', `'=HYPERLINK("http://x")`, ['', 'X', '', 'No']),
    ]);
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"")",`);
    // Not chosen, not in the file.
    expect(res.body).not.toContain(other.lbNumber);
  });

  it('marks nothing exported: the end-of-day sheet stays the export of record', async () => {
    expect((await exportCsv([plain.id, formula.id])).statusCode).toBe(200);
    for (const r of [plain, formula]) expect((await receipt(r.id)).isExported).toBe(false);
    // Exported as the end-of-day CSV has marked it.
    expect((await api('GET', '/api/end_of_day_sheet_csv?receiptDate=2025-03-04')).statusCode).toBe(200);
    expect((await receipt(plain.id)).isExported).toBe(true);
    const records: string[][] = parse((await exportCsv([plain.id, onNote.id])).body.slice(1));
    const rows = records.slice(1);
    expect(rows.map((r) => r[13])).toEqual(['Yes', 'No']);
  });

  it('an id that names no receipt is a 400 on its place in ids, and no file', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    const violations = violationsOf(await exportCsv([plain.id, formula.id, scrapped.id, unknown]));
    expect(violations).toEqual({ 'ids[3]': UNKNOWN_REFERENCE });
  });

  it.each([
    ['ids', undefined],
    ['ids', []],
    ['ids', 'not a list'],
    ['ids[3]', ['PLAIN', 'FORMULA', 'SCRAPPED', 'not-a-uuid']],
    ['ids[3]', ['PLAIN', 'FORMULA', 'SCRAPPED', 'PLAIN']],
    ['ids', Array.from({ length: MAX_EXPORT_SELECTED + 1 }, () => 'PLAIN')],
  ])('a bad body is a 400 on %s (case %#)', async (field, ids) => {
    const named: Record<string, string> = { PLAIN: plain.id, FORMULA: formula.id, SCRAPPED: scrapped.id };
    const body = Array.isArray(ids) ? ids.map((id) => named[id] ?? id) : ids;
    // A list of one id many times: the duplicate rule is not what this case is about.
    const list =
      Array.isArray(body) && body.length > MAX_EXPORT_SELECTED
        ? body.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
        : body;
    const violations = violationsOf(await exportCsv(list));
    if (field === 'ids[3]' && Array.isArray(ids) && ids[3] === 'PLAIN') {
      expect(violations).toEqual({ 'ids[3]': RECEIPT_LISTED_TWICE });
    } else if (field === 'ids[3]') {
      expect(Object.keys(violations)).toEqual(['ids[3]']);
    } else {
      expect(Object.keys(violations)).toEqual(['ids']);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await suite.app.inject({ method: 'POST', url: '/api/receipts/export_csv', payload: { ids: [plain.id] } })).statusCode).toBe(
      401,
    );
  });
});
