import { describe, expect, it } from 'vitest';
import { pathOf } from '../src/operation';
import { getMailTrackingImage } from '../src/operations/mail';
import { listReceipts, updateReceipt } from '../src/operations/receipts';
import { downloadDelivery } from '../src/operations/deliveries';

describe('pathOf (docs/decisions/281)', () => {
  it('fills in each path parameter, encoded, and leaves a path without parameters as it is', () => {
    expect(pathOf(listReceipts)).toBe('/api/receipts');
    expect(pathOf(updateReceipt, { id: 'a/b c' })).toBe('/api/receipts/a%2Fb%20c/main');
    expect(pathOf(downloadDelivery, { id: 12, format: 'pdf' })).toBe('/api/deliveries/12/download/pdf');
    expect(pathOf(getMailTrackingImage, { token: 'abc' })).toBe('/api/mail/t/abc.gif');
  });

  it('refuses a call without a parameter its path names, never sending `:id` as it is', () => {
    expect(() => pathOf(updateReceipt)).toThrow('no value for the path parameter id');
    expect(() => pathOf(downloadDelivery, { id: 1 })).toThrow('no value for the path parameter format');
  });
});
