import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseDisplayDate } from './format-date';

describe('formatDate', () => {
  it('shows calendar days as dd/MM/yyyy without shifting them', () => {
    expect(formatDate('2025-03-09')).toBe('09/03/2025');
  });
  it('shows instants as their Europe/London day', () => {
    expect(formatDate('2025-06-30T23:30:00Z')).toBe('01/07/2025'); // BST: 00:30 on 1 July
    expect(formatDate('2025-01-31T23:30:00Z')).toBe('31/01/2025'); // GMT
  });
  it('returns empty text for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('formats date and time', () => {
    expect(formatDateTime('2025-06-30T23:30:00Z')).toBe('01/07/2025 00:30');
  });
});

describe('parseDisplayDate', () => {
  it('reads dd/MM/yyyy', () => {
    expect(parseDisplayDate('9/3/2025')).toBe('2025-03-09');
    expect(parseDisplayDate('29/02/2024')).toBe('2024-02-29');
  });
  it('rejects impossible days and other formats', () => {
    expect(parseDisplayDate('29/02/2025')).toBeNull();
    expect(parseDisplayDate('2025-03-09')).toBeNull();
  });
});
