/**
 * GET /api/receipts and /api/coolers paging (docs/decisions/274): pages past the middle are
 * read from the other end, and totals are remembered until receipts or coolers change — so every
 * page must still be the same rows as one long page, and every total must follow every change.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { ListResponse } from '@cooler-hub/contract/common';
import {
  call,
  createCooler,
  createPartNumber,
  createReceipt,
  createReceiptReferences,
  createScrapReason,
  type ReceiptReferences,
} from './factories';
import { adminToken, buildTestApp, json, useSignedInApp, withoutVersion } from './helpers';

const suite = useSignedInApp('Admin');

let refs: ReceiptReferences;
let receipts: Receipt[];
const byAccount = (query: string) => suite.list<Receipt>(`/api/receipts?customerId=${refs.account.id}&${query}`);

beforeAll(async () => {
  const { app, token } = suite;
  refs = await createReceiptReferences(app, token);
  receipts = [];
  for (let i = 0; i < 7; i++) {
    const cooler = await createCooler(app, token);
    receipts.push(
      await createReceipt(
        app,
        token,
        { ...refs, cooler },
        {
          // Two receipts share each date, so the id tie-break decides part of the order.
          receiptDate: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 2), 9)).toISOString(),
          ...(i % 3 === 0 ? { collectionPoint: null, engineerNo: `ENG${i}` } : {}),
        },
      ),
    );
  }
});

describe('pages', () => {
  it.each([
    '',
    'order[receiptDate]=asc',
    'order[lbNumber]=desc',
    'order[serialNumber]=asc',
    'order[collectionPoint]=asc',
    'order[engineerNo]=desc',
  ])('pages of 2 (the later ones read from the end) are the rows of one page in order: %s', async (order) => {
    const whole = (await byAccount(`perPage=100&${order}`)).items.map((r) => r.id);
    expect(whole).toHaveLength(7);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await byAccount(`perPage=2&page=${page}&${order}`);
      expect(answer.totalCount).toBe(7);
      expect(answer.pagesCount).toBe(4);
      paged.push(...answer.items.map((r) => r.id));
    }
    expect(paged).toEqual(whole);
    expect((await byAccount(`perPage=2&page=5&${order}`)).items).toEqual([]);
  });

  it('a page read from the end holds every field, as GET /api/receipts/{id} answers it (but the version, which a list does not carry)', async () => {
    const last = await byAccount('perPage=2&page=4');
    expect(last.items).toHaveLength(1);
    const one = await suite.api('GET', `/api/receipts/${last.items[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(last.items[0]).toEqual(withoutVersion(JSON.parse(one.body) as Receipt));
  });
});

describe('remembered page boundaries (docs/decisions/239)', () => {
  /** Pages visited out of order, each twice or more: later visits seek from boundaries the earlier ones left. */
  const VISITS = [2, 3, 4, 3, 2, 4, 2, 3, 1, 2];

  it.each([
    '',
    'order[receiptDate]=asc',
    'order[lbNumber]=asc',
    'order[customer]=asc',
    'order[processOption]=desc',
    'order[engineerNo]=asc',
    'order[engineerNo]=desc',
    'order[processState]=asc',
    'order[processState]=desc',
    'order[dateOfManufacture]=desc',
  ])('every visit of a page, in any order, is that page of one long page (ties and nulls included): %s', async (order) => {
    const whole = (await byAccount(`perPage=100&${order}`)).items.map((r) => r.id);
    expect(whole).toHaveLength(7);
    for (const page of VISITS) {
      const answer = await byAccount(`perPage=2&page=${page}&${order}`);
      expect(answer.totalCount).toBe(7);
      expect(answer.items.map((r) => r.id)).toEqual(whole.slice((page - 1) * 2, page * 2));
    }
    // Past the end: an empty page with the right total, also after its neighbours were remembered.
    const past = await byAccount(`perPage=2&page=5&${order}`);
    expect(past.items).toEqual([]);
    expect(past.totalCount).toBe(7);
  });

  it('a row written between two reads of a page moves the page as it moves one long page', async () => {
    const pageOf = async (page: number) => (await byAccount(`perPage=2&page=${page}`)).items.map((r) => r.id);
    const before = (await byAccount('perPage=100')).items.map((r) => r.id);
    expect(await pageOf(3)).toEqual(before.slice(4, 6));
    expect(await pageOf(3)).toEqual(before.slice(4, 6));
    // The newest receipt comes first (receiptDate desc): every later row moves one place on.
    const newest = await createReceipt(suite.app, suite.token, refs, { receiptDate: '2026-03-20T09:00:00Z' });
    const after = (await byAccount('perPage=100')).items.map((r) => r.id);
    expect(after[0]).toBe(newest.id);
    expect(await pageOf(3)).toEqual(after.slice(4, 6));
    expect(await pageOf(2)).toEqual(after.slice(2, 4));
    expect((await suite.api('DELETE', `/api/receipts/${newest.id}`)).statusCode).toBe(204);
    expect(await pageOf(3)).toEqual(before.slice(4, 6));
    expect(await pageOf(2)).toEqual(before.slice(2, 4));
  });

  it('another filter between two pages reads its own rows, not the boundaries of the first', async () => {
    const whole = (await byAccount('perPage=100')).items;
    const withEngineer = whole.filter((r) => r.engineerNo?.startsWith('ENG')).map((r) => r.id);
    expect(withEngineer.length).toBeGreaterThanOrEqual(3);
    expect((await byAccount('perPage=1&page=2')).items.map((r) => r.id)).toEqual([whole[1]!.id]);
    expect((await byAccount('perPage=1&page=3')).items.map((r) => r.id)).toEqual([whole[2]!.id]);
    expect((await byAccount('perPage=1&page=2&engineerNo=ENG')).items.map((r) => r.id)).toEqual([withEngineer[1]]);
    expect((await byAccount('perPage=1&page=3&engineerNo=ENG')).items.map((r) => r.id)).toEqual([withEngineer[2]]);
    expect((await byAccount('perPage=1&page=3')).items.map((r) => r.id)).toEqual([whole[2]!.id]);
  });
});

