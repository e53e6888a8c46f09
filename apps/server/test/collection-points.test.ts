import { describe, expect, it } from 'vitest';
import type { CollectionPoint } from '@cooler-hub/contract/settings';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { createCollectionPoint, unique } from './factories';
import { ANY_VERSION, hydraDescription, json, useSignedInApp, violationsOf } from './helpers';

// A Production user: these calls need ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<CollectionPoint>(`/api/collection_points${query}`);

describe('POST /api/collection_points/create', () => {
  it('creates (201) and answers id and name', async () => {
    const res = await api('POST', '/api/collection_points/create', { name: '  Swindon Depot  ' });
    expect(res.statusCode).toBe(201);
    const point = json<CollectionPoint>(res);
    expect(point).toEqual({ id: expect.any(Number), name: 'Swindon Depot', version: ANY_VERSION });
    expect(json(await api('GET', `/api/collection_points/${point.id}`))).toEqual(point);
  });

  it('a name already used, in any case → 400 on name', async () => {
    expect(violationsOf(await api('POST', '/api/collection_points/create', { name: 'LEEDS HUB' }))).toEqual({ name: ALREADY_USED });
  });

  it("a missing or blank name → 400 'Required Field'", async () => {
    expect(violationsOf(await api('POST', '/api/collection_points/create', {}))).toEqual({ name: 'Required Field' });
    expect(violationsOf(await api('POST', '/api/collection_points/create', { name: ' ' }))).toEqual({ name: 'Required Field' });
    expect(Object.keys(violationsOf(await api('POST', '/api/collection_points/create', { name: ['Depot'] })))).toEqual(['name']);
  });
});

describe('GET /api/collection_points', () => {
  it('answers the list shape, by name (any case) by default, paged', async () => {
    const tag = unique('pts');
    for (const n of ['b', 'C', 'a']) await createCollectionPoint(suite.app, suite.token, `${tag} ${n}`);
    const body = await list(`?name=${tag}`);
    expect(body).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 3 });
    expect(body.items.map((p) => p.name.slice(-1))).toEqual(['a', 'b', 'C']);
    const page = await list(`?name=${tag}&perPage=2&page=2`);
    expect(page).toMatchObject({ page: 2, perPage: 2, pagesCount: 2, totalCount: 3 });
    expect(page.items.map((p) => p.name.slice(-1))).toEqual(['C']);
  });

  it('searches by name (contains, any case) and sorts by id or name both ways', async () => {
    expect((await list('?name=depot')).items.map((p) => p.name)).toEqual(expect.arrayContaining(['Manchester Depot', 'Glasgow Depot']));
    const byId = (await list('?order[id]=desc')).items.map((p) => p.id);
    expect(byId).toEqual([...byId].sort((a, b) => b - a));
    const byName = (await list('?order[name]=desc&perPage=100')).items.map((p) => p.name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    expect(Object.keys(violationsOf(await api('GET', '/api/collection_points?order[name]=up')))).toEqual(['order.name']);
  });
});

describe('PUT /api/collection_points/{id}/update and DELETE /api/collection_points/{id}/remove', () => {
  it('renames; keeping its own name in another case is fine; another point’s name is not', async () => {
    const p = await createCollectionPoint(suite.app, suite.token);
    const res = await api('PUT', `/api/collection_points/${p.id}/update`, { name: p.name.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ id: p.id, name: p.name.toUpperCase(), version: ANY_VERSION });
    expect(violationsOf(await api('PUT', `/api/collection_points/${p.id}/update`, { name: 'glasgow depot' }))).toEqual({
      name: ALREADY_USED,
    });
    expect(violationsOf(await api('PUT', `/api/collection_points/${p.id}/update`, { name: '' }))).toEqual({ name: 'Required Field' });
  });

  it('404 for an unknown id (also beyond the integer range), 400 for a non-numeric one', async () => {
    expect(hydraDescription(await api('PUT', '/api/collection_points/999999/update', { name: unique('x') }), 404)).toBe('Not Found');
    expect((await api('GET', '/api/collection_points/99999999999')).statusCode).toBe(404);
    expect((await api('DELETE', '/api/collection_points/999999/remove')).statusCode).toBe(404);
    expect(Object.keys(violationsOf(await api('GET', '/api/collection_points/abc')))).toEqual(['id']);
  });

  it('deletes (204); then it is gone', async () => {
    const p = await createCollectionPoint(suite.app, suite.token);
    expect((await api('DELETE', `/api/collection_points/${p.id}/remove`)).statusCode).toBe(204);
    expect((await api('GET', `/api/collection_points/${p.id}`)).statusCode).toBe(404);
    expect((await list(`?name=${encodeURIComponent(p.name)}`)).totalCount).toBe(0);
  });
});
