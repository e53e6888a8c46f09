/**
 * Every list's later pages are read from the nearer end, and the reference lists' totals are
 * remembered until one of their tables changes (docs/decisions/274): pages must still tile one long
 * page exactly, in both directions, and a total must follow every create and delete at once.
 */
import { describe, expect, it } from 'vitest';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { createPartNumber, unique } from './factories';
import { useSignedInApp } from './helpers';

const suite = useSignedInApp('Production');
const prefix = unique('PAGED').toLowerCase();
const list = (query: string) => suite.list<PartNumber>(`/api/part_numbers?partNumber=${prefix}&${query}`);

describe('pages of a reference list (part numbers)', () => {
  it('tile one long page in both directions, the last pages read from the end', async () => {
    for (let i = 0; i < 47; i++) await createPartNumber(suite.app, suite.token, { partNumber: `${prefix}-${String(i).padStart(3, '0')}` });
    for (const direction of ['asc', 'desc']) {
      const whole = await list(`perPage=100&order[partNumber]=${direction}`);
      expect(whole.totalCount).toBe(47);
      const paged: string[] = [];
      for (let page = 1; page <= 6; page++) {
        const one = await list(`perPage=10&page=${page}&order[partNumber]=${direction}`);
        expect(one.totalCount).toBe(47);
        paged.push(...one.items.map((p) => p.partNumber));
      }
      expect(paged).toEqual(whole.items.map((p) => p.partNumber));
    }
  });

  it('a page past the end is empty with the total', async () => {
    const past = await list('perPage=10&page=99');
    expect(past.items).toEqual([]);
    expect(past.totalCount).toBe(47);
  });

  it('a remembered total follows a create and a delete at once', async () => {
    // Page 2 needs a count; read it twice so the second is the remembered one.
    expect((await list('perPage=10&page=2')).totalCount).toBe(47);
    expect((await list('perPage=10&page=2')).totalCount).toBe(47);
    const added = await createPartNumber(suite.app, suite.token, { partNumber: `${prefix}-999` });
    expect((await list('perPage=10&page=2')).totalCount).toBe(48);
    // The last page, read from the end, holds the new one after the 47 before it.
    const last = await list('perPage=10&page=5&order[partNumber]=asc');
    expect(last.items.map((p) => p.partNumber)).toEqual(
      [40, 41, 42, 43, 44, 45, 46, 999].map((i) => `${prefix}-${String(i).padStart(3, '0')}`),
    );
    expect((await suite.api('DELETE', `/api/part_numbers/${added.id}`)).statusCode).toBe(204);
    // The last page first: read from the end of the remembered 48, its rows come back under a newer
    // list version, so it is counted and read again.
    const after = await list('perPage=10&page=5&order[partNumber]=asc');
    expect(after.totalCount).toBe(47);
    expect(after.items.map((p) => p.partNumber)).toEqual(
      [40, 41, 42, 43, 44, 45, 46].map((i) => `${prefix}-${String(i).padStart(3, '0')}`),
    );
    expect((await list('perPage=10&page=2')).totalCount).toBe(47);
  });
});
