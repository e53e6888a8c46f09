import { describe, expect, it } from 'vitest';
import { newCodes, SCAN_FORMATS, SCAN_INTERVAL_MS, usableFormats } from './barcode-codes';

describe('newCodes', () => {
  it('reports each code once, however many frames show it', () => {
    const seen = new Set<string>();
    expect(newCodes(seen, ['LB100'])).toEqual(['LB100']);
    expect(newCodes(seen, ['LB100'])).toEqual([]);
    expect(newCodes(seen, ['LB100', 'LB200'])).toEqual(['LB200']);
    expect(newCodes(seen, ['LB200', 'LB100'])).toEqual([]);
  });

  it('reports two codes of one frame in the order found, a code repeated in a frame once', () => {
    const seen = new Set<string>();
    expect(newCodes(seen, ['LB2', 'LB1', 'LB2'])).toEqual(['LB2', 'LB1']);
  });

  it('ignores empty reads and surrounding spaces', () => {
    const seen = new Set<string>();
    expect(newCodes(seen, ['', '   ', ' LB7 '])).toEqual(['LB7']);
    expect(newCodes(seen, ['LB7'])).toEqual([]);
  });
});

describe('formats', () => {
  it('reads code_39, code_128, codabar and ean_13, one frame every 500 ms (docs/product.md §9)', () => {
    expect([...SCAN_FORMATS]).toEqual(['code_39', 'code_128', 'codabar', 'ean_13']);
    expect(SCAN_INTERVAL_MS).toBe(500);
  });

  it('asks a native detector only for our formats it supports', () => {
    expect(usableFormats(['qr_code', 'ean_13', 'code_128'])).toEqual(['code_128', 'ean_13']);
    expect(usableFormats(['qr_code'])).toEqual([]);
  });
});
