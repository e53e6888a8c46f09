/** The end-of-day sheet (docs/product.md §2.7): the list, the streamed CSV, and what the download marks exported. */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import { londonToday } from '@cooler-hub/contract/london-time';
import { END_OF_DAY_COLUMNS, type EndOfDayRow } from '@cooler-hub/contract/end-of-day';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { receiptExports } from '../src/db/schema';
import { EndOfDayService, type CsvSink } from '../src/modules/end-of-day/end-of-day.service';
import { createCooler, createReceipt, createReceiptReferences, type ReceiptReferences } from './factories';
import { deliveryFixtures } from './deliveries-fixtures';
import { json, loginAs, useSignedInApp, violationsOf, waitFor } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;
const sheet = (query: string) => suite.list<EndOfDayRow>(`/api/end_of_day_sheet?perPage=100&${query}`);
const receipt = async (id: string) => json<Receipt>(await api('GET', `/api/receipts/${id}`));

/** RFC 4180 records of a CSV body (quoted fields with "" for a quote, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

let refs: ReceiptReferences;
/** Receipts of the winter day 2025-01-15 (GMT) and of its edges. */
const winter: Record<string, Receipt> = {};

beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  const at = async (name: string, receiptDate: string, extra: Parameters<typeof createReceipt>[3] = {}) => {
    winter[name] = await createReceipt(
      suite.app,
      suite.token,
      { ...refs, cooler: await createCooler(suite.app, suite.token) },
      { receiptDate, ...extra },
    );
  };
  await at('before', '2025-01-14T23:59:59Z');
  await at('first', '2025-01-15T00:00:00Z', { assetNo: 'A,1 "big"' });
  await at('scrapped', '2025-01-15T12:00:00Z', { processOption: 'S', scrapReason: refs.scrapReason.code, assetNo: '=HYPERLINK("x")' });
  await at('last', '2025-01-15T23:59:59Z');
  await at('after', '2025-01-16T00:00:00Z');
});

describe('GET /api/end_of_day_sheet', () => {
  it('lists the whole London day, oldest first, with the 14 columns of docs/product.md §2.7', async () => {
    const page = await sheet('receiptDate=2025-01-15');
    expect(page.items.map((x) => x.id)).toEqual([winter.first!.id, winter.scrapped!.id, winter.last!.id]);
    const s = winter.scrapped!;
    expect(page.items[1]).toEqual({
      id: s.id,
      supplierCode: refs.supplier.name,
      roNumber: null,
      accountNo: refs.account.name,
      deliveryNoteNo: null,
      receiptDate: '2025-01-15T12:00:00.000Z',
      serialNumber: s.inventoryItem.serialNumber,
      partNumber: s.inventoryItem.partNumber.partNumber,
      customer: refs.account.client.name,
      assetNo: '=HYPERLINK("x")',
      tagNumber: s.lbNumber,
      dateOfManufacture: s.inventoryItem.dateOfManufacture,
      processOption: 'S',
      scrapReason: refs.scrapReason.code,
      isExported: false,
    } satisfies EndOfDayRow);
  });

  it('a summer (BST) day runs from 23:00 UTC the day before to 23:00 UTC', async () => {
    const make = (receiptDate: string) => createReceipt(suite.app, suite.token, refs, { receiptDate });
    const early = await make('2026-06-14T22:59:59Z');
    const first = await make('2026-06-14T23:00:00Z');
    const last = await make('2026-06-15T22:59:59Z');
    const late = await make('2026-06-15T23:00:00Z');
    expect((await sheet('receiptDate=2026-06-15')).items.map((x) => x.id)).toEqual([first.id, last.id]);
    expect((await sheet('receiptDate=2026-06-14')).items.map((x) => x.id)).toEqual([early.id]);
    expect((await sheet('receiptDate=2026-06-16')).items.map((x) => x.id)).toEqual([late.id]);
  });

  it('without a date: today in London', async () => {
    const now = await createReceipt(suite.app, suite.token, refs, { receiptDate: new Date().toISOString() });
    expect((await sheet('')).items.map((x) => x.id)).toContain(now.id);
    expect((await sheet(`receiptDate=${londonToday()}`)).items.map((x) => x.id)).toContain(now.id);
  });

  it('reading the list marks nothing exported', async () => {
    await sheet('receiptDate=2025-01-15');
    expect((await receipt(winter.first!.id)).isExported).toBe(false);
  });

  it.each([
    ['receiptDate=2026-13-01', 'receiptDate'],
    ['receiptDate=15/01/2025', 'receiptDate'],
    ['isExported=yes', 'isExported'],
    ['page=-1', 'page'],
  ])('a malformed query (%s) → 400', async (query, field) => {
    expect(violationsOf(await api('GET', `/api/end_of_day_sheet?${query}`))).toHaveProperty(field);
    expect(violationsOf(await api('GET', `/api/end_of_day_sheet_csv?${query}`.replace('page=-1', 'isExported=2')))).not.toEqual({});
  });

  it('needs a signed-in user', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/api/end_of_day_sheet' })).statusCode).toBe(401);
    expect((await suite.app.inject({ method: 'GET', url: '/api/end_of_day_sheet_csv' })).statusCode).toBe(401);
  });
});

