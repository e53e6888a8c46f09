import { describe, expect, it } from 'vitest';
import type { Supplier } from '@cooler-hub/contract/customers';
import { useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
const list = (query = '') => suite.list<Supplier>(`/api/suppliers${query}`);

describe('GET /api/suppliers', () => {
  it('lists the seeded suppliers by name', async () => {
    const body = await list();
    expect(body).toMatchObject({ page: 1, perPage: 20, pagesCount: 1, totalCount: 4 });
    expect(body.items.map((s) => s.name)).toEqual([
      'Arctic Cooling Services Ltd',
      'Midlands Cooler Logistics',
      'Northern Refrigeration Repairs',
      'Severn Cold Chain Ltd',
    ]);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['id', 'name']);
  });

  it('searches by name (contains, any case) and sorts by id or name', async () => {
    expect((await list('?name=COOL')).items.map((s) => s.name)).toEqual(['Arctic Cooling Services Ltd', 'Midlands Cooler Logistics']);
    expect((await list('?order[name]=desc')).items[0]!.name).toBe('Severn Cold Chain Ltd');
    const ids = (await list('?order[id]=desc')).items.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(violationsOf(await suite.api('GET', '/api/suppliers?order[code]=asc')))).toEqual(['order']);
  });

  it('is read-only: no call creates or deletes one', async () => {
    expect((await suite.api('POST', '/api/suppliers', { name: 'New supplier' })).statusCode).toBe(404);
    expect((await suite.api('DELETE', '/api/suppliers/1')).statusCode).toBe(404);
  });
});
