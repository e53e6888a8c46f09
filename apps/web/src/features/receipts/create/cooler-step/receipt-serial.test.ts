import { describe, expect, it } from 'vitest';
import { dateOfManufactureFromSerial } from '@cooler-hub/contract/rules';
import { generateSerial } from './receipt-serial';

describe('generateSerial', () => {
  it('is recognisable, differs between calls, and gives no date of manufacture of its own', () => {
    const now = new Date('2026-03-10T10:00:00Z');
    const a = generateSerial(now, () => 0.1);
    const b = generateSerial(now, () => 0.2);
    expect(a).toMatch(/^GEN-[0-9A-Z]+-[0-9A-Z]{4}$/);
    expect(a).not.toBe(b);
    expect(dateOfManufactureFromSerial(a, now)).toBe('2026-03-10');
  });
});
