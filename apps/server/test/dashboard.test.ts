/**
 * The dashboard (docs/decisions/255): every figure equals the total of the Master Data list its link
 * opens; a figure follows every write at once (remembered only under the inventory list version);
 * bad input is a 400 on its field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  addDays,
  dashboardLinks,
  linkSearch,
  type NotExported,
  type NotOnNoteByAge,
  type ReceiptsLink,
  type ReceiptsPerDay,
  type ScrapByReason,
  type Turnaround,
} from '@cooler-hub/contract/dashboard';
import { londonDayStart, londonToday } from '@cooler-hub/contract/london-time';
import type { Receipt, ReceiptCreateInput } from '@cooler-hub/contract/receipts';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { createReceipt, createScrapReason } from './factories';
import { json, useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
const today = londonToday();
let f: DeliveryFixtures;

/** London noon of the day `daysAgo` before today: the receipt's London day is that day whatever the offset. */
const noonDaysAgo = (daysAgo: number) => new Date(londonDayStart(addDays(today, -daysAgo)).getTime() + 12 * 3_600_000).toISOString();

async function receipt(daysAgo: number, overrides: Partial<ReceiptCreateInput> = {}): Promise<Receipt> {
  return createReceipt(suite.app, suite.token, f.refs, { receiptDate: noonDaysAgo(daysAgo), ...overrides });
}

