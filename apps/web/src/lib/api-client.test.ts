import { describe, expect, it } from 'vitest';
import { buildQueryString } from './api-client';

describe('buildQueryString', () => {
  it('leaves out empty values and keeps order[] brackets readable', () => {
    expect(buildQueryString({ page: 2, 'order[username]': 'desc', role: '', username: undefined, q: 'a b&c' })).toBe(
      'page=2&order[username]=desc&q=a%20b%26c',
    );
  });
  it('accepts strings and URLSearchParams', () => {
    expect(buildQueryString('?page=1')).toBe('page=1');
    expect(
      buildQueryString(
        new URLSearchParams([
          ['role', 'Admin'],
          ['username', ''],
        ]),
      ),
    ).toBe('role=Admin');
    expect(buildQueryString(undefined)).toBe('');
  });
});