describe('GET /api/end_of_day_sheet_csv', () => {
  it('downloads the day as CSV: header verbatim, DOM dd/MM/yyyy, Exported Yes/No; the receipts become exported', async () => {
    const res = await api('GET', '/api/end_of_day_sheet_csv?receiptDate=2025-01-15');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="end_of_day_sheet_2025-01-15.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([...END_OF_DAY_COLUMNS]);
    expect(header).toEqual([
      'Supplier Code',
      'RO Number',
      'Account No',
      'Delivery Note No',
      'Receipt Date',
      'Serial Number',
      'Part Number',
      'Customer',
      'Asset number',
      'Tag Number / TSR',
      'DOM',
      'Process Option',
      'Scrap Reason',
      'Exported',
    ]);
    const [first, scrapped, last] = [winter.first!, winter.scrapped!, winter.last!];
    const dom = (r: Receipt) => r.inventoryItem.dateOfManufacture.split('-').reverse().join('/');
    expect(rows).toEqual([
      [
        refs.supplier.name,
        '',
        refs.account.name,
        '',
        '15/01/2025 00:00',
        first.inventoryItem.serialNumber,
        first.inventoryItem.partNumber.partNumber,
        refs.account.client.name,
        'A,1 "big"',
        first.lbNumber,
        dom(first),
        'X',
        '',
        'No',
      ],
      [
        refs.supplier.name,
        '',
        refs.account.name,
        '',
        '15/01/2025 12:00',
        scrapped.inventoryItem.serialNumber,
        scrapped.inventoryItem.partNumber.partNumber,
        // A value a spreadsheet would run as a formula is written as text.
        refs.account.client.name,
        `'=HYPERLINK("x")`,
        scrapped.lbNumber,
        dom(scrapped),
        'S',
        String(refs.scrapReason.code),
        'No',
      ],
      [
        refs.supplier.name,
        '',
        refs.account.name,
        '',
        '15/01/2025 23:59',
        last.inventoryItem.serialNumber,
        last.inventoryItem.partNumber.partNumber,
        refs.account.client.name,
        '',
        last.lbNumber,
        dom(last),
        'X',
        '',
        'No',
      ],
    ]);
    expect(dom(first)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    for (const r of [first, scrapped, last]) expect((await receipt(r.id)).isExported).toBe(true);
    for (const r of [winter.before!, winter.after!]) expect((await receipt(r.id)).isExported).toBe(false);

    // Downloaded again: the same rows, now read as exported.
    const again = parseCsv((await api('GET', '/api/end_of_day_sheet_csv?receiptDate=2025-01-15')).body.slice(1));
    expect(again.slice(1).map((row) => row[13])).toEqual(['Yes', 'Yes', 'Yes']);
    expect((await sheet('receiptDate=2025-01-15&isExported=false')).totalCount).toBe(0);
  });

  it('a remembered total follows the day: a new receipt and a download each change it (docs/decisions/290)', async () => {
    const day = '2026-10-07';
    for (let h = 1; h <= 3; h++) await createReceipt(suite.app, suite.token, refs, { receiptDate: `${day}T0${h}:00:00Z` });
    const total = async (query: string) =>
      (await suite.list<EndOfDayRow>(`/api/end_of_day_sheet?perPage=2&receiptDate=${day}${query}`)).totalCount;
    // Full first pages: the totals are counted, and remembered.
    expect([await total(''), await total('&isExported=false'), await total('&isExported=true')]).toEqual([3, 3, 0]);
    expect([await total(''), await total('&isExported=false')]).toEqual([3, 3]);
    await createReceipt(suite.app, suite.token, refs, { receiptDate: `${day}T05:00:00Z` });
    expect([await total(''), await total('&isExported=false')]).toEqual([4, 4]);
    await api('GET', `/api/end_of_day_sheet_csv?receiptDate=${day}`);
    expect([await total(''), await total('&isExported=false'), await total('&isExported=true')]).toEqual([4, 0, 4]);
    // The last page, read from the end of the remembered total.
    const last = await suite.list<EndOfDayRow>(`/api/end_of_day_sheet?perPage=3&page=2&receiptDate=${day}`);
    expect(last.items.map((r) => r.receiptDate)).toEqual([`${day}T05:00:00.000Z`]);
  });

  it('isExported=false downloads only what was not exported yet', async () => {
    const day = '2026-10-05';
    const old = await createReceipt(suite.app, suite.token, refs, { receiptDate: `${day}T08:00:00Z` });
    await api('GET', `/api/end_of_day_sheet_csv?receiptDate=${day}`);
    const fresh = await createReceipt(suite.app, suite.token, refs, { receiptDate: `${day}T10:00:00Z` });
    const rows = parseCsv((await api('GET', `/api/end_of_day_sheet_csv?receiptDate=${day}&isExported=false`)).body.slice(1)).slice(1);
    expect(rows.map((row) => row[9])).toEqual([fresh.lbNumber]);
    expect((await receipt(old.id)).isExported).toBe(true);
    expect((await receipt(fresh.id)).isExported).toBe(true);
  });

  it('an exported receipt that is deleted takes its exported mark with it', async () => {
    const day = '2026-10-06';
    const gone = await createReceipt(suite.app, suite.token, refs, { receiptDate: `${day}T08:00:00Z` });
    await api('GET', `/api/end_of_day_sheet_csv?receiptDate=${day}`);
    const marks = async () => (await suite.t.database.db.select().from(receiptExports).where(eq(receiptExports.receiptId, gone.id))).length;
    // The export commits once the response has been handed over, a moment after the last byte.
    await waitFor(async () => ((await marks()) === 1 ? true : undefined));
    expect((await api('DELETE', `/api/receipts/${gone.id}`)).statusCode).toBe(204);
    expect(await marks()).toBe(0);
  });

  it('an empty day is a header-only file', async () => {
    const res = await api('GET', '/api/end_of_day_sheet_csv?receiptDate=1999-01-01');
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body.slice(1))).toEqual([[...END_OF_DAY_COLUMNS]]);
  });

  it("without a date: today's London day in the file name", async () => {
    const res = await api('GET', '/api/end_of_day_sheet_csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="end_of_day_sheet_${londonToday()}.csv"`);
  });
});

