import { describe, expect, it } from 'vitest';
import {
  dateOfManufactureFromSerial,
  formatLbInput,
  formatPence,
  isLbNumber,
  lbNumberInput,
  normalizeLbNumber,
  poundsToPence,
} from '../src/rules';

describe('LB numbers', () => {
  it('accepts LB followed by digits only', () => {
    expect(isLbNumber('LB123')).toBe(true);
    expect(isLbNumber('LB')).toBe(false);
    expect(isLbNumber('lb123')).toBe(false);
    expect(isLbNumber('LB12a')).toBe(false);
    expect(isLbNumber(' LB12')).toBe(false);
  });
  it('formats empty or invalid input to LB', () => {
    expect(formatLbInput('')).toBe('LB');
    expect(formatLbInput('xyz')).toBe('LB');
    expect(formatLbInput('lb42')).toBe('LB42');
    expect(formatLbInput('42')).toBe('LB42');
    expect(formatLbInput('LB4210360LB4219365')).toBe('LB');
  });
  it('reads a given LB number trimmed and upper-cased', () => {
    expect(normalizeLbNumber(' lb0042\t')).toBe('LB0042');
    expect(normalizeLbNumber('')).toBe('');
  });
  it('gives the LB Number field exactly one LB, whatever is typed, pasted or scanned', () => {
    for (const text of ['LB123', '123', 'lb123', 'LBLB123', ' Lb123 ', 'LBL123', 'LBB123']) expect(lbNumberInput(text)).toBe('LB123');
    // typing L, B, 4 after the field's own 'LB', key by key
    expect(lbNumberInput('LBL')).toBe('LB');
    expect(lbNumberInput(lbNumberInput('LBL') + 'B')).toBe('LB');
    expect(lbNumberInput('LB' + '4')).toBe('LB4');
    // Backspace into the prefix, or an empty field
    expect(lbNumberInput('L')).toBe('LB');
    expect(lbNumberInput('')).toBe('LB');
    // what is not an LB number stays visible (and is flagged), only the prefix is tidied
    expect(lbNumberInput('LB12A')).toBe('LB12A');
    expect(lbNumberInput('LB4210360LB4219365')).toBe('LB4210360LB4219365');
  });
});

describe('date of manufacture from serial', () => {
  const today = new Date('2026-11-21T10:00:00Z');
  it('reads yyyymmdd from eight or more digits', () => {
    expect(dateOfManufactureFromSerial('SN20150314X', today)).toBe('2015-03-14');
    expect(dateOfManufactureFromSerial('201503140099', today)).toBe('2015-03-14');
  });
  it('raises years before 1991 to 1991', () => {
    expect(dateOfManufactureFromSerial('19850601', today)).toBe('1991-06-01');
  });
  it('falls back to today when the serial has no date', () => {
    expect(dateOfManufactureFromSerial('ABC1234', today)).toBe('2026-11-21');
    expect(dateOfManufactureFromSerial('20151345', today)).toBe('2026-11-21');
    expect(dateOfManufactureFromSerial('20150230', today)).toBe('2026-11-21');
  });
});

describe('prices', () => {
  it('stores pounds as rounded pence', () => {
    expect(poundsToPence(1234.5)).toBe(123450);
    expect(poundsToPence(0.015)).toBe(2);
    expect(poundsToPence(19.99)).toBe(1999);
  });
  it('shows pence as pounds with comma thousands', () => {
    expect(formatPence(123450)).toBe('£1,234.50');
    expect(formatPence(5)).toBe('£0.05');
  });
});
