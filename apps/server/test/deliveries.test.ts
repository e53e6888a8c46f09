import { beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE, UNKNOWN_REFERENCE } from '@cooler-hub/contract/common';
import {
  APPROVED_READ_ONLY,
  DUPLICATE_LB_NUMBER,
  EMAIL_MISSED,
  NOT_APPROVED_YET,
  wrongTypeMessage,
  type Delivery,
  type DeliveryListItem,
} from '@cooler-hub/contract/deliveries';
import { UNKNOWN_LB_NUMBER, noteHoldingMessage } from '@cooler-hub/contract/lb-numbers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { WRONG_LB_NUMBER } from '@cooler-hub/contract/rules';
import { eq } from 'drizzle-orm';
import { deliveries } from '../src/db/schema';
import { DeliveriesService } from '../src/modules/deliveries/deliveries.service';
import { createCcCode } from './factories';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { authHeader, hydraDescription, json, loginAs, useSignedInApp, violationsOf } from './helpers';

// A Production user: every delivery call but deleting a note (ROLE_REMOVE_INVENTORY).
const suite = useSignedInApp('Production');
const api = suite.api;
let f: DeliveryFixtures;
beforeAll(async () => {
  f = await deliveryFixtures(suite.app, suite.token);
});

const get = async (id: number) => json<Delivery>(await api('GET', `/api/deliveries/${id}`));