describe('Delivery Note No', () => {
  it('is the transfer or scrap note holding the LB number, in the list and in the CSV; empty otherwise', async () => {
    const day = '2025-03-10';
    const onNote = await createReceipt(
      suite.app,
      suite.token,
      { ...refs, cooler: await createCooler(suite.app, suite.token) },
      { receiptDate: `${day}T09:00:00Z` },
    );
    const free = await createReceipt(
      suite.app,
      suite.token,
      { ...refs, cooler: await createCooler(suite.app, suite.token) },
      { receiptDate: `${day}T10:00:00Z` },
    );
    const admin = await loginAs(suite.app, 'Admin');
    const note = await (await deliveryFixtures(suite.app, admin.token)).note({ type: 'transfer', lbNumbers: [onNote.lbNumber] });

    const rows = (await sheet(`receiptDate=${day}`)).items;
    expect(rows.map((r) => [r.id, r.deliveryNoteNo])).toEqual([
      [onNote.id, String(note.id)],
      [free.id, null],
    ]);
    const [header, ...records] = parseCsv((await api('GET', `/api/end_of_day_sheet_csv?receiptDate=${day}`)).body.slice(1));
    const column = header!.indexOf('Delivery Note No');
    expect(records.map((r) => r[column])).toEqual([String(note.id), '']);
  });
});

