/** GET /api/receipts: every filter of docs/product.md §2.8 and §3, sorting on every column, London days. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse, NamedRef } from '@cooler-hub/contract/common';
import { RECEIPT_SORT_FIELDS, type Receipt, type ReceiptSortField } from '@cooler-hub/contract/receipts';
import {
  createClient,
  createCollectionPoint,
  createCooler,
  createCustomerAccount,
  createPartNumber,
  createReceipt,
  createReceiptReferences,
  createScrapReason,
  type ReceiptReferences,
} from './factories';
import { json, useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;

/** Digits no other receipt of this file has in its LB number: `lbNumber=<marker>` selects this file's set. */
const marker = String(Date.now() % 1_000_000).padStart(6, '0');
const only = `lbNumber=${marker}`;
const list = (query: string) => suite.list<Receipt>(`/api/receipts?perPage=100&${only}&${query}`);
const lbsOf = (page: ListResponse<Receipt>) => page.items.map((r) => r.lbNumber).sort();

let r: Receipt[] = [];
let refs: ReceiptReferences;
let other: ReceiptReferences;
let partA: string;

beforeAll(async () => {
  const { app, token } = suite;
  const suppliers = json<ListResponse<NamedRef>>(await api('GET', '/api/suppliers')).items;
  partA = (await createPartNumber(app, token)).id;
  const partB = (await createPartNumber(app, token)).id;
  const c1 = await createCooler(app, token, { partNumber: partA, dateOfManufacture: '2015-01-10' });
  const c2 = await createCooler(app, token, { partNumber: partB, dateOfManufacture: '2019-06-30' });
  const c3 = await createCooler(app, token, { partNumber: partA, dateOfManufacture: '2011-11-11' });
  refs = await createReceiptReferences(app, token, { supplier: suppliers[0]!, cooler: c1 });
  other = {
    supplier: suppliers[1]!,
    account: await createCustomerAccount(app, token, (await createClient(app, token)).id),
    cooler: c2,
    collectionPoint: await createCollectionPoint(app, token),
    scrapReason: await createScrapReason(app, token),
  };
  const lb = (i: number) => `LB${marker}${i}`;
  r = [
    // 23:30 UTC on a summer (BST) day is 00:30 the next day in London.
    await createReceipt(app, token, refs, { lbNumber: lb(1), receiptDate: '2026-07-01T23:30:00Z' }),
    // 22:59 UTC the same summer day is still 23:59 on 1 July in London.
    await createReceipt(app, token, other, {
      lbNumber: lb(2),
      receiptDate: '2026-07-01T22:59:00Z',
      processOption: 'D',
      processState: 'D2',
      collectionPoint: null,
      engineerNo: 'ENG-ALPHA',
    }),
    // In winter (GMT) 23:30 UTC is 23:30 the same day.
    await createReceipt(app, token, refs, {
      lbNumber: lb(3),
      receiptDate: '2026-12-01T23:30:00Z',
      processOption: 'S',
      scrapReason: refs.scrapReason.code,
      collectionPoint: null,
      engineerNo: 'eng-beta',
    }),
    await createReceipt(
      app,
      token,
      { ...other, cooler: c3 },
      {
        lbNumber: lb(4),
        receiptDate: '2026-12-02T00:00:00Z',
        processOption: 'D',
        processState: 'D5',
        scrapReason: other.scrapReason.code,
      },
    ),
  ];
  // One exported receipt, the way it becomes one: in an end-of-day CSV of its London day.
  const csv = await api('GET', '/api/end_of_day_sheet_csv?receiptDate=2026-07-02');
  expect(csv.statusCode).toBe(200);
  r[0] = json<Receipt>(await api('GET', `/api/receipts/${r[0]!.id}`));
  expect(r[0].isExported).toBe(true);
});

const lbs = (...indexes: number[]) => indexes.map((i) => r[i - 1]!.lbNumber).sort();

