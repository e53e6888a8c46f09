import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_REFERENCE } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import { BOTH_MODES_MESSAGE, NO_MODE_MESSAGE, type Receipt, type ReceiptCreateInput } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { WRONG_LB_NUMBER } from '@cooler-hub/contract/rules';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { RECEIPT_CREATED, RECEIPT_DELETED, RECEIPT_ID_CONFLICT } from '../src/modules/receipts/receipts.service';
import {
  createCooler,
  createReceipt,
  createReceiptReferences,
  createScrapReason,
  newReceipt,
  uniqueLb,
  type ReceiptReferences,
  updateBodyOf,
} from './factories';
import { hydraDescription, json, loginAs, useSignedInApp, violationsOf } from './helpers';

// A Production user: receipts, deleting included, need ROLE_ADMIN_USER only (docs/architecture.md §5).
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<Receipt>(`/api/receipts${query}`);
const history = (id: string) => suite.list<RevisionEntry>(`/api/revision_entries?entryKind=Receipt&entryRef=${id}`);

let refs: ReceiptReferences;
let username: string;
beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  username = json<{ username: string }>(await api('GET', '/api/profile')).username;
});

/** A new cooler for each receipt keeps the tests apart (lastLbNumber, filters). */
const freshRefs = async () => ({ ...refs, cooler: await createCooler(suite.app, suite.token) });

