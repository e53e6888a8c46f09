/** The three delivery lists, the e-mail status they show, and the scan step's LB check. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailStatusOf, type Delivery, type DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { noteHoldingMessage, UNKNOWN_LB_NUMBER, type LbCheckResponse } from '@cooler-hub/contract/lb-numbers';
import type { CustomerAccount } from '@cooler-hub/contract/customers';
import { deliveries } from '../src/db/schema';
import { call, createClient, createCustomerAccount } from './factories';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { adminToken, json, useSignedInApp } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;
let f: DeliveryFixtures;
const made: Record<'transfer' | 'scrap' | 'error_sheet', Delivery[]> = { transfer: [], scrap: [], error_sheet: [] };
let otherAccount: CustomerAccount;

beforeAll(async () => {
  f = await deliveryFixtures(suite.app, suite.token);
  otherAccount = await createCustomerAccount(suite.app, suite.token, (await createClient(suite.app, suite.token)).id, {
    name: 'Zeta Account',
  });
  // Notes of every type, with different days, sizes and accounts.
  for (let i = 0; i < 3; i++) {
    made.transfer.push(await f.note({ type: 'transfer', deliveryDay: `2026-01-0${3 - i}`, lbNumbers: await f.lbs(i + 1) }));
    made.scrap.push(
      await f.note({ type: 'scrap', deliveryDay: `2026-02-0${i + 1}`, customerAccount: i === 1 ? otherAccount.id : f.refs.account.id }),
    );
  }
  made.error_sheet.push(await f.note({ type: 'error_sheet', emails: [] }));
});

const list = (type: string, query = '') => suite.list<DeliveryListItem>(`/api/deliveries/${type}_list${query ? `?${query}` : ''}`);
const ids = (page: { items: DeliveryListItem[] }) => page.items.map((d) => d.id);

describe('GET /api/deliveries/{type}_list', () => {
  it('each list holds its own type, newest first, with the list answer of docs/architecture.md §4', async () => {
    const transfers = await list('transfer');
    expect(transfers).toMatchObject({ page: 1, perPage: 20, totalCount: 3, pagesCount: 1 });
    expect(ids(transfers)).toEqual(made.transfer.map((d) => d.id).reverse());
    expect(ids(await list('scrap'))).toEqual(made.scrap.map((d) => d.id).reverse());
    expect(ids(await list('error_sheet'))).toEqual(made.error_sheet.map((d) => d.id));
    const row = transfers.items.find((d) => d.id === made.transfer[2]!.id)!;
    expect(row).toMatchObject({
      itemsCount: 3,
      customerAccount: { id: f.refs.account.id, name: f.refs.account.name },
      emailStatus: 'N/A',
      status: 'pending',
      type: 'transfer',
    });
    expect(row).not.toHaveProperty('lbNumbers');
  });

  it('sorts by each column, and pages', async () => {
    expect(ids(await list('transfer', 'order[deliveryDay]=asc'))).toEqual(made.transfer.map((d) => d.id).reverse());
    expect(ids(await list('transfer', 'order[itemsCount]=desc'))).toEqual(made.transfer.map((d) => d.id).reverse());
    expect(ids(await list('transfer', 'order[id]=asc'))).toEqual(made.transfer.map((d) => d.id));
    expect(ids(await list('scrap', 'order[customerAccount]=desc'))[0]).toBe(made.scrap[1]!.id);
    expect(ids(await list('scrap', 'order[createdAt]=asc'))).toEqual(made.scrap.map((d) => d.id));
    const page2 = await list('transfer', 'perPage=2&page=2');
    expect(page2).toMatchObject({ page: 2, perPage: 2, pagesCount: 2, totalCount: 3 });
    expect(ids(page2)).toEqual([made.transfer[0]!.id]);
  });

  it('filters by status and customer account', async () => {
    await api('POST', `/api/deliveries/${made.scrap[0]!.id}/approve`);
    expect(ids(await list('scrap', 'status=approved'))).toEqual([made.scrap[0]!.id]);
    expect(ids(await list('scrap', 'approved=false'))).toEqual([made.scrap[2]!.id, made.scrap[1]!.id]);
    expect(ids(await list('scrap', `customerAccount=${otherAccount.id}`))).toEqual([made.scrap[1]!.id]);
    const approved = (await list('scrap', 'status=approved')).items[0]!;
    expect(approved.status).toBe('approved');
    expect(approved.approvedAt).not.toBeNull();
  });

  it('a remembered total follows a new note, an approval and a deleted note at once (docs/decisions/286)', async () => {
    const pending = async (query = '') => (await list('transfer', `approved=false&perPage=1&page=2${query}`)).totalCount;
    // Page 2 needs the total; the second read is the remembered one.
    const before = await pending();
    expect(await pending()).toBe(before);
    const note = await f.note({ type: 'transfer' });
    expect(await pending()).toBe(before + 1);
    expect(await pending('&order[customerAccount]=asc')).toBe(before + 1);
    expect((await api('POST', `/api/deliveries/${note.id}/approve`)).statusCode).toBe(200);
    expect(await pending()).toBe(before);
    const other = await f.note({ type: 'transfer' });
    expect(await pending()).toBe(before + 1);
    // Deleting a note is an Admin's.
    expect((await call(suite.app, await adminToken(suite.app), 'DELETE', `/api/deliveries/${other.id}`)).statusCode).toBe(204);
    expect(await pending()).toBe(before);
  });

  it('Email status follows what the mail worker records: Sent, Read, Failed (a bounce is never Sent), N/A', async () => {
    const db = suite.t.database.db;
    const [a, b, c] = made.transfer;
    await db
      .update(deliveries)
      .set({ emailDeliveredAt: new Date('2026-03-01T10:00:00Z') })
      .where(eq(deliveries.id, a!.id));
    await db
      .update(deliveries)
      .set({ emailDeliveredAt: new Date('2026-03-01T10:00:00Z'), emailViewedAt: new Date('2026-03-01T11:00:00Z') })
      .where(eq(deliveries.id, b!.id));
    await db
      .update(deliveries)
      .set({ emailFailedAt: new Date('2026-03-01T10:00:00Z'), emailFailureReason: '550 5.1.1 Mailbox unknown' })
      .where(eq(deliveries.id, c!.id));
    const rows = new Map((await list('transfer')).items.map((d) => [d.id, d]));
    expect(rows.get(a!.id)).toMatchObject({ emailStatus: 'Sent', emailDeliveredAt: '2026-03-01T10:00:00.000Z' });
    expect(rows.get(b!.id)).toMatchObject({ emailStatus: 'Read', emailViewedAt: '2026-03-01T11:00:00.000Z' });
    expect(rows.get(c!.id)).toMatchObject({ emailStatus: 'Failed', emailFailureReason: '550 5.1.1 Mailbox unknown' });
  });
});

describe('sorting by customer account', () => {
  it('by name (then account, then note), notes without an account last ascending and first descending, on every page', async () => {
    const orphan = await f.note({ type: 'scrap' });
    const cleared = await api('PUT', `/api/deliveries/${orphan.id}/scrap`, {
      deliveryDay: orphan.deliveryDay,
      lbNumbers: orphan.lbNumbers,
      customerAccount: null,
    });
    expect(cleared.statusCode).toBe(200);
    const [s0, s1, s2] = made.scrap;
    // f.refs.account is named 'Account-…', which sorts before 'Zeta Account'.
    const asc = [s0!.id, s2!.id, s1!.id, orphan.id];
    expect(ids(await list('scrap', 'order[customerAccount]=asc'))).toEqual(asc);
    expect(ids(await list('scrap', 'order[customerAccount]=desc'))).toEqual([...asc].reverse());
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) paged.push(...ids(await list('scrap', `order[customerAccount]=desc&perPage=1&page=${page}`)));
    expect(paged).toEqual([...asc].reverse());
    expect((await list('scrap', 'order[customerAccount]=asc&perPage=3&page=2')).totalCount).toBe(4);
  });
});

describe('emailStatusOf', () => {
  it('derives the status of docs/product.md §4 plus Failed', () => {
    expect(emailStatusOf({ emailViewedAt: null, emailDeliveredAt: null })).toBe('N/A');
    expect(emailStatusOf({ emailViewedAt: null, emailDeliveredAt: '2026-01-01T00:00:00Z' })).toBe('Sent');
    expect(emailStatusOf({ emailViewedAt: '2026-01-02T00:00:00Z', emailDeliveredAt: '2026-01-01T00:00:00Z' })).toBe('Read');
    expect(emailStatusOf({ emailViewedAt: null, emailDeliveredAt: null, emailFailedAt: '2026-01-01T00:00:00Z' })).toBe('Failed');
    // A resend that bounced after an earlier delivery reads Failed; one delivered after a failure reads Sent.
    expect(emailStatusOf({ emailViewedAt: null, emailDeliveredAt: '2026-01-01T00:00:00Z', emailFailedAt: '2026-01-02T00:00:00Z' })).toBe(
      'Failed',
    );
    expect(emailStatusOf({ emailViewedAt: null, emailDeliveredAt: '2026-01-03T00:00:00Z', emailFailedAt: '2026-01-02T00:00:00Z' })).toBe(
      'Sent',
    );
  });
});

describe('POST /api/deliveries/check_lb_numbers', () => {
  it('flags each code at once: ok, invalid, unknown, taken (with its note), duplicate', async () => {
    const [free] = await f.lbs(1);
    const taken = made.scrap[2]!;
    const res = await api('POST', '/api/deliveries/check_lb_numbers', {
      lbNumbers: [free, 'hello', 'LB999999999999', taken.lbNumbers[0], free!.toLowerCase()],
    });
    expect(res.statusCode).toBe(200);
    // Every receipt of the fixtures is of one cooler and one account, option X.
    const receipt = {
      id: expect.any(String),
      // The serial links to the cooler page (docs/decisions/251).
      coolerId: f.refs.cooler.id,
      serialNumber: f.refs.cooler.serialNumber,
      partNumber: f.refs.cooler.partNumber.partNumber,
      customerAccount: { id: f.refs.account.id, name: f.refs.account.name },
      processOption: 'X',
    };
    expect(json<LbCheckResponse>(res).items).toEqual([
      { lbNumber: free, status: 'ok', message: null, note: null, receipt },
      { lbNumber: 'HELLO', status: 'invalid', message: 'Wrong Lb number', note: null, receipt: null },
      { lbNumber: 'LB999999999999', status: 'unknown', message: UNKNOWN_LB_NUMBER, note: null, receipt: null },
      {
        lbNumber: taken.lbNumbers[0],
        status: 'taken',
        message: noteHoldingMessage({ id: taken.id, type: 'scrap' }),
        note: { id: taken.id, type: 'scrap' },
        receipt,
      },
      { lbNumber: free, status: 'duplicate', message: 'This LB number is already on this note.', note: null, receipt },
    ]);
  });

  it('an error sheet is not concerned by other notes; the note being edited does not count against itself', async () => {
    const taken = made.scrap[2]!;
    const sheet = json<LbCheckResponse>(
      await api('POST', '/api/deliveries/check_lb_numbers', { type: 'error_sheet', lbNumbers: taken.lbNumbers }),
    );
    expect(sheet.items.map((i) => i.status)).toEqual(taken.lbNumbers.map(() => 'ok'));
    const self = json<LbCheckResponse>(
      await api('POST', '/api/deliveries/check_lb_numbers', { type: 'scrap', deliveryId: taken.id, lbNumbers: taken.lbNumbers }),
    );
    expect(self.items.map((i) => i.status)).toEqual(taken.lbNumbers.map(() => 'ok'));
  });

  it('refuses a body without codes', async () => {
    expect((await api('POST', '/api/deliveries/check_lb_numbers', { lbNumbers: [] })).statusCode).toBe(400);
    expect((await api('POST', '/api/deliveries/check_lb_numbers', { lbNumbers: 'LB1' })).statusCode).toBe(400);
  });
});