describe('a whole LB number or serial is a lookup (docs/decisions/241)', () => {
  it('names that receipt alone; a part of one is still a "contains" search, any case', async () => {
    const { app, token } = suite;
    const digits = String(Date.now() % 100_000_000).padStart(8, '0');
    const cooler = await createCooler(app, token);
    const longerCooler = await createCooler(app, token, { serialNumber: `${cooler.serialNumber}X` });
    const exact = await createReceipt(app, token, { ...refs, cooler }, { lbNumber: `LB${digits}` });
    const longer = await createReceipt(app, token, { ...refs, cooler: longerCooler }, { lbNumber: `LB${digits}5` });
    const ids = async (query: string) => (await suite.list<Receipt>(`/api/receipts?${query}`)).items.map((r) => r.id).sort();
    try {
      expect(await ids(`lbNumber=LB${digits}`)).toEqual([exact.id]);
      expect(await ids(`lbNumber=lb${digits}5`)).toEqual([longer.id]);
      expect(await ids(`lbNumber=${digits}`)).toEqual([exact.id, longer.id].sort());
      expect(await ids(`lbNumber=LB${digits}9`)).toEqual([]);
      expect(await ids(`serialNumber=${cooler.serialNumber.toLowerCase()}`)).toEqual([exact.id]);
      expect(await ids(`serialNumber=${cooler.serialNumber.slice(1)}`)).toEqual([exact.id, longer.id].sort());
      // Other filters still apply to the one receipt found.
      expect(await ids(`lbNumber=LB${digits}&customerId=${refs.account.id + 1000000}`)).toEqual([]);
    } finally {
      for (const r of [exact, longer]) expect((await suite.api('DELETE', `/api/receipts/${r.id}`)).statusCode).toBe(204);
    }
  });
});

describe('statements per page', () => {
  it('a full first page whose total is remembered: its ids with the list version, then its rows (docs/decisions/248, 285)', async () => {
    const statements: string[] = [];
    const own = await buildTestApp({}, { logQuery: (query) => statements.push(query) });
    try {
      const token = await adminToken(own.app);
      const ownRefs = await createReceiptReferences(own.app, token);
      for (let i = 0; i < 3; i++) await createReceipt(own.app, token, ownRefs);
      const firstPage = () => call(own.app, token, 'GET', '/api/receipts?perPage=2');
      expect(json<ListResponse<Receipt>>(await firstPage()).totalCount).toBe(3);
      statements.length = 0;
      expect(json<ListResponse<Receipt>>(await firstPage()).totalCount).toBe(3);
      expect(statements.filter((q) => /"receipts"|"list_versions"/.test(q))).toHaveLength(2);
      // A change: the page reads the new version, so the total is counted again.
      await createReceipt(own.app, token, ownRefs);
      expect(json<ListResponse<Receipt>>(await firstPage()).totalCount).toBe(4);
    } finally {
      await own.close();
    }
  });
});

