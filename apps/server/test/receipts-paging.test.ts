/**
 * GET /api/receipts and /api/coolers paging (docs/decisions/110–112): pages past the middle are
 * read from the other end, and totals are remembered until receipts or coolers change — so every
 * page must still be the same rows as one long page, and every total must follow every change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { createCooler, createPartNumber, createReceipt, createReceiptReferences, type ReceiptReferences } from './factories';
import { useSignedInApp, withoutVersion } from './helpers';

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
      await createReceipt(app, token, { ...refs, cooler }, {
        // Two receipts share each date, so the id tie-break decides part of the order.
        receiptDate: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 2), 9)).toISOString(),
        ...(i % 3 === 0 ? { collectionPoint: null, engineerNo: `ENG${i}` } : {}),
      }),
    );
  }
});

describe('pages', () => {
  it.each(['', 'order[receiptDate]=asc', 'order[lbNumber]=desc', 'order[serialNumber]=asc', 'order[collectionPoint]=asc', 'order[engineerNo]=desc'])(
    'pages of 2 (the later ones read from the end) are the rows of one page in order: %s',
    async (order) => {
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
    },
  );

  it('a page read from the end holds every field, as GET /api/receipts/{id} answers it (but the version, which a list does not carry)', async () => {
    const last = await byAccount('perPage=2&page=4');
    expect(last.items).toHaveLength(1);
    const one = await suite.api('GET', `/api/receipts/${last.items[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(last.items[0]).toEqual(withoutVersion(JSON.parse(one.body) as Receipt));
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

  it('the end-of-day CSV changes the not-exported total', async () => {
    const notExported = () => byAccount('isExported=false&perPage=1&page=2');
    expect((await notExported()).totalCount).toBe(7);
    const csv = await suite.api('GET', '/api/end_of_day_sheet_csv?receiptDate=2026-03-01');
    expect(csv.statusCode).toBe(200);
    expect((await notExported()).totalCount).toBe(5);

    // Sorted by isExported (two runs, docs/decisions/115): the 5 not exported first ascending, in pages as in one.
    for (const direction of ['asc', 'desc']) {
      const whole = (await byAccount(`perPage=100&order[isExported]=${direction}`)).items;
      expect(whole.map((r) => r.isExported)).toEqual(direction === 'asc' ? [false, false, false, false, false, true, true] : [true, true, false, false, false, false, false]);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++) paged.push(...(await byAccount(`perPage=2&page=${page}&order[isExported]=${direction}`)).items.map((r) => r.id));
      expect(paged).toEqual(whole.map((r) => r.id));
    }
  });

  it('a created cooler changes the coolers total', async () => {
    const before = (await suite.list<Cooler>('/api/coolers?perPage=1&page=2')).totalCount;
    await createCooler(suite.app, suite.token);
    expect((await suite.list<Cooler>('/api/coolers?perPage=1&page=2')).totalCount).toBe(before + 1);
  });
});