describe('POST /api/deliveries', () => {
  it('creates a transfer (201) and answers the note of docs/product.md §3 with its LB numbers, recipients and names', async () => {
    const [lb1, lb2] = await f.lbs(2);
    const email = await f.email();
    const cc = await createCcCode(suite.app, suite.token);
    const res = await api('POST', '/api/deliveries', {
      type: 'transfer',
      deliveryDay: '2026-03-02',
      customerAccount: f.refs.account.id,
      businessName: '  Łódź Coolers Ltd  ',
      CCCode: cc.id,
      emails: [email.id, email.id],
      lbNumbers: [lb1, ` ${lb2!.toLowerCase()} `],
    });
    expect(res.statusCode).toBe(201);
    const note = json<Delivery>(res);
    expect(note).toMatchObject({
      type: 'transfer',
      deliveryType: 'transfer',
      status: 'pending',
      approvedAt: null,
      deliveryDay: '2026-03-02',
      itemsCount: 2,
      customerAccount: { id: f.refs.account.id, name: f.refs.account.name },
      businessName: 'Łódź Coolers Ltd',
      CCCode: { id: cc.id, code: cc.code, name: cc.name },
      emails: [email],
      lbNumbers: [lb1, lb2],
      dispatchAddress: null,
      invoiceAddress: null,
      emailDeliveredAt: null,
      emailViewedAt: null,
      emailFailedAt: null,
      emailStatus: 'N/A',
    });
    expect(await get(note.id)).toEqual(note);
  });

  it('makes the receipts show their note on /main, and filters by note (deliveryId, inDeliveryNote)', async () => {
    const note = await f.note({ type: 'scrap' });
    const other = await f.lbs(1);
    const inNote = await suite.list<Receipt>(`/api/receipts?deliveryId=${note.id}&order[lbNumber]=asc`);
    expect(inNote.items.map((r) => r.lbNumber)).toEqual([...note.lbNumbers].sort());
    expect(inNote.items[0]).toMatchObject({ deliveryId: note.id, deliveryType: 'scrap', deliveryNoteNo: String(note.id) });
    const lone = await suite.list<Receipt>(`/api/receipts?lbNumber=${other[0]}`);
    expect(lone.items[0]).toMatchObject({ deliveryId: null, deliveryType: null, deliveryNoteNo: null });
    const inAny = await suite.list<Receipt>(`/api/receipts?inDeliveryNote=true&lbNumber=${note.lbNumbers[0]}`);
    expect(inAny.totalCount).toBe(1);
    expect((await suite.list<Receipt>(`/api/receipts?inDeliveryNote=false&lbNumber=${note.lbNumbers[0]}`)).totalCount).toBe(0);
    expect((await suite.list<Receipt>(`/api/receipts?inDeliveryNote=false&lbNumber=${other[0]}`)).totalCount).toBe(1);
  });

  it('sorts receipts by their note (deliveryId / deliveryNoteNo): none last ascending, first descending, on every page', async () => {
    const own = await deliveryFixtures(suite.app, suite.token);
    const [r1, r2, r3, r4] = await own.receipts(4);
    const a = await own.note({ type: 'transfer', lbNumbers: [r1!.lbNumber] });
    const b = await own.note({ type: 'scrap', lbNumbers: [r2!.lbNumber] });
    await own.note({ type: 'error_sheet', lbNumbers: [r3!.lbNumber] });
    const bare = [r3!, r4!].sort((x, y) => (x.id < y.id ? -1 : 1)).map((r) => r.lbNumber);
    const asc = [r1!.lbNumber, r2!.lbNumber, ...bare];
    expect(a.id).toBeLessThan(b.id);
    for (const field of ['deliveryId', 'deliveryNoteNo']) {
      const sorted = async (direction: string, paging = '') =>
        (await suite.list<Receipt>(`/api/receipts?customerId=${own.refs.account.id}&order[${field}]=${direction}${paging}`)).items.map(
          (r) => r.lbNumber,
        );
      expect(await sorted('asc')).toEqual(asc);
      expect(await sorted('desc')).toEqual([...asc].reverse());
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(...(await sorted('desc', `&perPage=1&page=${page}`)));
      expect(pages).toEqual([...asc].reverse());
    }
  });

  it('refuses unknown, malformed and duplicate LB numbers per item, and writes nothing', async () => {
    const [lb] = await f.lbs(1);
    const before = (await suite.list<DeliveryListItem>('/api/deliveries/error_sheet_list')).totalCount;
    const res = await api('POST', '/api/deliveries', {
      type: 'error_sheet',
      deliveryDay: '2026-03-02',
      lbNumbers: [lb, 'LB999999999999', 'XX12', lb],
    });
    expect(violationsOf(res)).toEqual({ 'lbNumbers[2]': WRONG_LB_NUMBER, 'lbNumbers[3]': DUPLICATE_LB_NUMBER });
    const unknown = await api('POST', '/api/deliveries', {
      type: 'error_sheet',
      deliveryDay: '2026-03-02',
      lbNumbers: [lb, 'LB999999999999'],
    });
    expect(violationsOf(unknown)).toEqual({ 'lbNumbers[1]': UNKNOWN_LB_NUMBER });
    expect((await suite.list<DeliveryListItem>('/api/deliveries/error_sheet_list')).totalCount).toBe(before);
  });

  it('requires type, date and LB numbers; the account for transfer and scrap; recipients for transfers', async () => {
    expect(violationsOf(await api('POST', '/api/deliveries', {}))).toMatchObject({
      type: REQUIRED_MESSAGE,
      deliveryDay: REQUIRED_MESSAGE,
      lbNumbers: REQUIRED_MESSAGE,
    });
    const [lb] = await f.lbs(1);
    const transfer = await api('POST', '/api/deliveries', { type: 'transfer', deliveryDay: '2026-03-02', lbNumbers: [lb], emails: [] });
    expect(violationsOf(transfer)).toEqual({ customerAccount: REQUIRED_MESSAGE, emails: EMAIL_MISSED });
    const scrap = await api('POST', '/api/deliveries', { type: 'scrap', deliveryDay: '2026-03-02', lbNumbers: [lb] });
    expect(violationsOf(scrap)).toEqual({ customerAccount: REQUIRED_MESSAGE });
    const sheet = await api('POST', '/api/deliveries', { type: 'error_sheet', deliveryDay: '2026-03-02', lbNumbers: [lb] });
    expect(sheet.statusCode).toBe(201);
    expect(json<Delivery>(sheet)).toMatchObject({ customerAccount: null, emails: [], itemsCount: 1 });
    expect(violationsOf(await api('POST', '/api/deliveries', { type: 'nope', deliveryDay: '02/03/2026', lbNumbers: 'LB1' }))).toMatchObject(
      {
        type: expect.any(String),
        deliveryDay: expect.any(String),
        lbNumbers: expect.any(String),
      },
    );
  });

  it('refuses references that do not exist on their fields', async () => {
    const [lb] = await f.lbs(1);
    const res = await api('POST', '/api/deliveries', {
      type: 'transfer',
      deliveryDay: '2026-03-02',
      customerAccount: 999999,
      emails: [999998],
      dispatchAddress: 999997,
      invoiceAddress: 999996,
      CCCode: '00000000-0000-4000-8000-000000000000',
      lbNumbers: [lb],
    });
    expect(violationsOf(res)).toEqual({
      customerAccount: UNKNOWN_REFERENCE,
      'emails[0]': UNKNOWN_REFERENCE,
      dispatchAddress: UNKNOWN_REFERENCE,
      invoiceAddress: UNKNOWN_REFERENCE,
      CCCode: UNKNOWN_REFERENCE,
    });
  });

  it('keeps an LB on at most one transfer or scrap note; error sheets do not claim it', async () => {
    const first = await f.note({ type: 'transfer' });
    const [free] = await f.lbs(1);
    const lb = first.lbNumbers[1]!;
    const res = await api('POST', '/api/deliveries', {
      type: 'scrap',
      deliveryDay: '2026-03-02',
      customerAccount: f.refs.account.id,
      lbNumbers: [free, lb],
    });
    expect(violationsOf(res)).toEqual({ 'lbNumbers[1]': noteHoldingMessage({ id: first.id, type: 'transfer' }) });
    const sheet = await f.note({ type: 'error_sheet', lbNumbers: [lb] });
    expect(sheet.lbNumbers).toEqual([lb]);
  });

  it('two notes claiming the same LB at the same moment: one wins, the other gets the violation on its item', async () => {
    for (let round = 0; round < 3; round++) {
      const shared = await f.lbs(1);
      const own = await f.lbs(2);
      const body = (extra: string) => ({
        type: 'scrap',
        deliveryDay: '2026-03-02',
        customerAccount: f.refs.account.id,
        lbNumbers: [extra, shared[0]],
      });
      const answers = await Promise.all([api('POST', '/api/deliveries', body(own[0]!)), api('POST', '/api/deliveries', body(own[1]!))]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 400]);
      const winner = json<Delivery>(answers.find((a) => a.statusCode === 201)!);
      const loser = answers.find((a) => a.statusCode === 400)!;
      expect(violationsOf(loser)).toEqual({ 'lbNumbers[1]': noteHoldingMessage({ id: winner.id, type: 'scrap' }) });
      const holders = await suite.list<{ deliveryId: number }>(`/api/delivery_lines?lbNumber=${shared[0]}`);
      expect(holders.items.map((l) => l.deliveryId)).toEqual([winner.id]);
      // The loser wrote nothing: its own LB is still free.
      const loserOwn = own.find((lb) => !winner.lbNumbers.includes(lb))!;
      expect((await suite.list(`/api/delivery_lines?lbNumber=${loserOwn}`)).totalCount).toBe(0);
    }
  });
});