describe('GET /api/receipts filters', () => {
  it.each(['perPage=100', 'order[deliveryId]=desc', 'order[isExported]=asc', 'order[supplierCode]=asc', 'perPage=1&page=3'])(
    'each item is the receipt as GET /api/receipts/:id answers it (%s)',
    async (query) => {
      const page = await suite.list<Receipt>(`/api/receipts?${only}&${query}`);
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) {
        const { version: _version, ...one } = json<Receipt & { version: string }>(await api('GET', `/api/receipts/${item.id}`));
        expect(item).toEqual(one);
      }
    },
  );

  it('a scanned LB number: the receipt as GET /api/receipts/:id answers it', async () => {
    const [scanned] = (await suite.list<Receipt>(`/api/receipts?lbNumber=${r[2]!.lbNumber}`)).items;
    const { version: _version, ...one } = json<Receipt & { version: string }>(await api('GET', `/api/receipts/${r[2]!.id}`));
    expect(scanned).toEqual(one);
  });

  it('without filters: the newest receipt first (receiptDate desc)', async () => {
    const page = await list('');
    expect(page.items.map((x) => x.lbNumber)).toEqual([4, 3, 1, 2].map((i) => r[i - 1]!.lbNumber));
    expect(page.totalCount).toBe(4);
  });

  it.each([
    ['receiptDate[after]=2026-07-02&receiptDate[before]=2026-07-02', [1]],
    ['receiptDate[before]=2026-07-01', [2]],
    ['receiptDate[after]=2026-07-01&receiptDate[before]=2026-07-01', [2]],
    ['receiptDate[after]=2026-12-01&receiptDate[before]=2026-12-01', [3]],
    ['receiptDate[after]=2026-12-02', [4]],
    ['receiptDate[after]=2026-07-02&receiptDate[before]=2026-12-01', [1, 3]],
    ['receiptDate[after]=&receiptDate[before]=', [1, 2, 3, 4]],
  ])('receipt date as whole London days: %s', async (query, expected) => {
    expect(lbsOf(await list(query))).toEqual(lbs(...expected));
  });

  it('customerId, inventoryItemId and partNumber (ids); the count follows the filter', async () => {
    expect(lbsOf(await list(`customerId=${refs.account.id}`))).toEqual(lbs(1, 3));
    expect(lbsOf(await list(`inventoryItemId=${refs.cooler.id}`))).toEqual(lbs(1, 3));
    const byPart = await suite.list<Receipt>(`/api/receipts?perPage=2&${only}&partNumber=${partA}`);
    expect(byPart.totalCount).toBe(3);
    expect(byPart.pagesCount).toBe(2);
    expect(lbsOf(await list(`partNumber=${partA}`))).toEqual(lbs(1, 3, 4));
  });

  it('serialNumber, lbNumber and engineerNo match "contains", any case', async () => {
    const serial = other.cooler.serialNumber;
    expect(lbsOf(await list(`serialNumber=${serial.slice(2).toLowerCase()}`))).toEqual(lbs(2));
    expect(lbsOf(await suite.list<Receipt>(`/api/receipts?lbNumber=${r[2]!.lbNumber.toLowerCase()}`))).toEqual(lbs(3));
    expect(lbsOf(await list('engineerNo=eng-al'))).toEqual(lbs(2));
    expect(lbsOf(await list('engineerNo=ENG'))).toEqual(lbs(2, 3));
    // A whole engineer number, any case, is read by its btree index first (docs/decisions/247).
    expect(lbsOf(await list('engineerNo=Eng-Beta'))).toEqual(lbs(3));
    // Wildcards typed by the user are taken literally.
    expect((await list('engineerNo=%25')).totalCount).toBe(0);
  });

  it('processOption, processState, isExported', async () => {
    expect(lbsOf(await list('processOption=D'))).toEqual(lbs(2, 4));
    expect(lbsOf(await list('processState=D5'))).toEqual(lbs(4));
    expect(lbsOf(await list('isExported=true'))).toEqual(lbs(1));
    expect(lbsOf(await list('isExported=false'))).toEqual(lbs(2, 3, 4));
  });

  it('inDeliveryNote and deliveryId: no receipt is in a delivery note until notes exist', async () => {
    expect((await list('inDeliveryNote=true')).totalCount).toBe(0);
    expect(lbsOf(await list('inDeliveryNote=false'))).toEqual(lbs(1, 2, 3, 4));
    expect((await list('deliveryId=5')).totalCount).toBe(0);
  });

  it('filters combine', async () => {
    expect(lbsOf(await list(`partNumber=${partA}&processOption=D&receiptDate[after]=2026-12-01`))).toEqual(lbs(4));
  });

  it.each([
    ['customerId=abc', 'customerId'],
    ['customerId=-3', 'customerId'],
    ['partNumber=nope', 'partNumber'],
    ['inventoryItemId=12', 'inventoryItemId'],
    ['receiptDate[after]=2026-02-30', 'receiptDate.after'],
    ['receiptDate[before]=yesterday', 'receiptDate.before'],
    ['processOption=Q', 'processOption'],
    ['processState=D9', 'processState'],
    ['isExported=maybe', 'isExported'],
    ['inDeliveryNote=2', 'inDeliveryNote'],
    ['deliveryId=1.5', 'deliveryId'],
    ['order[nope]=asc', 'order'],
    ['order[lbNumber]=up', 'order.lbNumber'],
    ['page=0', 'page'],
    ['perPage=101', 'perPage'],
    ['lbNumber=%00', 'lbNumber'],
  ])('a malformed query (%s) → 400 on %s', async (query, field) => {
    expect(Object.keys(violationsOf(await api('GET', `/api/receipts?${query}`)))).toContain(field);
  });
});