describe('a scanned LB number (docs/decisions/247)', () => {
  it('is answered by one statement after the guard: the receipt with everything it shows', async () => {
    const statements: string[] = [];
    const own = await buildTestApp({}, { logQuery: (query) => statements.push(query) });
    try {
      const token = await adminToken(own.app);
      const ownRefs = await createReceiptReferences(own.app, token);
      const receipt = await createReceipt(own.app, token, ownRefs);
      statements.length = 0;
      const res = await call(own.app, token, 'GET', `/api/receipts?lbNumber=${receipt.lbNumber.toLowerCase()}`);
      expect(json<ListResponse<Receipt>>(res)).toMatchObject({ totalCount: 1, items: [withoutVersion(receipt)] });
      const reads = statements.filter((q) => /"receipts"/.test(q));
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatch(/where "receipts"."lb_number" = \$1$/);
    } finally {
      await own.close();
    }
  });
});

describe('remembered totals follow every change', () => {
  it('a created and a deleted receipt change the total of a later page', async () => {
    expect((await byAccount('perPage=2&page=2')).totalCount).toBe(7);
    const extra = await createReceipt(suite.app, suite.token, refs);
    expect((await byAccount('perPage=2&page=2')).totalCount).toBe(8);
    expect((await suite.api('DELETE', `/api/receipts/${extra.id}`)).statusCode).toBe(204);
    expect((await byAccount('perPage=2&page=2')).totalCount).toBe(7);
  });

  it('a cooler given another part number changes the receipts counted by part number', async () => {
    const part = await createPartNumber(suite.app, suite.token);
    const byPart = () => suite.list<Receipt>(`/api/receipts?partNumber=${part.id}&perPage=1&page=2`);
    expect((await byPart()).totalCount).toBe(0);
    const moved = receipts.slice(0, 2).map((r) => r.inventoryItem);
    for (const cooler of moved) {
      const res = await suite.api('PUT', `/api/coolers/${cooler.id}`, {
        serialNumber: cooler.serialNumber,
        partNumber: part.id,
        dateOfManufacture: cooler.dateOfManufacture,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await byPart()).totalCount).toBe(2);
  });

  it("a scrap reason's code given to another reason counts that reason's receipts at once", async () => {
    // An account of its own: the other totals of this file stay as they are.
    const own = await createReceiptReferences(suite.app, suite.token);
    const [first, second] = [await createScrapReason(suite.app, suite.token), await createScrapReason(suite.app, suite.token)];
    for (let i = 0; i < 2; i++) await createReceipt(suite.app, suite.token, own, { processOption: 'S', scrapReason: first.code });
    const byCode = (code: number) => suite.list<Receipt>(`/api/receipts?customerId=${own.account.id}&scrapReason=${code}&perPage=1&page=2`);
    // Page 2 needs the total; the second read is the remembered one.
    expect((await byCode(first.code)).totalCount).toBe(2);
    expect((await byCode(first.code)).totalCount).toBe(2);
    // A reference's change leaves the inventory's version alone: the code now names a reason with no receipts.
    const rename = async (reason: typeof first, code: number) =>
      expect((await suite.api('PUT', `/api/scrap_reasons/${reason.id}/update`, { number: code, name: reason.reason })).statusCode).toBe(
        200,
      );
    const freeCode = Math.max(first.code, second.code) + 1000;
    await rename(first, freeCode);
    await rename(second, first.code);
    expect((await byCode(first.code)).totalCount).toBe(0);
    expect((await byCode(freeCode)).totalCount).toBe(2);
  });

  it('the end-of-day CSV changes the not-exported total', async () => {
    const notExported = () => byAccount('isExported=false&perPage=1&page=2');
    expect((await notExported()).totalCount).toBe(7);
    const csv = await suite.api('GET', '/api/end_of_day_sheet_csv?receiptDate=2026-03-01');
    expect(csv.statusCode).toBe(200);
    expect((await notExported()).totalCount).toBe(5);

    // Sorted by isExported (two runs, docs/decisions/274): the 5 not exported first ascending, in pages as in one.
    for (const direction of ['asc', 'desc']) {
      const whole = (await byAccount(`perPage=100&order[isExported]=${direction}`)).items;
      expect(whole.map((r) => r.isExported)).toEqual(
        direction === 'asc' ? [false, false, false, false, false, true, true] : [true, true, false, false, false, false, false],
      );
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++)
        paged.push(...(await byAccount(`perPage=2&page=${page}&order[isExported]=${direction}`)).items.map((r) => r.id));
      expect(paged).toEqual(whole.map((r) => r.id));
    }
  });

  it('a created cooler changes the coolers total', async () => {
    const before = (await suite.list<Cooler>('/api/coolers?perPage=1&page=2')).totalCount;
    await createCooler(suite.app, suite.token);
    expect((await suite.list<Cooler>('/api/coolers?perPage=1&page=2')).totalCount).toBe(before + 1);
  });
});

