import { describe, expect, it } from 'vitest';
import { deliveryNumberOf, searchQuery } from '../src/search';

describe('search', () => {
  it("reads a delivery note number as a person writes it: '54', 'DN 54', 'dn54'", () => {
    for (const q of ['54', 'DN 54', 'dn54', ' DN  54 ']) expect(deliveryNumberOf(q), q).toBe(54);
    for (const q of ['', 'DN', 'LB54', '5 4', '-54', '0', '2147483648', '99999999999']) expect(deliveryNumberOf(q), q).toBeNull();
    expect(deliveryNumberOf('2147483647')).toBe(2147483647);
  });

  it('q is required, trimmed and at most 100 characters', () => {
    expect(searchQuery.parse({ q: ' LB1 ' })).toEqual({ q: 'LB1' });
    expect(searchQuery.safeParse({ q: '  ' }).success).toBe(false);
    expect(searchQuery.safeParse({}).success).toBe(false);
    expect(searchQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});
