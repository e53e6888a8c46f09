import { describe, expect, it } from 'vitest';
import { parseRecordId } from './record-id';

describe('parseRecordId', () => {
  it('reads a positive integer', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('12')).toBe(12);
  });

  it('rejects zero, signs, fractions, exponents, blanks and words', () => {
    for (const bad of ['0', '-1', '+1', '1.5', '1e3', '', ' 1', 'abc', '0x10', '99999999999999999999']) {
      expect(parseRecordId(bad)).toBeNull();
    }
  });
});
