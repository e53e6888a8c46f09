import { describe, expect, it } from 'vitest';
import { returnState, returnTarget } from './return-to';

describe('returnTarget (where sign-in leads)', () => {
  it('returns to the protected address that was asked for, query included', () => {
    expect(returnTarget(returnState('/customers'))).toBe('/customers');
    expect(returnTarget(returnState('/users?page=2&username=ann'))).toBe('/users?page=2&username=ann');
  });
  it('goes to / without a usable state', () => {
    expect(returnTarget(undefined)).toBe('/');
    expect(returnTarget(null)).toBe('/');
    expect(returnTarget({ other: '/customers' })).toBe('/');
    expect(returnTarget({ returnTo: 42 })).toBe('/');
  });
  it('never leaves the app nor loops back to login', () => {
    expect(returnTarget(returnState('https://evil.example/'))).toBe('/');
    expect(returnTarget(returnState('//evil.example/'))).toBe('/');
    expect(returnTarget(returnState('/login'))).toBe('/');
    expect(returnTarget(returnState('/login/recovery'))).toBe('/');
  });
});
