import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_VALUE_MESSAGE, UNKNOWN_REFERENCE } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { COOLER_ID_CONFLICT } from '../src/modules/coolers/coolers.service';
import { call, createCooler, createPartNumber, newCooler, unique } from './factories';
import { adminToken, hydraDescription, json, useSignedInApp, violationsOf, ANY_VERSION, withoutVersion } from './helpers';

// A Production user: everything but deleting needs ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<Cooler>(`/api/coolers${query}`);

let partNumber: PartNumber;
beforeAll(async () => {
  partNumber = await createPartNumber(suite.app, suite.token);
});

describe('POST /api/coolers', () => {
  it('creates (201) with the client-generated id; modelNumber null, lastLbNumber null until receipts exist', async () => {
    const body = newCooler(partNumber.id, { dateOfManufacture: '2020-02-29' });
    const res = await api('POST', '/api/coolers', body);
    expect(res.statusCode).toBe(201);
    const expected: Cooler = {
      id: body.id,
      serialNumber: body.serialNumber,
      partNumber: { id: partNumber.id, partNumber: partNumber.partNumber },
      dateOfManufacture: '2020-02-29',
      modelNumber: null,
      lastLbNumber: null,
    };
    expect(json(res)).toEqual({ ...expected, version: ANY_VERSION });
    expect(json(await api('GET', `/api/coolers/${body.id}`))).toEqual({ ...expected, version: ANY_VERSION });
  });

  it('a retry with the same id and values answers the same cooler and creates nothing', async () => {
    const body = newCooler(partNumber.id);
    const first = await api('POST', '/api/coolers', body);
    const before = (await list('?perPage=1')).totalCount;
    const retry = await api('POST', '/api/coolers', body);
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toEqual(json(first));
    expect((await list('?perPage=1')).totalCount).toBe(before);
  });

  it('identical requests racing each other make one cooler', async () => {
    const body = newCooler(partNumber.id);
    const before = (await list('?perPage=1')).totalCount;
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/api/coolers', body)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await list('?perPage=1')).totalCount).toBe(before + 1);
  });

  it('the same id with another body → 400 hydra:Error, and the cooler keeps its values', async () => {
    const body = newCooler(partNumber.id);
    await api('POST', '/api/coolers', body);
    expect(hydraDescription(await api('POST', '/api/coolers', { ...body, dateOfManufacture: '2001-01-01' }))).toBe(COOLER_ID_CONFLICT);
    expect(hydraDescription(await api('POST', '/api/coolers', { ...body, serialNumber: unique('SN') }))).toBe(COOLER_ID_CONFLICT);
    expect(json<Cooler>(await api('GET', `/api/coolers/${body.id}`)).dateOfManufacture).toBe(body.dateOfManufacture);
  });

  it('serialNumber, partNumber and dateOfManufacture are required (missing, empty or null)', async () => {
    const { id } = newCooler(partNumber.id);
    const required = { serialNumber: 'Required Field', partNumber: 'Required Field', dateOfManufacture: 'Required Field' };
    expect(violationsOf(await api('POST', '/api/coolers', { id, modelNumber: null }))).toEqual(required);
    expect(violationsOf(await api('POST', '/api/coolers', { id, serialNumber: '  ', partNumber: '', dateOfManufacture: '' }))).toEqual(
      required,
    );
    expect(violationsOf(await api('POST', '/api/coolers', { id, serialNumber: null, partNumber: null, dateOfManufacture: null }))).toEqual(
      required,
    );
    expect((await api('GET', `/api/coolers/${id}`)).statusCode).toBe(404);
  });

  it('a serial number already used, in any case → 400 on serialNumber', async () => {
    const existing = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const res = await api('POST', '/api/coolers', newCooler(partNumber.id, { serialNumber: existing.serialNumber.toLowerCase() }));
    expect(violationsOf(res)).toEqual({ serialNumber: ALREADY_USED });
  });

  it('two creates racing for one serial number: one 201, one 400 on serialNumber', async () => {
    const serialNumber = unique('RACE');
    const results = await Promise.all([
      api('POST', '/api/coolers', newCooler(partNumber.id, { serialNumber })),
      api('POST', '/api/coolers', newCooler(partNumber.id, { serialNumber })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(violationsOf(results.find((r) => r.statusCode === 400)!)).toEqual({ serialNumber: ALREADY_USED });
  });

  it('a part number that does not exist → 400 on partNumber', async () => {
    const body = newCooler(randomUUID());
    expect(violationsOf(await api('POST', '/api/coolers', body))).toEqual({ partNumber: UNKNOWN_REFERENCE });
    expect((await api('GET', `/api/coolers/${body.id}`)).statusCode).toBe(404);
  });

  it('malformed input → 400 on each field, never a 500', async () => {
    const body = newCooler(partNumber.id);
    const fieldsOf = async (payload: unknown) => Object.keys(violationsOf(await api('POST', '/api/coolers', payload)));
    expect(violationsOf(await api('POST', '/api/coolers', { ...body, partNumber: 42 }))).toEqual({ partNumber: INVALID_VALUE_MESSAGE });
    expect(violationsOf(await api('POST', '/api/coolers', { ...body, partNumber: 'PN-1' }))).toEqual({ partNumber: INVALID_VALUE_MESSAGE });
    expect(await fieldsOf({ ...body, dateOfManufacture: '2021-02-30' })).toEqual(['dateOfManufacture']);
    expect(await fieldsOf({ ...body, dateOfManufacture: '14/06/2019' })).toEqual(['dateOfManufacture']);
    expect(await fieldsOf({ ...body, dateOfManufacture: '0000-01-01' })).toEqual(['dateOfManufacture']);
    expect(await fieldsOf({ ...body, dateOfManufacture: 20190614 })).toEqual(['dateOfManufacture']);
    expect(await fieldsOf({ ...body, id: 'not-a-uuid' })).toEqual(['id']);
    expect(await fieldsOf({ ...body, serialNumber: 'x'.repeat(101) })).toEqual(['serialNumber']);
    expect(await fieldsOf({ ...body, serialNumber: 'SN\u0000' })).toEqual(['serialNumber']);
    expect(await fieldsOf({ ...body, serialNumber: ['SN-1'] })).toEqual(['serialNumber']);
    expect(await fieldsOf({ ...body, modelNumber: { a: 1 } })).toEqual(['modelNumber']);
    expect((await api('POST', '/api/coolers', [body])).statusCode).toBe(400);
    const raw = (payload: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/coolers',
        headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
        payload,
      });
    expect((await raw('"serialNumber"')).statusCode).toBe(400);
    expect((await raw('null')).statusCode).toBe(400);
    expect((await raw('{"id":')).statusCode).toBe(400);
    expect((await api('GET', `/api/coolers/${body.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/coolers', () => {
  let tag: string;
  let mine: Cooler[];
  beforeAll(async () => {
    tag = unique('LIST').toUpperCase();
    const pnA = await createPartNumber(suite.app, suite.token, { partNumber: `${tag}-pn-a` });
    const pnB = await createPartNumber(suite.app, suite.token, { partNumber: `${tag}-PN-B` });
    mine = [
      await createCooler(suite.app, suite.token, { serialNumber: `${tag}-b`, partNumber: pnA.id, dateOfManufacture: '2015-03-01' }),
      await createCooler(suite.app, suite.token, { serialNumber: `${tag}-C`, partNumber: pnB.id, dateOfManufacture: '2010-07-20' }),
      await createCooler(suite.app, suite.token, { serialNumber: `${tag}-A`, partNumber: pnB.id, dateOfManufacture: '2022-12-31' }),
    ];
  });
  const serials = (items: Cooler[]) => items.map((c) => c.serialNumber.slice(-1));

  it('answers the list shape, by serial number (any case) by default', async () => {
    const body = await list(`?serialNumber=${tag}`);
    expect(body).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 3 });
    expect(serials(body.items)).toEqual(['A', 'b', 'C']);
    expect(body.items[0]).toEqual(withoutVersion(mine[2]!));
  });

  it('sorts on each column, asc and desc', async () => {
    const sorted = async (order: string) => serials((await list(`?serialNumber=${tag}&${order}`)).items);
    expect(await sorted('order[serialNumber]=desc')).toEqual(['C', 'b', 'A']);
    expect(await sorted('order[dateOfManufacture]=asc')).toEqual(['C', 'b', 'A']);
    expect(await sorted('order[dateOfManufacture]=desc')).toEqual(['A', 'b', 'C']);
    // pn-a before PN-B ignoring case; the two coolers of PN-B by id.
    const byPart = (await list(`?serialNumber=${tag}&order[partNumber]=asc`)).items;
    expect(byPart.map((c) => c.partNumber.partNumber)).toEqual([`${tag}-pn-a`, `${tag}-PN-B`, `${tag}-PN-B`]);
    const byPartDesc = (await list(`?serialNumber=${tag}&order[partNumber]=desc`)).items;
    expect(byPartDesc.map((c) => c.partNumber.partNumber)).toEqual([`${tag}-PN-B`, `${tag}-PN-B`, `${tag}-pn-a`]);
  });

  it('searches the serial number (contains, any case) — the cooler lookup; empty is ignored, wildcards are literal', async () => {
    expect((await list(`?serialNumber=${tag.toLowerCase().slice(2)}-c`)).items.map((c) => c.id)).toEqual([mine[1]!.id]);
    expect((await list('?serialNumber=')).totalCount).toBeGreaterThanOrEqual(3);
    expect((await list(`?serialNumber=${tag}%25`)).totalCount).toBe(0);
    expect((await list(`?serialNumber=${tag}-_`)).totalCount).toBe(0);
  });

  it('a whole serial, any case, lists that cooler and the longer serials holding it: the typeahead offers both', async () => {
    const longer = await createCooler(suite.app, suite.token, { serialNumber: `${tag}-b-2`, partNumber: mine[0]!.partNumber.id });
    try {
      const whole = await list(`?serialNumber=${tag.toLowerCase()}-B`);
      expect(whole.items.map((c) => c.id)).toEqual([mine[0]!.id, longer.id]);
      expect(whole.items[0]).toEqual(withoutVersion(mine[0]!));
      expect(whole.totalCount).toBe(2);
    } finally {
      // Deleting is an Admin's.
      expect((await call(suite.app, await adminToken(suite.app), 'DELETE', `/api/coolers/${longer.id}`)).statusCode).toBe(204);
    }
  });

  it('a long search is the whole text, though the index is asked for its last 8 characters only', async () => {
    const p = await createCooler(suite.app, suite.token, { serialNumber: `${tag}-P-77777777`, partNumber: mine[0]!.partNumber.id });
    const q = await createCooler(suite.app, suite.token, { serialNumber: `${tag}-Q-77777777`, partNumber: mine[0]!.partNumber.id });
    try {
      const found = async (text: string) => (await list(`?serialNumber=${encodeURIComponent(text)}`)).items.map((c) => c.id);
      // Both end in the same 8 characters; each whole serial finds its own cooler alone.
      expect(await found(`${tag.toLowerCase()}-p-77777777`)).toEqual([p.id]);
      expect(await found(`${tag}-Q-77777777`)).toEqual([q.id]);
      expect(await found('-77777777')).toEqual(expect.arrayContaining([p.id, q.id]));
      expect(await found(`${tag}-Q-7777`)).toEqual([q.id]);
      // A wildcard before the tail is a literal character, as in the tail.
      expect(await found(`${tag}-_-77777777`)).toEqual([]);
      expect(await found(`${tag}-%-77777777`)).toEqual([]);
    } finally {
      const admin = await adminToken(suite.app);
      for (const cooler of [p, q]) expect((await call(suite.app, admin, 'DELETE', `/api/coolers/${cooler.id}`)).statusCode).toBe(204);
    }
  });

  it('pages', async () => {
    const all = await list('?perPage=100');
    const second = await list('?perPage=2&page=2');
    expect(second.items).toEqual(all.items.slice(2, 4));
    expect(second.pagesCount).toBe(Math.ceil(all.totalCount / 2));
    expect(second.totalCount).toBe(all.totalCount);
  });

  it('refuses an unknown sort field and malformed queries with 400', async () => {
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers?order[lastLbNumber]=asc')))).toEqual(['order']);
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers?order[serialNumber]=up')))).toEqual(['order.serialNumber']);
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers?page=abc')))).toEqual(['page']);
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers?perPage=1000')))).toEqual(['perPage']);
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers?serialNumber[]=a&serialNumber[]=b')))).toEqual(['serialNumber']);
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers?serialNumber=%00')))).toEqual(['serialNumber']);
  });
});

describe('GET, PUT and DELETE /api/coolers/{id}', () => {
  it('gets one; 404 for an unknown id, 400 for a malformed one', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    expect(json(await api('GET', `/api/coolers/${c.id}`))).toEqual(c);
    expect(hydraDescription(await api('GET', `/api/coolers/${randomUUID()}`), 404)).toBe('Not Found');
    expect(Object.keys(violationsOf(await api('GET', '/api/coolers/42')))).toEqual(['id']);
  });

  it('updates serial number, part number and date of manufacture; the model number stays', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id, modelNumber: 'M-300' });
    const other = await createPartNumber(suite.app, suite.token);
    const serialNumber = unique('SN-NEW');
    const res = await api('PUT', `/api/coolers/${c.id}`, { serialNumber, partNumber: other.id, dateOfManufacture: '1995-05-05' });
    expect(res.statusCode).toBe(200);
    const expected: Cooler = {
      id: c.id,
      serialNumber,
      partNumber: { id: other.id, partNumber: other.partNumber },
      dateOfManufacture: '1995-05-05',
      modelNumber: 'M-300',
      lastLbNumber: null,
    };
    expect(json(res)).toEqual({ ...expected, version: ANY_VERSION });
    expect(json(await api('GET', `/api/coolers/${c.id}`))).toEqual({ ...expected, version: ANY_VERSION });
  });

  it('keeps its own serial number in another case; refuses another cooler’s, missing fields, unknown part numbers and ids', async () => {
    const a = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const b = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const body = { serialNumber: b.serialNumber.toLowerCase(), partNumber: partNumber.id, dateOfManufacture: b.dateOfManufacture };
    expect((await api('PUT', `/api/coolers/${b.id}`, body)).statusCode).toBe(200);
    expect(violationsOf(await api('PUT', `/api/coolers/${b.id}`, { ...body, serialNumber: a.serialNumber }))).toEqual({
      serialNumber: ALREADY_USED,
    });
    expect(violationsOf(await api('PUT', `/api/coolers/${b.id}`, {}))).toEqual({
      serialNumber: 'Required Field',
      partNumber: 'Required Field',
      dateOfManufacture: 'Required Field',
    });
    expect(violationsOf(await api('PUT', `/api/coolers/${b.id}`, { ...body, partNumber: randomUUID() }))).toEqual({
      partNumber: UNKNOWN_REFERENCE,
    });
    expect(hydraDescription(await api('PUT', `/api/coolers/${randomUUID()}`, { ...body, serialNumber: unique('SN') }), 404)).toBe(
      'Not Found',
    );
    expect(json<Cooler>(await api('GET', `/api/coolers/${b.id}`)).serialNumber).toBe(b.serialNumber.toLowerCase());
  });

  it('two coolers updated to one serial number at once: one 200, one 400 on serialNumber', async () => {
    const a = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const b = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    const serialNumber = unique('RACE-PUT');
    const put = (c: Cooler) =>
      api('PUT', `/api/coolers/${c.id}`, { serialNumber, partNumber: partNumber.id, dateOfManufacture: c.dateOfManufacture });
    const results = await Promise.all([put(a), put(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(violationsOf(results.find((r) => r.statusCode === 400)!)).toEqual({ serialNumber: ALREADY_USED });
  });

  it('a Production user cannot delete (403) and the cooler stays', async () => {
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    expect(hydraDescription(await api('DELETE', `/api/coolers/${c.id}`), 403)).toBe('Access Denied.');
    expect((await api('GET', `/api/coolers/${c.id}`)).statusCode).toBe(200);
  });

  it('an Admin (Manipulate Inventory) deletes (204); then it is gone (404)', async () => {
    const admin = await adminToken(suite.app);
    const c = await createCooler(suite.app, suite.token, { partNumber: partNumber.id });
    expect((await call(suite.app, admin, 'DELETE', `/api/coolers/${c.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/coolers/${c.id}`)).statusCode).toBe(404);
    expect((await call(suite.app, admin, 'DELETE', `/api/coolers/${c.id}`)).statusCode).toBe(404);
    // Its serial number is free again.
    expect((await api('POST', '/api/coolers', newCooler(partNumber.id, { serialNumber: c.serialNumber }))).statusCode).toBe(201);
  });

  it('a part number used by a cooler cannot be deleted', async () => {
    const pn = await createPartNumber(suite.app, suite.token);
    await createCooler(suite.app, suite.token, { partNumber: pn.id });
    expect(hydraDescription(await api('DELETE', `/api/part_numbers/${pn.id}`))).toBe(
      'This part number is used by 1 cooler and cannot be deleted.',
    );
    expect((await api('GET', `/api/part_numbers/${pn.id}`)).statusCode).toBe(200);
  });

  it('without a token → 401', async () => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/coolers' });
    expect(res.statusCode).toBe(401);
  });
});
