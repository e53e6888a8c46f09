import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { CcCode } from '@cooler-hub/contract/settings';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { CC_CODE_ID_CONFLICT } from '../src/modules/cc-codes/cc-codes.service';
import { call, createCcCode, newCcCode, unique } from './factories';
import { adminToken, hydraDescription, json, useSignedInApp, violationsOf, ANY_VERSION, withoutVersion } from './helpers';

// A Production user: these calls need ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<CcCode>(`/api/cc_codes${query}`);

describe('POST /api/cc_codes', () => {
  it('creates (201) with the client-generated id; the price is whole pence in GBP both ways', async () => {
    const body = newCcCode({ name: 'Compressor replacement', price: { amount: 1234567, currency: 'GBP' } });
    const res = await api('POST', '/api/cc_codes', body);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ ...body, version: ANY_VERSION });
    expect(json(await api('GET', `/api/cc_codes/${body.id}`))).toEqual({ ...body, version: ANY_VERSION });
  });

  it('a retry with the same id and values answers the same row and creates nothing', async () => {
    const body = newCcCode();
    const first = await api('POST', '/api/cc_codes', body);
    const before = (await list()).totalCount;
    const retry = await api('POST', '/api/cc_codes', body);
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toEqual(json(first));
    expect((await list()).totalCount).toBe(before);
  });

  it('identical requests racing each other make one row', async () => {
    const body = newCcCode();
    const before = (await list()).totalCount;
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/api/cc_codes', body)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await list()).totalCount).toBe(before + 1);
  });

  it('the same id with other values → 400 hydra:Error, and the row keeps its values', async () => {
    const body = newCcCode();
    await api('POST', '/api/cc_codes', body);
    const res = await api('POST', '/api/cc_codes', { ...body, price: { amount: 1, currency: 'GBP' } });
    expect(hydraDescription(res)).toBe(CC_CODE_ID_CONFLICT);
    expect(json<CcCode>(await api('GET', `/api/cc_codes/${body.id}`)).price.amount).toBe(body.price.amount);
  });

  it('a code already used, in any case → 400 on code', async () => {
    const existing = await createCcCode(suite.app, suite.token);
    const res = await api('POST', '/api/cc_codes', newCcCode({ code: existing.code.toLowerCase() }));
    expect(violationsOf(res)).toEqual({ code: ALREADY_USED });
  });

  it('two creates racing for one code: one 201, one 400 on code', async () => {
    const code = unique('RACE');
    const results = await Promise.all([
      api('POST', '/api/cc_codes', newCcCode({ code })),
      api('POST', '/api/cc_codes', newCcCode({ code })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(violationsOf(results.find((r) => r.statusCode === 400)!)).toEqual({ code: ALREADY_USED });
  });

  it('malformed input → 400 on each field', async () => {
    const body = newCcCode();
    expect(Object.keys(violationsOf(await api('POST', '/api/cc_codes', { ...body, price: { amount: 1.5, currency: 'GBP' } })))).toEqual([
      'price.amount',
    ]);
    expect(Object.keys(violationsOf(await api('POST', '/api/cc_codes', { ...body, price: { amount: -100, currency: 'GBP' } })))).toEqual([
      'price.amount',
    ]);
    expect(
      Object.keys(violationsOf(await api('POST', '/api/cc_codes', { ...body, price: { amount: 3_000_000_000, currency: 'GBP' } }))),
    ).toEqual(['price.amount']);
    expect(Object.keys(violationsOf(await api('POST', '/api/cc_codes', { ...body, price: { amount: 100, currency: 'EUR' } })))).toEqual([
      'price.currency',
    ]);
    expect(violationsOf(await api('POST', '/api/cc_codes', { id: body.id, code: body.code, price: body.price }))).toEqual({
      name: 'Required Field',
    });
    expect(violationsOf(await api('POST', '/api/cc_codes', { ...body, code: '   ', price: undefined }))).toEqual({
      code: 'Required Field',
      price: 'Required Field',
    });
    expect(Object.keys(violationsOf(await api('POST', '/api/cc_codes', { ...body, id: 'not-a-uuid' })))).toEqual(['id']);
    expect(Object.keys(violationsOf(await api('POST', '/api/cc_codes', { ...body, code: 'x'.repeat(51) })))).toEqual(['code']);
    expect((await api('GET', `/api/cc_codes/${body.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/cc_codes', () => {
  let mine: CcCode[];
  beforeAll(async () => {
    const tag = unique('list').toUpperCase();
    mine = [
      await createCcCode(suite.app, suite.token, { code: `${tag}-B`, name: 'Zeta repair', price: { amount: 300, currency: 'GBP' } }),
      await createCcCode(suite.app, suite.token, { code: `${tag}-a`, name: 'alpha repair', price: { amount: 100, currency: 'GBP' } }),
      await createCcCode(suite.app, suite.token, { code: `${tag}-C`, name: 'Mid repair', price: { amount: 200, currency: 'GBP' } }),
    ];
  });
  const tag = () => mine[0]!.code.slice(0, -2);

  it('answers the list shape, by code (any case) by default', async () => {
    const body = await list(`?code=${tag()}`);
    expect(body).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 3 });
    expect(body.items.map((c) => c.code.slice(-1))).toEqual(['a', 'B', 'C']);
    expect(body.items[0]).toEqual(withoutVersion(mine[1]!));
  });

  it('sorts by price and by name, asc or desc', async () => {
    expect((await list(`?code=${tag()}&order[price]=desc`)).items.map((c) => c.price.amount)).toEqual([300, 200, 100]);
    expect((await list(`?code=${tag()}&order[name]=asc`)).items.map((c) => c.name)).toEqual(['alpha repair', 'Mid repair', 'Zeta repair']);
  });

  it('searches code and name (contains, any case); empty filters are ignored', async () => {
    expect((await list(`?code=${tag().toLowerCase()}&name=ZETA`)).items.map((c) => c.id)).toEqual([mine[0]!.id]);
    expect((await list('?code=&name=')).totalCount).toBeGreaterThanOrEqual(8);
    expect((await list('?code=%25')).totalCount).toBe(0);
  });

  it('pages', async () => {
    const all = await list('?perPage=100');
    const second = await list('?perPage=2&page=2');
    expect(second.items).toEqual(all.items.slice(2, 4));
    expect(second.pagesCount).toBe(Math.ceil(all.totalCount / 2));
  });

  it('refuses an unknown sort field with 400', async () => {
    expect(Object.keys(violationsOf(await api('GET', '/api/cc_codes?order[createdAt]=asc')))).toEqual(['order']);
  });
});

describe('GET /api/cc_codes_drop_down', () => {
  it('answers id, code and name by code, page 1, searchable by code or name', async () => {
    const res = await api('GET', '/api/cc_codes_drop_down');
    expect(res.statusCode).toBe(200);
    const body = json<ListResponse<{ id: string; code: string; name: string }>>(res);
    expect(body.page).toBe(1);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['code', 'id', 'name']);
    const codes = body.items.map((i) => i.code.toLowerCase());
    expect(codes).toEqual([...codes].sort());
    const seeded = json<ListResponse<{ code: string }>>(await api('GET', '/api/cc_codes_drop_down?code=cc100'));
    expect(seeded.items.map((i) => i.code)).toEqual(['CC100']);
    const byName = json<ListResponse<{ code: string }>>(await api('GET', '/api/cc_codes_drop_down?name=re-gas'));
    expect(byName.items.map((i) => i.code)).toEqual(['CC300']);
  });
});

describe('GET, PUT and DELETE /api/cc_codes/{id}', () => {
  it('gets one; 404 for an unknown id, 400 for a malformed one', async () => {
    const c = await createCcCode(suite.app, suite.token);
    expect(json(await api('GET', `/api/cc_codes/${c.id}`))).toEqual(c);
    expect(hydraDescription(await api('GET', `/api/cc_codes/${randomUUID()}`), 404)).toBe('Not Found');
    expect(Object.keys(violationsOf(await api('GET', '/api/cc_codes/42')))).toEqual(['id']);
  });

  it('updates code, name and price; keeping its own code in another case is fine', async () => {
    const c = await createCcCode(suite.app, suite.token);
    const res = await api('PUT', `/api/cc_codes/${c.id}`, {
      code: c.code.toLowerCase(),
      name: 'Re-gas',
      price: { amount: 99, currency: 'GBP' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      id: c.id,
      code: c.code.toLowerCase(),
      name: 'Re-gas',
      price: { amount: 99, currency: 'GBP' },
      version: ANY_VERSION,
    });
    expect(json(await api('GET', `/api/cc_codes/${c.id}`))).toEqual(json(res));
  });

  it("refuses another row's code (400 on code), malformed values, and an unknown id (404)", async () => {
    const a = await createCcCode(suite.app, suite.token);
    const b = await createCcCode(suite.app, suite.token);
    const body = { code: a.code, name: b.name, price: b.price };
    expect(violationsOf(await api('PUT', `/api/cc_codes/${b.id}`, body))).toEqual({ code: ALREADY_USED });
    expect(
      Object.keys(
        violationsOf(await api('PUT', `/api/cc_codes/${b.id}`, { ...body, code: b.code, price: { amount: '12.50', currency: 'GBP' } })),
      ),
    ).toEqual(['price.amount']);
    expect((await api('PUT', `/api/cc_codes/${randomUUID()}`, { ...body, code: unique('CC') })).statusCode).toBe(404);
    expect(json(await api('GET', `/api/cc_codes/${b.id}`))).toEqual(b);
  });

  it('deletes (204); then it is gone (404)', async () => {
    const c = await createCcCode(suite.app, suite.token);
    expect((await api('DELETE', `/api/cc_codes/${c.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/cc_codes/${c.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/cc_codes/${c.id}`)).statusCode).toBe(404);
  });

  it('an Admin may use them too', async () => {
    const admin = await adminToken(suite.app);
    expect((await call(suite.app, admin, 'GET', '/api/cc_codes')).statusCode).toBe(200);
  });
});
