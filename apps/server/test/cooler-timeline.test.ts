import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoolerTimeline } from '@cooler-hub/contract/cooler-timeline';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { COOLER_CREATED } from '../src/modules/coolers/coolers.service';
import { RECEIPT_CREATED, RECEIPT_DELETED } from '../src/modules/receipts/receipts.service';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { createCooler, createReceipt, createReceiptReferences, updateBodyOf } from './factories';
import { hydraDescription, json, useSignedInApp, violationsOf, withoutVersion } from './helpers';

// A Production user: the cooler page needs the Coolers ability (ROLE_ADMIN_USER) only.
const suite = useSignedInApp('Production');
const api = suite.api;
const timeline = async (id: string, query = '') => {
  const res = await api('GET', `/api/coolers/${id}/timeline${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<CoolerTimeline>(res);
};

let fx: DeliveryFixtures;
beforeAll(async () => {
  fx = await deliveryFixtures(suite.app, suite.token);
});

describe('GET /api/coolers/{id}/timeline', () => {
  it('a cooler never received: the cooler, no receipts, its own history', async () => {
    const cooler = await createCooler(suite.app, suite.token);
    const answer = await timeline(cooler.id);
    expect(answer.cooler).toEqual(withoutVersion(cooler));
    expect(answer.receipts).toEqual([]);
    expect(answer.receiptsCount).toBe(0);
    expect(answer.history).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 1 });
    expect(answer.history.items[0]).toMatchObject({ entryKind: 'Cooler', entryRef: cooler.id, lbNumber: null, diffType: 'Text' });
    expect(answer.history.items[0]!.textOnlyMessage[0]).toBe(COOLER_CREATED);
  });

  it('receipts newest first, each with its account, client, option/state and the note holding it with its status', async () => {
    const refs = await createReceiptReferences(suite.app, suite.token, { account: fx.refs.account });
    const at = (day: string) => new Date(`${day}T10:00:00Z`).toISOString();
    const oldest = await createReceipt(suite.app, suite.token, refs, { receiptDate: at('2026-01-05') });
    const middle = await createReceipt(suite.app, suite.token, refs, {
      receiptDate: at('2026-02-10'),
      processOption: 'D',
      processState: 'D3',
    });
    const newest = await createReceipt(suite.app, suite.token, refs, { receiptDate: at('2026-03-20') });
    const transfer = await fx.note({ type: 'transfer', lbNumbers: [oldest.lbNumber] });
    expect((await api('POST', `/api/deliveries/${transfer.id}/approve`)).statusCode).toBe(200);
    const scrap = await fx.note({ type: 'scrap', lbNumbers: [middle.lbNumber] });
    // An error sheet is no note a receipt goes on (docs/decisions/151): not shown.
    await fx.note({ type: 'error_sheet', lbNumbers: [newest.lbNumber] });

    const answer = await timeline(refs.cooler.id);
    expect(answer.receiptsCount).toBe(3);
    expect(answer.receipts).toEqual([
      {
        id: newest.id,
        lbNumber: newest.lbNumber,
        receiptDate: newest.receiptDate,
        account: { id: fx.refs.account.id, name: fx.refs.account.name },
        customer: newest.customer,
        processOption: 'X',
        processState: null,
        deliveryNote: null,
      },
      expect.objectContaining({
        id: middle.id,
        processOption: 'D',
        processState: 'D3',
        deliveryNote: { id: scrap.id, type: 'scrap', status: 'pending' },
      }),
      expect.objectContaining({ id: oldest.id, deliveryNote: { id: transfer.id, type: 'transfer', status: 'approved' } }),
    ]);
    expect(answer.cooler.lastLbNumber).toBe(newest.lbNumber);
  });

  it("merges the cooler's history with its receipts', newest first, each receipt entry naming its LB number", async () => {
    const refs = await createReceiptReferences(suite.app, suite.token);
    const cooler = refs.cooler;
    const first = await createReceipt(suite.app, suite.token, refs);
    const res = await api('PUT', `/api/coolers/${cooler.id}`, {
      serialNumber: `${cooler.serialNumber}-B`,
      partNumber: cooler.partNumber.id,
      dateOfManufacture: '2011-11-11',
    });
    expect(res.statusCode).toBe(200);
    const second = await createReceipt(suite.app, suite.token, refs);
    const changed = await api('PUT', `/api/receipts/${first.id}/main`, { ...updateBodyOf(first), notes: 'Dented door' });
    expect(changed.statusCode, changed.body).toBe(200);
    // Another cooler's receipt stays out of this history.
    await createReceipt(suite.app, suite.token, await createReceiptReferences(suite.app, suite.token));

    const { history } = await timeline(cooler.id);
    expect(history.totalCount).toBe(5);
    expect(history.items.map((e) => [e.entryKind, e.lbNumber, e.diffType])).toEqual([
      ['Receipt', first.lbNumber, 'OldNew'],
      ['Receipt', second.lbNumber, 'Text'],
      ['Cooler', null, 'OldNew'],
      ['Receipt', first.lbNumber, 'Text'],
      ['Cooler', null, 'Text'],
    ]);
    expect(history.items[0]!.oldNewMessage).toEqual({ notes: [null, 'Dented door'] });
    expect(history.items[1]!.textOnlyMessage[0]).toBe(RECEIPT_CREATED);
    expect(history.items[2]!.oldNewMessage).toMatchObject({ dateOfManufacture: [cooler.dateOfManufacture, '2011-11-11'] });
    const ids = history.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Each entry as the history list answers it, with its LB number besides.
    const own = await suite.list<RevisionEntry>(`/api/revision_entries?entryKind=Receipt&entryRef=${first.id}&perPage=100`);
    for (const entry of history.items.filter((e) => e.entryRef === first.id)) {
      const { lbNumber, ...asListed } = entry;
      expect(lbNumber).toBe(first.lbNumber);
      expect(own.items).toContainEqual(asListed);
    }
  });

  it("keeps a deleted receipt's history, under the LB number it had; its revisions list is unchanged (docs/decisions/256)", async () => {
    const refs = await createReceiptReferences(suite.app, suite.token);
    const kept = await createReceipt(suite.app, suite.token, refs);
    const gone = await createReceipt(suite.app, suite.token, refs);
    const changed = await api('PUT', `/api/receipts/${gone.id}/main`, { ...updateBodyOf(gone), notes: 'Compressor gone' });
    expect(changed.statusCode, changed.body).toBe(200);
    // Another cooler's deleted receipt stays out of this history.
    const elsewhere = await createReceipt(suite.app, suite.token, await createReceiptReferences(suite.app, suite.token));
    expect((await api('DELETE', `/api/receipts/${elsewhere.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/receipts/${gone.id}`)).statusCode).toBe(204);

    const answer = await timeline(refs.cooler.id);
    expect(answer.receipts.map((r) => r.id)).toEqual([kept.id]);
    expect(answer.history.totalCount).toBe(5);
    expect(answer.history.items.map((e) => [e.entryKind, e.entryRef, e.lbNumber, e.diffType])).toEqual([
      ['Receipt', gone.id, gone.lbNumber, 'Text'],
      ['Receipt', gone.id, gone.lbNumber, 'OldNew'],
      ['Receipt', gone.id, gone.lbNumber, 'Text'],
      ['Receipt', kept.id, kept.lbNumber, 'Text'],
      ['Cooler', refs.cooler.id, null, 'Text'],
    ]);
    expect(answer.history.items[0]!.textOnlyMessage[0]).toBe(RECEIPT_DELETED);
    expect(answer.history.items[2]!.textOnlyMessage[0]).toBe(RECEIPT_CREATED);
    // Paged like the rest: the deleted receipt's entries are counted and split across pages.
    const second = await timeline(refs.cooler.id, '?perPage=2&page=2');
    expect(second.history.items).toEqual(answer.history.items.slice(2, 4));

    // The cooler's own history and the receipt's revisions list show nothing new.
    const own = await api('GET', `/api/revision_entries?entryKind=Cooler&entryRef=${refs.cooler.id}&page=1`);
    expect(json<{ totalCount: number }>(own).totalCount).toBe(1);
    const receiptHistory = await api('GET', `/api/revision_entries?entryKind=Receipt&entryRef=${gone.id}&page=1`);
    expect(json<{ totalCount: number }>(receiptHistory).totalCount).toBe(3);
  });

  it('pages the merged history (perPage, page) and counts it whole', async () => {
    const refs = await createReceiptReferences(suite.app, suite.token);
    const made: Receipt[] = [];
    for (let i = 0; i < 3; i++) made.push(await createReceipt(suite.app, suite.token, refs));
    const whole = await timeline(refs.cooler.id, '?perPage=100');
    expect(whole.history.totalCount).toBe(4);
    const one = await timeline(refs.cooler.id, '?perPage=3&page=1');
    const two = await timeline(refs.cooler.id, '?perPage=3&page=2');
    expect(one.history).toMatchObject({ page: 1, perPage: 3, pagesCount: 2, totalCount: 4 });
    expect(two.history).toMatchObject({ page: 2, perPage: 3, pagesCount: 2, totalCount: 4 });
    expect([...one.history.items, ...two.history.items]).toEqual(whole.history.items);
    expect((await timeline(refs.cooler.id, '?page=9')).history.items).toEqual([]);
    expect(whole.history.items.map((e) => e.lbNumber)).toEqual([...made.map((r) => r.lbNumber).reverse(), null]);
  });

  it('an unknown id → 404 hydra:Error', async () => {
    expect(hydraDescription(await api('GET', `/api/coolers/${randomUUID()}/timeline`), 404)).toBeTruthy();
  });

  it('a malformed id or page → 400 on that field, never a 500', async () => {
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers/not-a-uuid/timeline')))).toEqual(['id']);
    expect(Object.keys(violationsOf(await api('GET', `/api/coolers/${randomUUID()}'%20or%201=1/timeline`)))).toEqual(['id']);
    const cooler = await createCooler(suite.app, suite.token);
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?perPage=101', 'perPage'],
      ['?page=99999999999', 'page'],
    ] as const) {
      expect(Object.keys(violationsOf(await api('GET', `/api/coolers/${cooler.id}/timeline${query}`))), query).toEqual([field]);
    }
  });

  it('names the Coolers ability and needs a signed-in user', async () => {
    expect(ABILITIES.coolers).toBe('ROLE_ADMIN_USER');
    const doc = json<{ paths: Record<string, Record<string, { description?: string; security?: unknown[] }>> }>(
      await suite.app.inject('/api/docs/json'),
    );
    const route = doc.paths['/api/coolers/{id}/timeline']!['get']!;
    expect(route.security).toEqual([{ bearerAuth: [] }]);
    expect(route.description).toContain(`Requires ${ABILITIES.coolers}.`);
    const cooler = await createCooler(suite.app, suite.token);
    expect((await suite.app.inject({ method: 'GET', url: `/api/coolers/${cooler.id}/timeline` })).statusCode).toBe(401);
  });
});
