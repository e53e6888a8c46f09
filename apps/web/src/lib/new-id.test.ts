import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newUuid } from './new-id';

describe('newUuid', () => {
  it('uses crypto.randomUUID where it exists', () => {
    expect(newUuid({ getRandomValues: (a) => a, randomUUID: () => '00000000-0000-4000-8000-000000000000' })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });
  it('builds a valid version-4 UUID from random bytes without it (plain-http intranet)', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const id = newUuid({ getRandomValues: (a) => webcrypto.getRandomValues(a) });
      expect(z.uuid().safeParse(id).success, id).toBe(true);
      expect(id[14]).toBe('4');
      ids.add(id);
    }
    expect(ids.size).toBe(50);
  });
});
