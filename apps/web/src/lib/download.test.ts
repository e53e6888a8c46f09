import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads the quoted filename the server sends', () => {
    expect(filenameFromDisposition('attachment; filename="end_of_day_sheet_2025-01-15.csv"')).toBe('end_of_day_sheet_2025-01-15.csv');
  });

  it('reads a bare filename and an escaped quote', () => {
    expect(filenameFromDisposition('attachment; filename=sheet.csv')).toBe('sheet.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('prefers filename* (RFC 5987) over filename', () => {
    expect(filenameFromDisposition(`attachment; filename="plain.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe('résumé.csv');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A.csv; filename="ok.csv"`)).toBe('ok.csv');
  });

  it('gives null without a name, and strips folders', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
  });
});