/** The update body of a receipt as the edit form sends it back unchanged. */
describe('POST /api/receipts', () => {
  it('creates (201) with the client-generated id and answers the receipt of docs/product.md §3', async () => {
    const body = newReceipt(refs, {
      receiptDate: '2026-03-02T09:15:00+01:00',
      notes: '  Door seal torn  ',
      tagFaultComment: 'Tag faded',
      assetNo: 'A-1001',
    });
    const res = await api('POST', '/api/receipts', body);
    expect(res.statusCode).toBe(201);
    const expected: Receipt = {
      id: body.id,
      lbNumber: String(body.lbNumber),
      receiptDate: '2026-03-02T08:15:00.000Z',
      supplier: { id: refs.supplier.id, name: refs.supplier.name },
      account: { id: refs.account.id, name: refs.account.name },
      inventoryItem: {
        id: refs.cooler.id,
        serialNumber: refs.cooler.serialNumber,
        partNumber: refs.cooler.partNumber,
        dateOfManufacture: refs.cooler.dateOfManufacture,
      },
      collectionPoint: { id: refs.collectionPoint.id, name: refs.collectionPoint.name },
      engineerNo: null,
      processOption: 'X',
      processState: null,
      scrapReason: null,
      notes: 'Door seal torn',
      tagFaultComment: 'Tag faded',
      assetNo: 'A-1001',
      isExported: false,
      supplierCode: refs.supplier.name,
      accountNo: refs.account.name,
      customer: refs.account.client.name,
      tagNumber: String(body.lbNumber),
      roNumber: null,
      deliveryNoteNo: null,
      deliveryId: null,
      deliveryType: null,
    };
    // Answers of one receipt also carry its version (docs/decisions/200).
    const versioned = { ...expected, version: expect.stringMatching(/^\d+$/) };
    expect(json(res)).toEqual(versioned);
    expect(json(await api('GET', `/api/receipts/${body.id}`))).toEqual(versioned);
  });

  it('a retry with the same id and body answers the same receipt and creates nothing', async () => {
    const body = newReceipt(refs);
    const first = await api('POST', '/api/receipts', body);
    expect(first.statusCode).toBe(201);
    const before = (await list('?perPage=1')).totalCount;
    const retry = await api('POST', '/api/receipts', body);
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toEqual(json(first));
    expect((await list('?perPage=1')).totalCount).toBe(before);
    expect((await history(body.id)).totalCount).toBe(1);
  });

  it('identical requests racing each other make one receipt', async () => {
    const body = newReceipt(refs);
    const before = (await list('?perPage=1')).totalCount;
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/api/receipts', body)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await list('?perPage=1')).totalCount).toBe(before + 1);
  });

  it('the same id with another body → 400 hydra:Error, and the receipt keeps its values', async () => {
    const body = newReceipt(refs, { notes: 'first' });
    expect((await api('POST', '/api/receipts', body)).statusCode).toBe(201);
    expect(hydraDescription(await api('POST', '/api/receipts', { ...body, notes: 'second' }))).toBe(RECEIPT_ID_CONFLICT);
    expect(hydraDescription(await api('POST', '/api/receipts', { ...body, receiptDate: '2020-01-01T00:00:00Z' }))).toBe(
      RECEIPT_ID_CONFLICT,
    );
    expect(json<Receipt>(await api('GET', `/api/receipts/${body.id}`)).notes).toBe('first');
  });

  it('receiptDate, customerAccount, supplier, processOption, inventoryItem and lbNumber are required', async () => {
    const id = randomUUID();
    const required = {
      receiptDate: 'Required Field',
      customerAccount: 'Required Field',
      supplier: 'Required Field',
      processOption: 'Required Field',
      inventoryItem: 'Required Field',
      lbNumber: 'Required Field',
    };
    const point = { collectionPoint: refs.collectionPoint.id };
    expect(violationsOf(await api('POST', '/api/receipts', { id, ...point }))).toEqual(required);
    const empty = { receiptDate: '', customerAccount: '', supplier: '', processOption: '', inventoryItem: '', lbNumber: '' };
    expect(violationsOf(await api('POST', '/api/receipts', { id, ...point, ...empty }))).toEqual(required);
    const nulls = Object.fromEntries(Object.keys(empty).map((k) => [k, null]));
    expect(violationsOf(await api('POST', '/api/receipts', { id, ...point, ...nulls }))).toEqual(required);
    expect((await api('GET', `/api/receipts/${id}`)).statusCode).toBe(404);
  });

  it.each(['123', 'LB', 'LB12A', 'XLB12', 'LB 12', 'LB-12'])('LB number %j → "Wrong Lb number"', async (lbNumber) => {
    const body = newReceipt(refs, { lbNumber });
    expect(violationsOf(await api('POST', '/api/receipts', body))).toEqual({ lbNumber: WRONG_LB_NUMBER });
    expect((await api('GET', `/api/receipts/${body.id}`)).statusCode).toBe(404);
  });

  it('an LB number typed in lower case or with spaces around is stored as LB + digits', async () => {
    const lb = uniqueLb();
    const res = await api('POST', '/api/receipts', newReceipt(refs, { lbNumber: `  ${lb.toLowerCase()} ` }));
    expect(res.statusCode).toBe(201);
    expect(json<Receipt>(res).lbNumber).toBe(lb);
  });

  it('an LB number already used → 400 on lbNumber, nothing written', async () => {
    const existing = await createReceipt(suite.app, suite.token, refs);
    const body = newReceipt(refs, { lbNumber: existing.lbNumber });
    expect(violationsOf(await api('POST', '/api/receipts', body))).toEqual({ lbNumber: ALREADY_USED });
    expect((await api('GET', `/api/receipts/${body.id}`)).statusCode).toBe(404);
    expect((await history(body.id)).totalCount).toBe(0);
  });

  it('two creates racing for one LB number: one 201, the other 400 on lbNumber', async () => {
    const lbNumber = uniqueLb();
    const results = await Promise.all(
      [newReceipt(refs, { lbNumber }), newReceipt(refs, { lbNumber })].map((b) => api('POST', '/api/receipts', b)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(violationsOf(results.find((r) => r.statusCode === 400)!)).toEqual({ lbNumber: ALREADY_USED });
    expect((await list(`?lbNumber=${lbNumber}`)).totalCount).toBe(1);
  });

  it('references that do not exist → 400 on each field, nothing written', async () => {
    const body = newReceipt(refs, {
      supplier: 999_999,
      customerAccount: 999_999,
      inventoryItem: randomUUID(),
      collectionPoint: 999_999,
      processOption: 'S',
      scrapReason: 987_654,
    });
    expect(violationsOf(await api('POST', '/api/receipts', body))).toEqual({
      supplier: UNKNOWN_REFERENCE,
      customerAccount: UNKNOWN_REFERENCE,
      inventoryItem: UNKNOWN_REFERENCE,
      collectionPoint: UNKNOWN_REFERENCE,
      scrapReason: UNKNOWN_REFERENCE,
    });
    expect((await api('GET', `/api/receipts/${body.id}`)).statusCode).toBe(404);
  });

  it('malformed values → 400 on the field, never 500', async () => {
    const bad: [Partial<ReceiptCreateInput>, string][] = [
      [{ receiptDate: 'yesterday' }, 'receiptDate'],
      [{ receiptDate: '2026-02-30T10:00:00Z' }, 'receiptDate'],
      [{ supplier: 'abc' }, 'supplier'],
      [{ supplier: -1 }, 'supplier'],
      [{ customerAccount: 1.5 }, 'customerAccount'],
      [{ inventoryItem: 'not-a-uuid' }, 'inventoryItem'],
      [{ processOption: 'Z' }, 'processOption'],
      [{ processOption: 'D', processState: 'D6' }, 'processState'],
      [{ processOption: 'S', scrapReason: 'x' }, 'scrapReason'],
      [{ collectionPoint: { id: 1 } }, 'collectionPoint'],
      [{ notes: 'x'.repeat(2001) }, 'notes'],
      [{ lbNumber: `LB${'1'.repeat(60)}` }, 'lbNumber'],
      [{ assetNo: 'A\u0000' }, 'assetNo'],
    ];
    for (const [override, field] of bad) {
      const res = await api('POST', '/api/receipts', newReceipt(refs, override));
      expect(Object.keys(violationsOf(res)), JSON.stringify(override)).toEqual([field]);
    }
    const broken = await suite.app.inject({
      method: 'POST',
      url: '/api/receipts',
      headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(hydraDescription(broken)).toBe('The request body is not valid JSON.');
  });
});

describe('process option, state and scrap reason (docs/product.md §4)', () => {
  it.each([
    ['X', null],
    ['D', 'D1'],
    ['D', 'D4'],
    ['D', null],
  ] as const)('option %s with state %s needs no scrap reason', async (processOption, processState) => {
    const res = await api('POST', '/api/receipts', newReceipt(refs, { processOption, processState }));
    expect(res.statusCode).toBe(201);
    expect(json<Receipt>(res)).toMatchObject({ processOption, processState, scrapReason: null });
  });

  it('option S and option D with D5 need a scrap reason (its code); it is stored and answered as the code', async () => {
    for (const [processOption, processState] of [
      ['S', null],
      ['D', 'D5'],
    ] as const) {
      expect(violationsOf(await api('POST', '/api/receipts', newReceipt(refs, { processOption, processState })))).toEqual({
        scrapReason: 'Required Field',
      });
      const res = await api(
        'POST',
        '/api/receipts',
        newReceipt(refs, { processOption, processState, scrapReason: String(refs.scrapReason.code) }),
      );
      expect(res.statusCode).toBe(201);
      expect(json<Receipt>(res)).toMatchObject({ processOption, processState, scrapReason: refs.scrapReason.code });
    }
  });

  it('a state without option D and a scrap reason where none applies are dropped on save', async () => {
    const x = json<Receipt>(
      await api('POST', '/api/receipts', newReceipt(refs, { processOption: 'X', processState: 'D3', scrapReason: refs.scrapReason.code })),
    );
    expect(x).toMatchObject({ processOption: 'X', processState: null, scrapReason: null });
    const s = json<Receipt>(
      await api('POST', '/api/receipts', newReceipt(refs, { processOption: 'S', processState: 'D5', scrapReason: refs.scrapReason.code })),
    );
    expect(s).toMatchObject({ processOption: 'S', processState: null, scrapReason: refs.scrapReason.code });
    const d = json<Receipt>(
      await api('POST', '/api/receipts', newReceipt(refs, { processOption: 'D', processState: 'D2', scrapReason: refs.scrapReason.code })),
    );
    expect(d).toMatchObject({ processOption: 'D', processState: 'D2', scrapReason: null });
  });

  it('a collection point or an engineer number: exactly one', async () => {
    const neither = await api('POST', '/api/receipts', newReceipt(refs, { collectionPoint: null, engineerNo: '  ' }));
    expect(violationsOf(neither)).toEqual({ '': NO_MODE_MESSAGE });
    const both = await api('POST', '/api/receipts', newReceipt(refs, { engineerNo: 'ENG-7' }));
    expect(violationsOf(both)).toEqual({ engineerNo: BOTH_MODES_MESSAGE });
    const engineer = await api('POST', '/api/receipts', newReceipt(refs, { collectionPoint: '', engineerNo: ' ENG-7 ' }));
    expect(engineer.statusCode).toBe(201);
    expect(json<Receipt>(engineer)).toMatchObject({ collectionPoint: null, engineerNo: 'ENG-7' });
  });

  it('the cross-field rules are reported together with a broken field', async () => {
    const res = await api('POST', '/api/receipts', newReceipt(refs, { lbNumber: 'nope', processOption: 'S', collectionPoint: null }));
    expect(violationsOf(res)).toEqual({ lbNumber: WRONG_LB_NUMBER, scrapReason: 'Required Field', '': NO_MODE_MESSAGE });
  });
});

describe('PUT /api/receipts/{id}/main', () => {
  it('updates every field of docs/product.md §7 and answers the receipt', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    const other = await createReceiptReferences(suite.app, suite.token, { supplier: refs.supplier });
    const lbNumber = uniqueLb();
    const res = await api('PUT', `/api/receipts/${r.id}/main`, {
      ...updateBodyOf(r),
      lbNumber,
      customerAccount: other.account.id,
      inventoryItem: other.cooler.id,
      processOption: 'D',
      processState: 'D5',
      scrapReason: other.scrapReason.code,
      collectionPoint: null,
      engineerNo: 'ENG-42',
      notes: 'Compressor noisy',
      tagFaultComment: 'Tag re-printed',
      assetNo: 'A-77',
    });
    expect(res.statusCode).toBe(200);
    const updated = json<Receipt>(res);
    expect(updated).toMatchObject({
      id: r.id,
      lbNumber,
      tagNumber: lbNumber,
      receiptDate: r.receiptDate,
      account: { id: other.account.id, name: other.account.name },
      customer: other.account.client.name,
      inventoryItem: { id: other.cooler.id, serialNumber: other.cooler.serialNumber },
      processOption: 'D',
      processState: 'D5',
      scrapReason: other.scrapReason.code,
      collectionPoint: null,
      engineerNo: 'ENG-42',
      notes: 'Compressor noisy',
      tagFaultComment: 'Tag re-printed',
      assetNo: 'A-77',
    });
    expect(json(await api('GET', `/api/receipts/${r.id}`))).toEqual(updated);
  });

  it('changing the option clears the state and the scrap reason on save (docs/product.md §4)', async () => {
    const r = await createReceipt(suite.app, suite.token, refs, {
      processOption: 'D',
      processState: 'D5',
      scrapReason: refs.scrapReason.code,
    });
    const res = await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), processOption: 'X' });
    expect(json<Receipt>(res)).toMatchObject({ processOption: 'X', processState: null, scrapReason: null });
  });

  it('writes one OldNew revision with the changed fields as people read them; none when nothing changed', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    expect((await api('PUT', `/api/receipts/${r.id}/main`, updateBodyOf(r))).statusCode).toBe(200);
    expect((await history(r.id)).items.map((e) => e.diffType)).toEqual(['Text']);
    const res = await api('PUT', `/api/receipts/${r.id}/main`, {
      ...updateBodyOf(r),
      processOption: 'S',
      scrapReason: refs.scrapReason.code,
      collectionPoint: null,
      engineerNo: 'ENG-9',
    });
    expect(res.statusCode).toBe(200);
    const { items } = await history(r.id);
    expect(items.map((e) => e.diffType)).toEqual(['OldNew', 'Text']);
    expect(items[0]!.oldNewMessage).toEqual({
      collectionPoint: [refs.collectionPoint.name, null],
      engineerNo: [null, 'ENG-9'],
      processOption: ['X', 'S'],
      scrapReason: [null, refs.scrapReason.code],
    });
    expect(items[0]!.creator.username).toBe(username);
  });

  it('a refused update changes nothing and writes no revision', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    const taken = await createReceipt(suite.app, suite.token, refs);
    expect(violationsOf(await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), lbNumber: taken.lbNumber }))).toEqual({
      lbNumber: ALREADY_USED,
    });
    expect(violationsOf(await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), supplier: 999_999 }))).toEqual({
      supplier: UNKNOWN_REFERENCE,
    });
    expect(json(await api('GET', `/api/receipts/${r.id}`))).toEqual(r);
    expect((await history(r.id)).totalCount).toBe(1);
  });

  it('keeping its own LB number is not a clash; the rules apply as on create', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    expect((await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), notes: 'ok' })).statusCode).toBe(200);
    expect(violationsOf(await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), lbNumber: 'LB' }))).toEqual({
      lbNumber: WRONG_LB_NUMBER,
    });
    expect(violationsOf(await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), engineerNo: 'E1' }))).toEqual({
      engineerNo: BOTH_MODES_MESSAGE,
    });
    expect(violationsOf(await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), processOption: 'S' }))).toEqual({
      scrapReason: 'Required Field',
    });
  });

  it('two concurrent updates are both kept in the history, in order', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    const edits = ['n1', 'n2', 'n3', 'n4'].map((notes) => api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), notes }));
    expect((await Promise.all(edits)).map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const entries = (await history(r.id)).items.filter((e) => e.diffType === 'OldNew').reverse();
    // Replaying the entries in order gives the stored value: no change was compared against a stale row.
    let notes: unknown = null;
    for (const e of entries) {
      expect(e.oldNewMessage.notes?.[0]).toBe(notes);
      notes = e.oldNewMessage.notes?.[1];
    }
    expect(notes).toBe(json<Receipt>(await api('GET', `/api/receipts/${r.id}`)).notes);
  });

  it('an unknown id → 404; a malformed id → 400; a missing body → 400', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    expect((await api('PUT', `/api/receipts/${randomUUID()}/main`, updateBodyOf(r))).statusCode).toBe(404);
    expect((await api('PUT', '/api/receipts/12/main', updateBodyOf(r))).statusCode).toBe(400);
    expect((await api('PUT', `/api/receipts/${r.id}/main`)).statusCode).toBe(400);
    expect((await api('GET', '/api/receipts/not-an-id')).statusCode).toBe(400);
  });
});

