import { describe, expect, it } from 'vitest';
import { INVALID_VALUE_MESSAGE, MAX_INT32, REQUIRED_MESSAGE } from '../src/common';
import { ccCodeCreateBody, ccCodeLabel, scrapReasonBody, partNumberCreateBody } from '../src/settings';
import { customerAccountBody } from '../src/customers';

describe('settings bodies', () => {
  it('parses the scrap reason code to an integer and refuses text', () => {
    expect(scrapReasonBody.parse({ number: '12', name: 'Rust' }).number).toBe(12);
    expect(scrapReasonBody.safeParse({ number: 'abc', name: 'Rust' }).error?.issues[0]?.message).toBe('Enter a whole number.');
    expect(scrapReasonBody.safeParse({ number: '1.5', name: 'Rust' }).success).toBe(false);
    expect(scrapReasonBody.safeParse({ name: 'Rust' }).error?.issues[0]?.message).toBe(REQUIRED_MESSAGE);
  });
  it('takes CC code prices as whole pence in GBP', () => {
    const id = '0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70';
    expect(ccCodeCreateBody.safeParse({ id, code: 'C1', name: 'N', price: { amount: 123450, currency: 'GBP' } }).success).toBe(true);
    expect(ccCodeCreateBody.safeParse({ id, code: 'C1', name: 'N', price: { amount: 1.5, currency: 'GBP' } }).success).toBe(false);
    expect(ccCodeCreateBody.safeParse({ id, code: 'C1', name: 'N', price: { amount: -1, currency: 'GBP' } }).success).toBe(false);
    expect(ccCodeCreateBody.safeParse({ id, code: 'C1', name: 'N', price: { amount: 1, currency: 'EUR' } }).success).toBe(false);
    expect(ccCodeLabel({ code: 'CC01', name: 'Repair' })).toBe('CC01 (Repair)');
  });
  it('requires a part number and keeps an empty description as null', () => {
    const id = '0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70';
    expect(partNumberCreateBody.parse({ id, partNumber: 'PN-1', description: '' }).description).toBeNull();
    expect(partNumberCreateBody.safeParse({ id, partNumber: '' }).error?.issues[0]?.message).toBe(REQUIRED_MESSAGE);
  });
  it("says 'Required Field' for a missing client and refuses what is not a positive whole id", () => {
    for (const client of [undefined, null, '']) {
      expect(customerAccountBody.safeParse({ name: 'Acme', client }).error?.issues[0]?.message).toBe(REQUIRED_MESSAGE);
    }
    for (const client of ['abc', 1.5, 0, -3, {}]) {
      expect(customerAccountBody.safeParse({ name: 'Acme', client }).error?.issues[0]?.message).toBe(INVALID_VALUE_MESSAGE);
    }
  });
  it('caps a price at the largest PostgreSQL integer', () => {
    const id = '0b7f3c1e-8f6a-4d55-9a0e-2f3c4d5e6f70';
    expect(ccCodeCreateBody.safeParse({ id, code: 'C1', name: 'N', price: { amount: MAX_INT32, currency: 'GBP' } }).success).toBe(true);
    expect(ccCodeCreateBody.safeParse({ id, code: 'C1', name: 'N', price: { amount: MAX_INT32 + 1, currency: 'GBP' } }).success).toBe(
      false,
    );
  });
  it('requires the client of an account and nothing else but the name', () => {
    expect(customerAccountBody.safeParse({ name: 'Acme' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['client']);
    expect(customerAccountBody.parse({ name: 'Acme', client: '3', email: '' })).toMatchObject({ client: 3, email: null });
  });
});