describe('the CSV export in batches (service)', () => {
  const day = '2026-09-09';
  let ids: string[] = [];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await createReceipt(suite.app, suite.token, refs, { receiptDate: `${day}T0${i}:00:00Z` })).id);
    }
  });

  /** A sink that keeps what it is given; `failAfter` writes it behaves like a client that left. */
  function memorySink(options: { failAfter?: number; delivered?: boolean } = {}): CsvSink & { chunks: string[] } {
    const chunks: string[] = [];
    return {
      chunks,
      async write(chunk) {
        if (options.failAfter !== undefined && chunks.length >= options.failAfter) throw new Error('client gone');
        chunks.push(chunk);
      },
      async flush() {
        return options.delivered ?? true;
      },
      async end() {
        return options.delivered ?? true;
      },
    };
  }

  const exported = async () => (await Promise.all(ids.map(receipt))).filter((r) => r.isExported).length;

  it('a download cut short marks nothing exported (the transaction rolls back)', async () => {
    const service = new EndOfDayService(suite.t.database.db);
    await expect(
      service.exportCsv({ receiptDate: { after: day, before: day }, isExported: undefined }, memorySink({ failAfter: 2 }), 2),
    ).rejects.toThrow('client gone');
    expect(await exported()).toBe(0);
    await expect(
      service.exportCsv({ receiptDate: { after: day, before: day }, isExported: undefined }, memorySink({ delivered: false }), 2),
    ).rejects.toThrow(/left/);
    expect(await exported()).toBe(0);
  });

  it('keyset pages give every row once, in order; all become exported when delivered', async () => {
    const service = new EndOfDayService(suite.t.database.db);
    const sink = memorySink();
    expect(await service.exportCsv({ receiptDate: { after: day, before: day }, isExported: undefined }, sink, 2)).toBe(7);
    // Header, then batches of 2, 2, 2, 1.
    expect(sink.chunks.map((c) => parseCsv(c.replace('\uFEFF', '')).length)).toEqual([1, 2, 2, 2, 1]);
    const lbs = sink.chunks.slice(1).flatMap((c) => parseCsv(c).map((row) => row[9]));
    const expected = await Promise.all(ids.map(async (id) => (await receipt(id)).lbNumber));
    expect(lbs).toEqual(expected);
    expect(await exported()).toBe(7);
  });

  it('writes a page in pieces of at most pieceRows rows, every row once, in order (docs/decisions/290)', async () => {
    const sink = memorySink();
    const service = new EndOfDayService(suite.t.database.db);
    expect(await service.exportCsv({ receiptDate: { after: day, before: day }, isExported: undefined }, sink, 5, 2)).toBe(7);
    // Header; the page of 5 as 2, 2, 1; the page of 2 whole.
    expect(sink.chunks.map((c) => parseCsv(c.replace('\uFEFF', '')).length)).toEqual([1, 2, 2, 1, 2]);
    const lbs = sink.chunks.slice(1).flatMap((c) => parseCsv(c).map((row) => row[9]));
    expect(lbs).toEqual(await Promise.all(ids.map(async (id) => (await receipt(id)).lbNumber)));
  });

  it('pages keyed to the microsecond: receipts within one millisecond are each in the file once (docs/decisions/260)', async () => {
    const sameMs = '2026-09-10';
    const made: Receipt[] = [];
    for (let i = 0; i < 4; i++) made.push(await createReceipt(suite.app, suite.token, refs, { receiptDate: `${sameMs}T05:00:00Z` }));
    for (const [i, r] of made.entries()) {
      await suite.t.database.db.execute(
        sql`update receipts set receipt_date = ${`${sameMs}T05:00:00.00000${4 - i}Z`}::timestamptz where id = ${r.id}::uuid`,
      );
    }
    const sink = memorySink();
    expect(
      await new EndOfDayService(suite.t.database.db).exportCsv(
        { receiptDate: { after: sameMs, before: sameMs }, isExported: undefined },
        sink,
        1,
      ),
    ).toBe(4);
    const lbs = sink.chunks.slice(1).flatMap((c) => parseCsv(c).map((row) => row[9]));
    expect(lbs).toEqual(made.map((r) => r.lbNumber).reverse());
  });

  it('the list answer lists them too (paged, with the count)', async () => {
    const page = json<ListResponse<EndOfDayRow>>(await api('GET', `/api/end_of_day_sheet?receiptDate=${day}&perPage=3&page=3`));
    expect(page).toMatchObject({ page: 3, perPage: 3, totalCount: 7, pagesCount: 3 });
    expect(page.items.map((x) => x.id)).toEqual([ids[6]]);
  });
});