describe('PUT /api/deliveries/{id}/{type}', () => {
  it('an edit and a create claiming the same LB at the same moment: one wins, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const note = await f.note({ type: 'scrap', lbNumbers: await f.lbs(2) });
      const [shared] = await f.lbs(1);
      const [own] = await f.lbs(1);
      const [edit, create] = await Promise.all([
        api('PUT', `/api/deliveries/${note.id}/scrap`, { deliveryDay: '2026-03-02', lbNumbers: [note.lbNumbers[1], shared] }),
        api('POST', '/api/deliveries', {
          type: 'transfer',
          deliveryDay: '2026-03-02',
          customerAccount: f.refs.account.id,
          emails: note.emails.map((e) => e.id).concat((await f.email()).id),
          lbNumbers: [own, shared],
        }),
      ]);
      expect([edit.statusCode, create.statusCode].sort()).toEqual(edit.statusCode === 200 ? [200, 400] : [201, 400]);
      const holders = await suite.list<{ deliveryId: number }>(`/api/delivery_lines?lbNumber=${shared}`);
      expect(holders.totalCount).toBe(1);
      if (edit.statusCode === 200)
        expect(violationsOf(create)).toEqual({ 'lbNumbers[1]': noteHoldingMessage({ id: note.id, type: 'scrap' }) });
      else expect(Object.keys(violationsOf(edit))).toEqual(['lbNumbers[1]']);
    }
  });

  it('edits a pending transfer: lines replaced (kept ones keep their ids), fields and recipients', async () => {
    const note = await f.note({ type: 'transfer' });
    const lines = await suite.list<{ id: number; lbNumber: string }>(`/api/delivery_lines?deliveryId=${note.id}`);
    const [added] = await f.lbs(1);
    const email = await f.email();
    const res = await api('PUT', `/api/deliveries/${note.id}/transfer`, {
      deliveryDay: '2026-04-01',
      customerAccount: f.refs.account.id,
      businessName: 'Invoice Co',
      emails: [email.id],
      lbNumbers: [note.lbNumbers[1], added],
      CCCode: null,
    });
    expect(res.statusCode).toBe(200);
    expect(json<Delivery>(res)).toMatchObject({
      deliveryDay: '2026-04-01',
      businessName: 'Invoice Co',
      emails: [email],
      itemsCount: 2,
      lbNumbers: [note.lbNumbers[1], added],
    });
    const after = await suite.list<{ id: number; lbNumber: string }>(`/api/delivery_lines?deliveryId=${note.id}`);
    expect(after.items.find((l) => l.lbNumber === note.lbNumbers[1])!.id).toBe(
      lines.items.find((l) => l.lbNumber === note.lbNumbers[1])!.id,
    );
    // The LB taken off is free for another note at once.
    const other = await f.note({ type: 'scrap', lbNumbers: [note.lbNumbers[0]!] });
    expect(other.lbNumbers).toEqual([note.lbNumbers[0]]);
  });

  it("keeps its own LBs when edited, refuses another note's, and requires the transfer rules", async () => {
    const note = await f.note({ type: 'transfer' });
    const taken = await f.note({ type: 'scrap' });
    const base = { deliveryDay: '2026-04-01', customerAccount: f.refs.account.id, emails: [(await f.email()).id] };
    const res = await api('PUT', `/api/deliveries/${note.id}/transfer`, { ...base, lbNumbers: [...note.lbNumbers, taken.lbNumbers[0]] });
    expect(violationsOf(res)).toEqual({ 'lbNumbers[2]': noteHoldingMessage({ id: taken.id, type: 'scrap' }) });
    const missing = await api('PUT', `/api/deliveries/${note.id}/transfer`, {
      deliveryDay: '2026-04-01',
      lbNumbers: note.lbNumbers,
      emails: [],
    });
    expect(violationsOf(missing)).toEqual({ customerAccount: REQUIRED_MESSAGE, emails: EMAIL_MISSED });
    expect((await get(note.id)).lbNumbers).toEqual(note.lbNumbers);
  });

  it('a scrap edit may drop the customer account; the wrong type is refused', async () => {
    const note = await f.note({ type: 'scrap' });
    const res = await api('PUT', `/api/deliveries/${note.id}/scrap`, {
      deliveryDay: '2026-05-05',
      lbNumbers: note.lbNumbers,
      customerAccount: null,
    });
    expect(res.statusCode).toBe(200);
    expect(json<Delivery>(res).customerAccount).toBeNull();
    const wrong = await api('PUT', `/api/deliveries/${note.id}/error_sheet`, { deliveryDay: '2026-05-05', lbNumbers: note.lbNumbers });
    expect(hydraDescription(wrong)).toBe(wrongTypeMessage('scrap'));
    expect((await api('PUT', '/api/deliveries/99999999/scrap', { deliveryDay: '2026-05-05', lbNumbers: note.lbNumbers })).statusCode).toBe(
      404,
    );
  });
});