async function figure<T>(path: string): Promise<T> {
  const res = await suite.api('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
}

/** The total Master Data shows for a figure's link. */
async function listTotal(link: ReceiptsLink): Promise<number> {
  const res = await suite.api('GET', `/api/receipts?perPage=5&${linkSearch(link)}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ totalCount: number }>(res).totalCount;
}

let reasonA: number;
let reasonB: number;
beforeAll(async () => {
  f = await deliveryFixtures(suite.app, suite.token);
  reasonA = (await createScrapReason(suite.app, suite.token)).code;
  reasonB = (await createScrapReason(suite.app, suite.token)).code;
  await receipt(0);
  await receipt(0, { processOption: 'D', processState: 'D1' });
  await receipt(0, { processOption: 'S', scrapReason: reasonA });
  await receipt(0, { processOption: 'D', processState: 'D5', scrapReason: reasonB });
  await receipt(3);
  await receipt(3);
  await receipt(10, { processOption: 'S', scrapReason: reasonA });
  await receipt(40);
  await receipt(40, { processOption: 'S', scrapReason: reasonB });
  await receipt(100);
  await receipt(100);
  // On notes: two received 10 and 3 days ago on an approved transfer, one on a pending scrap note.
  const onTransfer = [(await receipt(10)).lbNumber, (await receipt(3)).lbNumber];
  const transfer = await f.note({ type: 'transfer', lbNumbers: onTransfer });
  expect((await suite.api('POST', `/api/deliveries/${transfer.id}/approve`)).statusCode).toBe(200);
  await f.note({ type: 'scrap', lbNumbers: [(await receipt(40)).lbNumber] });
  // The 100-days-ago receipts leave in that day's end-of-day CSV.
  expect((await suite.api('GET', `/api/end_of_day_sheet_csv?receiptDate=${addDays(today, -100)}`)).statusCode).toBe(200);
});

describe('each figure equals the total of the list it links to', () => {
  it.each([30, 90] as const)('receipts per day, %i days: each day and option, and the period', async (days) => {
    const perDay = await figure<ReceiptsPerDay>(`/api/dashboard/receipts_per_day?days=${days}`);
    expect(perDay.perDay).toHaveLength(days);
    expect(perDay.to).toBe(today);
    expect(perDay.perDay.at(-1)).toMatchObject({ day: today });
    expect(perDay.perDay.at(-1)!.X).toBeGreaterThanOrEqual(1);
    expect(perDay.perDay.at(-1)!.D).toBeGreaterThanOrEqual(2);
    expect(perDay.total).toBe(await listTotal(dashboardLinks.received(perDay.from, perDay.to)));
    for (const d of perDay.perDay.filter((x) => x.X + x.D + x.S > 0)) {
      for (const option of ['X', 'D', 'S'] as const)
        expect(d[option], `${d.day} ${option}`).toBe(await listTotal(dashboardLinks.dayOption(d.day, option)));
    }
    // 40 days ago is inside 90 days only.
    expect(perDay.perDay.some((d) => d.day === addDays(today, -40))).toBe(days === 90);
  });

  it.each([30, 90] as const)('scrap by reason, %i days: each reason and the receipts received', async (days) => {
    const scrap = await figure<ScrapByReason>(`/api/dashboard/scrap_by_reason?days=${days}`);
    expect(scrap.received).toBe(await listTotal(dashboardLinks.received(scrap.from, scrap.to)));
    const ours = scrap.reasons.filter((r) => r.code === reasonA || r.code === reasonB);
    expect(ours.map((r) => [r.code, r.count])).toEqual(
      days === 30
        ? [
            [reasonA, 2],
            [reasonB, 1],
          ]
        : [
            [reasonA, 2],
            [reasonB, 2],
          ],
    );
    for (const r of scrap.reasons)
      expect(r.count, `reason ${r.code}`).toBe(await listTotal(dashboardLinks.scrapReason(scrap.from, scrap.to, r.code)));
  });

  it('turnaround: median and 90th percentile of the receipts on notes approved in the period, counted as the list counts them', async () => {
    const t = await figure<Turnaround>('/api/dashboard/turnaround?days=30');
    expect(t.count).toBe(2);
    expect(t.count).toBe(await listTotal(dashboardLinks.approvedInPeriod(t.from, t.to)));
    // Received 10 and 3 days ago (at London noon), approved now: the median halfway, p90 near the older.
    expect(t.medianDays).toBeGreaterThan(5);
    expect(t.medianDays).toBeLessThan(8);
    expect(t.p90Days).toBeGreaterThan(t.medianDays!);
    expect(t.p90Days).toBeLessThanOrEqual(11);
  });

  it('not on any note, by age: each band, and the bands cover every receipt on no note', async () => {
    const byAge = await figure<NotOnNoteByAge>('/api/dashboard/not_on_note_by_age');
    expect(byAge.bands.map((b) => b.label)).toEqual(['0–7 days', '8–30 days', '31–90 days', '> 90 days']);
    for (const [i, band] of AGE_BANDS.entries())
      expect(byAge.bands[i]!.count, band.label).toBe(await listTotal(dashboardLinks.notOnNote(band, byAge.today)));
    expect(byAge.total).toBe(await listTotal({ inDeliveryNote: 'false' }));
    // Today's 4 and the two of 3 days ago; 10 days ago one (the other is on the transfer); 40: two; 100: two.
    expect(byAge.bands.map((b) => b.count)).toEqual([6, 1, 2, 2]);
  });

  it('not exported', async () => {
    const x = await figure<NotExported>('/api/dashboard/not_exported');
    expect(x.count).toBe(await listTotal(dashboardLinks.notExported()));
    expect(x.count).toBe((await listTotal({})) - 2);
  });
});

describe('a figure follows every write at once', () => {
  it('a new receipt, a note approved, a CSV export', async () => {
    const before = await figure<ReceiptsPerDay>('/api/dashboard/receipts_per_day?days=30');
    const byAge = await figure<NotOnNoteByAge>('/api/dashboard/not_on_note_by_age');
    const turnaround = await figure<Turnaround>('/api/dashboard/turnaround?days=30');
    const exported = await figure<NotExported>('/api/dashboard/not_exported');

    const fresh = await receipt(0, { processOption: 'S', scrapReason: reasonA });
    const after = await figure<ReceiptsPerDay>('/api/dashboard/receipts_per_day?days=30');
    expect(after.perDay.at(-1)!.S).toBe(before.perDay.at(-1)!.S + 1);
    expect((await figure<NotOnNoteByAge>('/api/dashboard/not_on_note_by_age')).bands[0]!.count).toBe(byAge.bands[0]!.count + 1);

    const note = await f.note({ type: 'scrap', lbNumbers: [fresh.lbNumber] });
    expect((await suite.api('POST', `/api/deliveries/${note.id}/approve`)).statusCode).toBe(200);
    const t = await figure<Turnaround>('/api/dashboard/turnaround?days=30');
    expect(t.count).toBe(turnaround.count + 1);
    expect(t.count).toBe(await listTotal(dashboardLinks.approvedInPeriod(t.from, t.to)));

    expect((await suite.api('GET', `/api/end_of_day_sheet_csv?receiptDate=${addDays(today, -40)}`)).statusCode).toBe(200);
    const x = await figure<NotExported>('/api/dashboard/not_exported');
    expect(x.count).toBe(exported.count + 1 - 3);
    expect(x.count).toBe(await listTotal(dashboardLinks.notExported()));
  });
});

describe('bad input', () => {
  it('a period other than 30 or 90 days is a 400 on days', async () => {
    for (const days of ['7', 'abc', '30.0', '-30']) {
      const res = await suite.api('GET', `/api/dashboard/receipts_per_day?days=${days}`);
      expect(violationsOf(res), days).toEqual({ days: 'Choose 30 or 90 days.' });
    }
    for (const path of ['scrap_by_reason', 'turnaround'])
      expect(violationsOf(await suite.api('GET', `/api/dashboard/${path}?days=365`))).toEqual({ days: 'Choose 30 or 90 days.' });
  });

  it("the list's new filters: a scrap reason's code and the note's approval days, each a 400 on its field", async () => {
    expect(violationsOf(await suite.api('GET', '/api/receipts?scrapReason=abc'))).toEqual({ scrapReason: 'This value is not valid.' });
    expect(violationsOf(await suite.api('GET', '/api/receipts?scrapReason=2147483648'))).toEqual({
      scrapReason: 'This value is not valid.',
    });
    expect(Object.keys(violationsOf(await suite.api('GET', '/api/receipts?noteApprovedDate[after]=yesterday')))).toEqual([
      'noteApprovedDate.after',
    ]);
    expect(
      violationsOf(await suite.api('GET', `/api/receipts?noteApprovedDate[after]=${today}&noteApprovedDate[before]=${addDays(today, -1)}`)),
    ).toEqual({
      'noteApprovedDate.before': 'The end date is before the start date.',
    });
    // A code no reason has matches nothing.
    expect(await listTotal({ scrapReason: '2147483647' })).toBe(0);
  });

  it('signed out: 401', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/dashboard/not_exported' });
    expect(res.statusCode).toBe(401);
  });
});
