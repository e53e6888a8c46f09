import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, isExpired } from './token';

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
const payload = {
  sub: '1',
  username: 'Zoë Łukasz',
  role: 'Admin',
  permissions: ['ROLE_ADMIN_USER', 'ROLE_MASTER_ACCOUNT'],
  iat: 1_700_000_000,
  exp: 1_700_028_800,
};
const token = (p: unknown) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(p)}.signature`;

describe('decodeTokenPayload', () => {
  it('reads a valid payload, including non-Latin text', () => {
    expect(decodeTokenPayload(token(payload))).toEqual(payload);
  });
  it('rejects missing, malformed and invalid tokens', () => {
    expect(decodeTokenPayload(null)).toBeNull();
    expect(decodeTokenPayload('')).toBeNull();
    expect(decodeTokenPayload('abc')).toBeNull();
    expect(decodeTokenPayload('a.!!!.c')).toBeNull();
    expect(decodeTokenPayload(`a.${Buffer.from('not json').toString('base64url')}.c`)).toBeNull();
    expect(decodeTokenPayload(token({ ...payload, role: 'Boss' }))).toBeNull();
    expect(decodeTokenPayload(token({ ...payload, exp: undefined }))).toBeNull();
  });
});

describe('isExpired', () => {
  const p = decodeTokenPayload(token(payload))!;
  it('compares exp (seconds) with now (ms)', () => {
    expect(isExpired(p, 1_700_028_799_000)).toBe(false);
    expect(isExpired(p, 1_700_028_800_000)).toBe(true);
  });
});