describe('approve, read-only, resend, delete', () => {
  it('approves once: a second call changes nothing and answers the status', async () => {
    const note = await f.note({ type: 'transfer' });
    const first = await api('POST', `/api/deliveries/${note.id}/approve`);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ id: note.id, status: 'approved' });
    const approvedAt = (await get(note.id)).approvedAt;
    expect(approvedAt).not.toBeNull();
    const second = await api('POST', `/api/deliveries/${note.id}/approve`);
    expect(json(second)).toEqual({ id: note.id, status: 'approved' });
    expect((await get(note.id)).approvedAt).toBe(approvedAt);
    expect((await api('POST', '/api/deliveries/99999999/approve')).statusCode).toBe(404);
  });

  it('the mail hooks run in the approval / resend transaction: once, and a failing one undoes the approval', async () => {
    const db = suite.t.database.db;
    const actor = { id: 1, username: 'admin' };
    const seen: string[] = [];
    const service = new DeliveriesService(db, {
      onApproved: async (tx, id) => {
        seen.push(`approved ${id} ${(await tx.select({ s: deliveries.status }).from(deliveries).where(eq(deliveries.id, id)))[0]?.s}`);
      },
      onResend: async (_tx, id) => {
        seen.push(`resend ${id}`);
      },
    });
    const note = await f.note({ type: 'transfer' });
    await service.approve(actor, note.id);
    await service.approve(actor, note.id);
    await service.resend(actor, note.id);
    expect(seen).toEqual([`approved ${note.id} approved`, `resend ${note.id}`]);
    const failing = new DeliveriesService(db, { onApproved: () => Promise.reject(new Error('queue down')) });
    const other = await f.note({ type: 'scrap' });
    await expect(failing.approve(actor, other.id)).rejects.toThrow('queue down');
    expect((await get(other.id)).status).toBe('pending');
  });

  it('an approved note is read-only: edit, line delete and delete answer 400 hydra:Error', async () => {
    const admin = await loginAs(suite.app, 'Admin');
    const note = await f.note({ type: 'transfer', lbNumbers: await f.lbs(3) });
    await api('POST', `/api/deliveries/${note.id}/approve`);
    const edit = await api('PUT', `/api/deliveries/${note.id}/transfer`, {
      deliveryDay: '2026-04-01',
      customerAccount: f.refs.account.id,
      emails: note.emails.map((e) => e.id),
      lbNumbers: note.lbNumbers.slice(0, 1),
    });
    expect(hydraDescription(edit)).toBe(APPROVED_READ_ONLY);
    const lines = await suite.list<{ id: number }>(`/api/delivery_lines?deliveryId=${note.id}`);
    expect(hydraDescription(await api('DELETE', `/api/delivery_lines/${lines.items[0]!.id}`))).toBe(APPROVED_READ_ONLY);
    const del = await suite.app.inject({ method: 'DELETE', url: `/api/deliveries/${note.id}`, headers: authHeader(admin.token) });
    expect(hydraDescription(del)).toBe(APPROVED_READ_ONLY);
    expect(await get(note.id)).toMatchObject({ itemsCount: 3, lbNumbers: note.lbNumbers, status: 'approved' });
  });

  it('resend: an approved note is answered, a pending one refused', async () => {
    const note = await f.note({ type: 'transfer' });
    expect(hydraDescription(await api('PUT', `/api/deliveries/${note.id}/resend`))).toBe(NOT_APPROVED_YET);
    await api('POST', `/api/deliveries/${note.id}/approve`);
    const res = await api('PUT', `/api/deliveries/${note.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(json<Delivery>(res)).toMatchObject({ id: note.id, status: 'approved' });
    expect((await api('PUT', '/api/deliveries/99999999/resend')).statusCode).toBe(404);
  });

  it('delete needs ROLE_REMOVE_INVENTORY; it frees the LB numbers', async () => {
    const note = await f.note({ type: 'scrap' });
    const denied = await api('DELETE', `/api/deliveries/${note.id}`);
    expect(denied.statusCode).toBe(403);
    const admin = await loginAs(suite.app, 'Admin');
    const res = await suite.app.inject({ method: 'DELETE', url: `/api/deliveries/${note.id}`, headers: authHeader(admin.token) });
    expect(res.statusCode).toBe(204);
    expect((await api('GET', `/api/deliveries/${note.id}`)).statusCode).toBe(404);
    expect((await f.note({ type: 'transfer', lbNumbers: note.lbNumbers })).lbNumbers).toEqual(note.lbNumbers);
  });

  it('a receipt on a note cannot be deleted', async () => {
    const note = await f.note({ type: 'error_sheet' });
    const receipt = (await suite.list<Receipt>(`/api/receipts?lbNumber=${note.lbNumbers[0]}`)).items[0]!;
    const res = await api('DELETE', `/api/receipts/${receipt.id}`);
    expect(hydraDescription(res)).toMatch(/delivery line/);
  });
});

describe('bad input never answers 500', () => {
  it.each([
    ['GET', '/api/deliveries/abc'],
    ['GET', '/api/deliveries/1/download/doc'],
    ['GET', '/api/deliveries/transfer_list?order[nope]=asc'],
    ['GET', '/api/deliveries/transfer_list?page=0'],
    ['GET', '/api/deliveries/scrap_list?status=closed'],
    ['POST', '/api/deliveries/abc/approve'],
    ['PUT', '/api/deliveries/1/transfer'],
  ])('%s %s → 400', async (method, url) => {
    const res = await api(method as 'GET', url);
    expect(res.statusCode).toBe(400);
  });

  it('lbNumbers that are not strings, emails that are not ids', async () => {
    const res = await api('POST', '/api/deliveries', {
      type: 'error_sheet',
      deliveryDay: '2026-03-02',
      lbNumbers: [12, null],
      emails: ['x', -1],
    });
    expect(violationsOf(res)).toMatchObject({
      'lbNumbers[0]': expect.any(String),
      'emails[0]': expect.any(String),
      'emails[1]': expect.any(String),
    });
  });
});