describe('DELETE /api/receipts/{id}', () => {
  it('deletes (204) and writes a Text revision that outlives the receipt', async () => {
    const r = await createReceipt(suite.app, suite.token, refs, { engineerNo: 'ENG-1', collectionPoint: null });
    expect((await api('DELETE', `/api/receipts/${r.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/receipts/${r.id}`)).statusCode).toBe(404);
    const { items } = await history(r.id);
    expect(items.map((e) => e.diffType)).toEqual(['Text', 'Text']);
    expect(items[0]!.textOnlyMessage).toEqual(
      expect.arrayContaining([
        RECEIPT_DELETED,
        `LB number: ${r.lbNumber}`,
        `Engineer number: ENG-1`,
        `Serial number: ${r.inventoryItem.serialNumber}`,
      ]),
    );
    expect(items[1]!.textOnlyMessage[0]).toBe(RECEIPT_CREATED);
    expect((await api('DELETE', `/api/receipts/${r.id}`)).statusCode).toBe(404);
  });

  it('its LB number can be used again afterwards', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    await api('DELETE', `/api/receipts/${r.id}`);
    expect((await api('POST', '/api/receipts', newReceipt(refs, { lbNumber: r.lbNumber }))).statusCode).toBe(201);
  });
});

describe('coolers and their receipts', () => {
  it("a cooler's lastLbNumber is its newest receipt's LB number, in the list and alone", async () => {
    const own = await freshRefs();
    expect(json<Cooler>(await api('GET', `/api/coolers/${own.cooler.id}`)).lastLbNumber).toBeNull();
    const newer = await createReceipt(suite.app, suite.token, own, { receiptDate: '2026-05-02T10:00:00Z' });
    await createReceipt(suite.app, suite.token, own, { receiptDate: '2026-05-01T10:00:00Z' });
    expect(json<Cooler>(await api('GET', `/api/coolers/${own.cooler.id}`)).lastLbNumber).toBe(newer.lbNumber);
    const listed = await suite.list<Cooler>(`/api/coolers?serialNumber=${own.cooler.serialNumber}`);
    expect(listed.items.map((c) => c.lastLbNumber)).toEqual([newer.lbNumber]);
  });

  it('a cooler with receipts cannot be deleted (400 sentence); it can once they are gone', async () => {
    const own = await freshRefs();
    const r = await createReceipt(suite.app, suite.token, own);
    const { token } = await loginAs(suite.app, 'Admin');
    const del = () =>
      suite.app.inject({ method: 'DELETE', url: `/api/coolers/${own.cooler.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(hydraDescription(await del())).toBe('This cooler is used by 1 receipt and cannot be deleted.');
    await api('DELETE', `/api/receipts/${r.id}`);
    expect((await del()).statusCode).toBe(204);
  });

  it('a scrap reason, collection point or account in use by a receipt cannot be deleted', async () => {
    const own = await createReceiptReferences(suite.app, suite.token, { scrapReason: await createScrapReason(suite.app, suite.token) });
    await createReceipt(suite.app, suite.token, own, { processOption: 'S', scrapReason: own.scrapReason.code });
    expect(hydraDescription(await api('DELETE', `/api/scrap_reasons/${own.scrapReason.id}/remove`))).toBe(
      'This scrap reason is used by 1 receipt and cannot be deleted.',
    );
    expect(hydraDescription(await api('DELETE', `/api/collection_points/${own.collectionPoint.id}/remove`))).toBe(
      'This collection point is used by 1 receipt and cannot be deleted.',
    );
  });
});

describe('permissions', () => {
  it('without a token every receipt call is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/receipts'],
      ['GET', `/api/receipts/${randomUUID()}`],
      ['POST', '/api/receipts'],
      ['PUT', `/api/receipts/${randomUUID()}/main`],
      ['DELETE', `/api/receipts/${randomUUID()}`],
    ] as const) {
      expect((await suite.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a Production user (ROLE_ADMIN_USER) may create, update and delete receipts', async () => {
    const r = await createReceipt(suite.app, suite.token, refs);
    expect((await api('PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), notes: 'x' })).statusCode).toBe(200);
    expect((await api('DELETE', `/api/receipts/${r.id}`)).statusCode).toBe(204);
  });
});
