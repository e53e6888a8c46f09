/**
 * Every date filter takes both forms (docs/decisions/206): `receiptDate=D` and
 * `receiptDate[after]=D&receiptDate[before]=D`, on the receipts list, the end-of-day sheet and its
 * CSV; a range of days on the sheet and the CSV (the CSV of a week); bad input is a 400 on the field
 * and the CSV then marks nothing exported.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolationList, ListResponse } from '@cooler-hub/contract/common';
import type { EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { call, createReceipt, createReceiptReferences } from './factories';
import { adminToken, buildTestApp, json, type TestApp } from './helpers';

let t: TestApp;
let token: string;
const byDay = new Map<string, string[]>();
beforeAll(async () => {
  t = await buildTestApp();
  token = await adminToken(t.app);
  const refs = await createReceiptReferences(t.app, token);
  // Mon 3 … Sun 9 March 2025 (GMT), two receipts a day on Mon, Wed and Sun, one the Monday after.
  for (const [day, times] of [
    ['2025-03-03', ['08:00', '17:30']],
    ['2025-03-05', ['09:00', '23:59']],
    ['2025-03-09', ['00:00', '12:00']],
    ['2025-03-10', ['00:00']],
  ] as const) {
    for (const time of times) {
      const r = await createReceipt(t.app, token, refs, { receiptDate: `${day}T${time}:00Z` });
      byDay.set(day, [...(byDay.get(day) ?? []), r.lbNumber]);
    }
  }
});
afterAll(() => t?.close());

const get = (url: string) => call(t.app, token, 'GET', url);
const lbsOfSheet = async (query: string) =>
  json<ListResponse<EndOfDayRow>>(await get(`/api/end_of_day_sheet?perPage=100&${query}`)).items.map((r) => r.tagNumber);
const lbsOfReceipts = async (query: string) =>
  json<ListResponse<Receipt>>(await get(`/api/receipts?perPage=100&order[receiptDate]=asc&${query}`)).items.map((r) => r.lbNumber);
const days = (...d: string[]) => d.flatMap((x) => byDay.get(x)!);

describe('both forms', () => {
  it('end-of-day sheet: one day either way; a range of days', async () => {
    expect(await lbsOfSheet('receiptDate=2025-03-05')).toEqual(days('2025-03-05'));
    expect(await lbsOfSheet('receiptDate[after]=2025-03-05&receiptDate[before]=2025-03-05')).toEqual(days('2025-03-05'));
    expect(await lbsOfSheet('receiptDate[after]=2025-03-03&receiptDate[before]=2025-03-09')).toEqual(
      days('2025-03-03', '2025-03-05', '2025-03-09'),
    );
    // One open end: that day.
    expect(await lbsOfSheet('receiptDate[before]=2025-03-09')).toEqual(days('2025-03-09'));
  });

  it('receipts list: one day either way, and the range', async () => {
    expect(await lbsOfReceipts('receiptDate=2025-03-09')).toEqual(days('2025-03-09'));
    expect(await lbsOfReceipts('receiptDate[after]=2025-03-09&receiptDate[before]=2025-03-09')).toEqual(days('2025-03-09'));
    expect(await lbsOfReceipts('receiptDate[after]=2025-03-05&receiptDate[before]=2025-03-10')).toEqual(
      days('2025-03-05', '2025-03-09', '2025-03-10'),
    );
    expect(await lbsOfReceipts('receiptDate[after]=2025-03-09')).toEqual(days('2025-03-09', '2025-03-10'));
  });

  it('the end-of-day CSV of a week: every receipt of the week, named by its first and last day', async () => {
    const res = await get('/api/end_of_day_sheet_csv?receiptDate[after]=2025-03-03&receiptDate[before]=2025-03-09');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="end_of_day_sheet_2025-03-03_2025-03-09.csv"');
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''));
    expect(rows.slice(1).map((r) => r[9])).toEqual(days('2025-03-03', '2025-03-05', '2025-03-09'));
    const one = await get('/api/end_of_day_sheet_csv?receiptDate=2025-03-10');
    expect(one.headers['content-disposition']).toBe('attachment; filename="end_of_day_sheet_2025-03-10.csv"');
    // The export commits once the whole body is delivered, a moment after the client has it.
    await expect.poll(() => lbsOfSheet('receiptDate=2025-03-10&isExported=false')).toEqual([]);
  });
});

describe('bad dates', () => {
  const violations = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    return res.json<ConstraintViolationList>().violations.map((v) => [v.propertyPath, v.message]);
  };

  it.each(['/api/end_of_day_sheet', '/api/end_of_day_sheet_csv', '/api/receipts'])('%s: 400 on the field that is wrong', async (path) => {
    expect(await violations(`${path}?receiptDate=2025-13-01`)).toEqual([['receiptDate', 'Enter a date as YYYY-MM-DD.']]);
    expect(await violations(`${path}?receiptDate[after]=yesterday&receiptDate[before]=2025-03-09`)).toEqual([
      ['receiptDate.after', 'Enter a date as YYYY-MM-DD.'],
    ]);
    expect(await violations(`${path}?receiptDate[after]=2025-03-09&receiptDate[before]=2025-03-03`)).toEqual([
      ['receiptDate.before', 'The end date is before the start date.'],
    ]);
  });

  it('a refused CSV marks nothing exported', async () => {
    const fresh = await createReceipt(t.app, token, await createReceiptReferences(t.app, token), { receiptDate: '2025-04-01T10:00:00Z' });
    await violations('/api/end_of_day_sheet_csv?receiptDate[after]=2025-04-01&receiptDate[before]=2025-03-31');
    await violations('/api/end_of_day_sheet_csv?receiptDate[after]=2025-04-01&receiptDate[before]=April');
    expect(await lbsOfSheet('receiptDate=2025-04-01&isExported=false')).toEqual([fresh.lbNumber]);
  });
});
