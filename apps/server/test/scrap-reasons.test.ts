import { describe, expect, it } from 'vitest';
import type { ScrapReason } from '@cooler-hub/contract/settings';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { createScrapReason, unique } from './factories';
import { ANY_VERSION, json, useSignedInApp, violationsOf } from './helpers';

// A Production user: these calls need ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<ScrapReason>(`/api/scrap_reasons${query}`);

describe('POST /api/scrap_reasons/create', () => {
  it('takes number (the code, parsed to an integer) and name (the reason); answers id, code, reason', async () => {
    const res = await api('POST', '/api/scrap_reasons/create', { number: '77', name: 'Rusted base frame' });
    expect(res.statusCode).toBe(201);
    const reason = json<ScrapReason>(res);
    expect(reason).toEqual({ id: expect.any(Number), code: 77, reason: 'Rusted base frame', version: ANY_VERSION });
    expect(json(await api('GET', `/api/scrap_reasons/${reason.id}`))).toEqual(reason);
  });

  it('a code already used → 400 on number', async () => {
    expect(violationsOf(await api('POST', '/api/scrap_reasons/create', { number: 2, name: 'Another compressor failure' }))).toEqual({
      number: ALREADY_USED,
    });
  });

  it('two creates racing for one code: one 201, one 400 on number', async () => {
    const results = await Promise.all([
      api('POST', '/api/scrap_reasons/create', { number: 555, name: 'First' }),
      api('POST', '/api/scrap_reasons/create', { number: 555, name: 'Second' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(violationsOf(results.find((r) => r.statusCode === 400)!)).toEqual({ number: ALREADY_USED });
  });

  it('malformed input → 400 on the field', async () => {
    expect(violationsOf(await api('POST', '/api/scrap_reasons/create', { number: 'abc', name: 'Rust' }))).toEqual({
      number: 'Enter a whole number.',
    });
    expect(violationsOf(await api('POST', '/api/scrap_reasons/create', { number: '1.5', name: 'Rust' }))).toEqual({
      number: 'Enter a whole number.',
    });
    expect(Object.keys(violationsOf(await api('POST', '/api/scrap_reasons/create', { number: -1, name: 'Rust' })))).toEqual(['number']);
    expect(Object.keys(violationsOf(await api('POST', '/api/scrap_reasons/create', { number: 99999999999, name: 'Rust' })))).toEqual([
      'number',
    ]);
    expect(violationsOf(await api('POST', '/api/scrap_reasons/create', { name: '' }))).toEqual({
      number: 'Required Field',
      name: 'Required Field',
    });
  });
});

describe('GET /api/scrap_reasons', () => {
  it('answers the seeded reasons by code; searches the reason text by name; sorts', async () => {
    const all = await list('?perPage=100');
    const codes = all.items.map((r) => r.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(all.items[0]).toEqual({ id: expect.any(Number), code: 1, reason: 'Refrigerant leak – uneconomical to repair' });
    expect((await list('?name=COMPRESSOR')).items.map((r) => r.code)).toEqual([2]);
    const byReason = (await list('?order[reason]=desc&perPage=100')).items.map((r) => r.reason.toLowerCase());
    expect(byReason).toEqual([...byReason].sort().reverse());
    expect((await list('?order[code]=desc')).items[0]!.code).toBe(Math.max(...codes));
    expect(Object.keys(violationsOf(await api('GET', '/api/scrap_reasons?order[name]=asc')))).toEqual(['order']);
  });

  it('finds the one reason of a code (how a link names a reason), among many; a code that is no number → 400 on code', async () => {
    const created = await createScrapReason(suite.app, suite.token);
    for (let i = 0; i < 3; i += 1) await createScrapReason(suite.app, suite.token);
    const found = await list(`?code=${created.code}&perPage=1`);
    expect(found.totalCount).toBe(1);
    expect(found.items.map((r) => r.id)).toEqual([created.id]);
    expect((await list('?code=2147483600')).items).toEqual([]);
    expect(Object.keys(violationsOf(await api('GET', '/api/scrap_reasons?code=abc')))).toEqual(['code']);
    expect(Object.keys(violationsOf(await api('GET', '/api/scrap_reasons?code=-1')))).toEqual(['code']);
  });
});

describe('PUT /api/scrap_reasons/{id}/update and DELETE /api/scrap_reasons/{id}/remove', () => {
  it('updates code and reason; its own code is fine, another’s is not', async () => {
    const r = await createScrapReason(suite.app, suite.token);
    const res = await api('PUT', `/api/scrap_reasons/${r.id}/update`, { number: r.code, name: 'Door hinge sheared' });
    expect(json(res)).toEqual({ id: r.id, code: r.code, reason: 'Door hinge sheared', version: ANY_VERSION });
    const moved = await api('PUT', `/api/scrap_reasons/${r.id}/update`, { number: String(r.code + 5000), name: 'Door hinge sheared' });
    expect(json<ScrapReason>(moved).code).toBe(r.code + 5000);
    expect(violationsOf(await api('PUT', `/api/scrap_reasons/${r.id}/update`, { number: 1, name: 'x' }))).toEqual({ number: ALREADY_USED });
    expect((await api('PUT', '/api/scrap_reasons/999999/update', { number: 31337, name: unique('x') })).statusCode).toBe(404);
  });

  it('deletes (204); then it is gone (404)', async () => {
    const r = await createScrapReason(suite.app, suite.token);
    expect((await api('DELETE', `/api/scrap_reasons/${r.id}/remove`)).statusCode).toBe(204);
    expect((await api('GET', `/api/scrap_reasons/${r.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/scrap_reasons/${r.id}/remove`)).statusCode).toBe(404);
  });
});