describe('exported receipts by date (docs/decisions/292)', () => {
  it('are read in date order from their export marks, in pages as in one, and a receipt whose date changes takes its mark along', async () => {
    const { app, token } = suite;
    const own = await createReceiptReferences(app, token);
    const at = async (receiptDate: string) =>
      createReceipt(app, token, { ...own, cooler: await createCooler(app, token) }, { receiptDate });
    // Two London days exported, the second with two receipts at the same minute (the id breaks the tie); a third day not.
    const dayOne = [await at('2025-06-10T08:00:00Z'), await at('2025-06-10T09:00:00Z'), await at('2025-06-10T10:00:00Z')];
    const dayTwo = [await at('2025-06-11T09:00:00Z'), await at('2025-06-11T09:00:00Z')];
    const notExported = await at('2025-06-12T09:00:00Z');
    for (const day of ['2025-06-10', '2025-06-11']) {
      expect((await suite.api('GET', `/api/end_of_day_sheet_csv?receiptDate=${day}`)).statusCode).toBe(200);
    }
    const list = (query: string) => suite.list<Receipt>(`/api/receipts?customerId=${own.account.id}&${query}`);
    /** The exported list, whole and in pages of 2 (each page read twice: the second seeks from the first's boundary), against every receipt's order. */
    const expectInDateOrder = async () => {
      for (const direction of ['desc', 'asc']) {
        const all = (await list(`perPage=100&order[receiptDate]=${direction}`)).items;
        const expected = all.filter((r) => r.isExported).map((r) => r.id);
        const whole = await list(`isExported=true&perPage=100&order[receiptDate]=${direction}`);
        expect(whole.items.map((r) => r.id)).toEqual(expected);
        expect(whole.totalCount).toBe(5);
        const paged: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const first = await list(`isExported=true&perPage=2&page=${page}&order[receiptDate]=${direction}`);
          expect((await list(`isExported=true&perPage=2&page=${page}&order[receiptDate]=${direction}`)).items).toEqual(first.items);
          paged.push(...first.items.map((r) => r.id));
        }
        expect(paged).toEqual(expected);
      }
    };
    await expectInDateOrder();
    const newestFirst = (await list('isExported=true&perPage=100')).items.map((r) => r.id);
    expect(newestFirst.slice(2)).toEqual([dayOne[2]!.id, dayOne[1]!.id, dayOne[0]!.id]);
    expect(newestFirst.slice(0, 2).sort()).toEqual([dayTwo[0]!.id, dayTwo[1]!.id].sort());
    expect(newestFirst).not.toContain(notExported.id);

    // No screen changes a receipt's date; changed by hand, its mark follows (migration 0019's trigger).
    await suite.t.database.db.execute(sql`update receipts set receipt_date = '2025-06-13T09:00:00Z' where id = ${dayOne[0]!.id}`);
    expect((await list('isExported=true&perPage=1')).items.map((r) => r.id)).toEqual([dayOne[0]!.id]);
    await expectInDateOrder();
  });
});
