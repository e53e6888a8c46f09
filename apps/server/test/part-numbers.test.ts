import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { PART_NUMBER_ID_CONFLICT } from '../src/modules/part-numbers/part-numbers.service';
import { createPartNumber, newPartNumber, unique } from './factories';
import { hydraDescription, json, useSignedInApp, violationsOf, ANY_VERSION } from './helpers';

// A Production user: these calls need ROLE_ADMIN_USER only.
const suite = useSignedInApp('Production');
const api = suite.api;
const list = (query = '') => suite.list<PartNumber>(`/api/part_numbers${query}`);

describe('POST /api/part_numbers', () => {
  it('creates (201) with the client-generated id; an empty description is stored as null', async () => {
    const body = newPartNumber({ description: '' });
    const res = await api('POST', '/api/part_numbers', body);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ ...body, description: null, version: ANY_VERSION });
    expect(json(await api('GET', `/api/part_numbers/${body.id}`))).toEqual({ ...body, description: null, version: ANY_VERSION });
  });

  it('a retry with the same id and values answers the same row and creates nothing', async () => {
    const body = newPartNumber({ partNumber: `  ${unique('PN')}  ` });
    const first = await api('POST', '/api/part_numbers', body);
    const before = (await list()).totalCount;
    const retry = await api('POST', '/api/part_numbers', body);
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toEqual(json(first));
    expect(json<PartNumber>(retry).partNumber).toBe(body.partNumber.trim());
    expect((await list()).totalCount).toBe(before);
  });

  it('the same id with other values → 400 hydra:Error', async () => {
    const body = newPartNumber();
    await api('POST', '/api/part_numbers', body);
    expect(hydraDescription(await api('POST', '/api/part_numbers', { ...body, description: 'Changed' }))).toBe(PART_NUMBER_ID_CONFLICT);
  });

  it('a part number already used, in any case → 400 on partNumber', async () => {
    const res = await api('POST', '/api/part_numbers', newPartNumber({ partNumber: 'fr-300-sd' }));
    expect(violationsOf(res)).toEqual({ partNumber: ALREADY_USED });
  });

  it('malformed input → 400 on each field', async () => {
    const body = newPartNumber();
    expect(violationsOf(await api('POST', '/api/part_numbers', { id: body.id }))).toEqual({ partNumber: 'Required Field' });
    expect(violationsOf(await api('POST', '/api/part_numbers', { ...body, partNumber: '' }))).toEqual({ partNumber: 'Required Field' });
    expect(Object.keys(violationsOf(await api('POST', '/api/part_numbers', { ...body, partNumber: 'x'.repeat(101) })))).toEqual([
      'partNumber',
    ]);
    expect(Object.keys(violationsOf(await api('POST', '/api/part_numbers', { ...body, description: 42 })))).toEqual(['description']);
    expect(Object.keys(violationsOf(await api('POST', '/api/part_numbers', { ...body, id: undefined })))).toEqual(['id']);
  });
});

describe('GET /api/part_numbers', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique('srch').toUpperCase();
    await createPartNumber(suite.app, suite.token, { partNumber: `${tag}-b`, description: 'Beta' });
    await createPartNumber(suite.app, suite.token, { partNumber: `${tag}-A`, description: null });
    await createPartNumber(suite.app, suite.token, { partNumber: `${tag}-c`, description: 'alpha' });
  });

  it('answers the list shape, by part number (any case) by default', async () => {
    const body = await list(`?partNumber=${tag}`);
    expect(body).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 3 });
    expect(body.items.map((p) => p.partNumber.slice(-1))).toEqual(['A', 'b', 'c']);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['description', 'id', 'partNumber']);
  });

  it('searches the part number: contains, any case; % and _ are plain characters', async () => {
    expect((await list(`?partNumber=${tag.toLowerCase().slice(2)}`)).totalCount).toBe(3);
    expect((await list('?partNumber=ch-200')).items.map((p) => p.partNumber)).toEqual(['CH-200-IL']);
    expect((await list('?partNumber=_')).totalCount).toBe(0);
  });

  it('sorts by description and part number, both ways', async () => {
    expect((await list(`?partNumber=${tag}&order[description]=asc`)).items.map((p) => p.description)).toEqual(['alpha', 'Beta', null]);
    expect((await list(`?partNumber=${tag}&order[partNumber]=desc`)).items.map((p) => p.partNumber.slice(-1))).toEqual(['c', 'b', 'A']);
    expect(Object.keys(violationsOf(await api('GET', '/api/part_numbers?order[id]=asc')))).toEqual(['order']);
  });

  it('pages: perPage up to 100', async () => {
    const page = await list('?perPage=2&page=2');
    expect(page.items).toHaveLength(2);
    expect(page.pagesCount).toBe(Math.ceil(page.totalCount / 2));
    // A full first page, a page past the end and a short first page all report the same total.
    expect((await list('?perPage=2')).totalCount).toBe(page.totalCount);
    expect(await list('?page=999')).toMatchObject({ items: [], totalCount: page.totalCount });
    expect((await list('?partNumber=CH-200')).totalCount).toBe(1);
    expect(Object.keys(violationsOf(await api('GET', '/api/part_numbers?perPage=500')))).toEqual(['perPage']);
    expect(Object.keys(violationsOf(await api('GET', '/api/part_numbers?page=0')))).toEqual(['page']);
  });
});

describe('GET, PUT and DELETE /api/part_numbers/{id}', () => {
  it('updates number and description; 400 on a number another row has; 404 for an unknown id', async () => {
    const p = await createPartNumber(suite.app, suite.token);
    const other = await createPartNumber(suite.app, suite.token);
    const res = await api('PUT', `/api/part_numbers/${p.id}`, {
      partNumber: `${p.partNumber}-X`,
      description: 'Refitted\nwith LED canopy',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      id: p.id,
      partNumber: `${p.partNumber}-X`,
      description: 'Refitted\nwith LED canopy',
      version: ANY_VERSION,
    });
    expect(violationsOf(await api('PUT', `/api/part_numbers/${p.id}`, { partNumber: other.partNumber.toLowerCase() }))).toEqual({
      partNumber: ALREADY_USED,
    });
    expect(violationsOf(await api('PUT', `/api/part_numbers/${p.id}`, { description: 'x' }))).toEqual({ partNumber: 'Required Field' });
    expect((await api('PUT', `/api/part_numbers/${randomUUID()}`, { partNumber: unique('PN') })).statusCode).toBe(404);
    expect((await api('GET', `/api/part_numbers/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('deletes (204); then it is gone (404)', async () => {
    const p = await createPartNumber(suite.app, suite.token);
    expect((await api('DELETE', `/api/part_numbers/${p.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/part_numbers/${p.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/part_numbers/${p.id}`)).statusCode).toBe(404);
    // The client may create it again under the same id.
    expect((await api('POST', '/api/part_numbers', p)).statusCode).toBe(201);
  });
});