type Key = string | number | boolean | null;

/** What each sort field orders by, read from the answer (text ignoring case, like the server). */
const SORT_KEYS: Record<ReceiptSortField, (x: Receipt) => Key> = {
  receiptDate: (x) => x.receiptDate,
  lbNumber: (x) => x.lbNumber,
  supplierCode: (x) => x.supplierCode.toLowerCase(),
  accountNo: (x) => x.accountNo.toLowerCase(),
  // Delivery notes do not exist yet: these order like receiptDate.
  deliveryNoteNo: (x) => x.deliveryId,
  deliveryId: (x) => x.deliveryId,
  serialNumber: (x) => x.inventoryItem.serialNumber.toLowerCase(),
  partNumber: (x) => x.inventoryItem.partNumber.partNumber.toLowerCase(),
  customer: (x) => x.customer.toLowerCase(),
  collectionPoint: (x) => x.collectionPoint?.name.toLowerCase() ?? null,
  engineerNo: (x) => x.engineerNo?.toLowerCase() ?? null,
  dateOfManufacture: (x) => x.inventoryItem.dateOfManufacture,
  processOption: (x) => x.processOption,
  processState: (x) => x.processState,
  scrapReason: (x) => x.scrapReason,
  isExported: (x) => x.isExported,
};

/** PostgreSQL's order: nulls last ascending, first descending; ties by id in the same direction. */
function expectedOrder(rows: Receipt[], field: ReceiptSortField, direction: 'asc' | 'desc'): string[] {
  const key = SORT_KEYS[field];
  const cmp = (a: Key, b: Key) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (cmp(key(a), key(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))).map((x) => x.lbNumber);
}

describe('GET /api/receipts sorting', () => {
  it.each(RECEIPT_SORT_FIELDS.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))('order[%s]=%s', async (field, direction) => {
    const page = await list(`order[${field}]=${direction}`);
    expect(page.items.map((x) => x.lbNumber)).toEqual(expectedOrder(r, field, direction));
  });

  it('the sorts are not all the same order (the data set tells them apart)', () => {
    const orders = new Set(RECEIPT_SORT_FIELDS.map((f) => expectedOrder(r, f, 'asc').join()));
    expect(orders.size).toBeGreaterThanOrEqual(6);
  });

  it('one sort field at a time', async () => {
    expect(violationsOf(await api('GET', '/api/receipts?order[lbNumber]=asc&order[receiptDate]=desc'))).toHaveProperty('order');
  });
});
