import { describe, expect, it } from 'vitest';
import { exactReceipt, scannedLbNumber } from './scan-lookup';

describe('scannedLbNumber', () => {
  it('reads an LB number as the contract does: trimmed and upper-cased', () => {
    expect(scannedLbNumber('LB123')).toBe('LB123');
    expect(scannedLbNumber(' lb0042\n')).toBe('LB0042');
  });

  it('is null for anything else', () => {
    expect(scannedLbNumber('')).toBeNull();
    expect(scannedLbNumber('LB')).toBeNull();
    expect(scannedLbNumber('LB12A')).toBeNull();
    expect(scannedLbNumber('5012345678900')).toBeNull();
    expect(scannedLbNumber('XLB12')).toBeNull();
  });
});

describe('exactReceipt', () => {
  const rows = [{ lbNumber: 'LB12' }, { lbNumber: 'LB120' }, { lbNumber: 'LB1234' }];
  it('finds only the receipt whose LB number is exactly the one scanned', () => {
    expect(exactReceipt(rows, 'LB120')).toBe(rows[1]);
    expect(exactReceipt(rows, 'LB12')).toBe(rows[0]);
    expect(exactReceipt(rows, 'LB123')).toBeNull();
    expect(exactReceipt([], 'LB1')).toBeNull();
  });
});
