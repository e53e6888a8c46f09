import { describe, expect, it } from 'vitest';
import { pageItems, pageSummary } from './pagination-model';

describe('pageItems', () => {
  it('draws nothing without pages and one button for one page', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
  });
  it('draws every page of a short list', () => {
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 5)).toEqual([1, 2, 'ellipsis-end', 5]); // page 1 is 4 away from page 5
  });
  it('shows first, last, current ± 1 and ellipses far from the ends', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });
  it('puts an ellipsis only when the current page is more than 3 away from that end', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
    expect(pageItems(6, 10)).toEqual([1, 'ellipsis-start', 5, 6, 7, 'ellipsis-end', 10]);
    // An ellipsis always stands for at least two pages.
    for (let total = 1; total <= 30; total++)
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        expect(numbers).toContain(current);
        items.forEach((item, i) => {
          if (typeof item === 'number') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThanOrEqual(3);
        });
      }
  });
  it('clamps an out-of-range current page', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(-1, 3)).toEqual([1, 2, 3]);
  });
});

describe('pageSummary', () => {
  it("says 'N item(s)' when everything fits on one page", () => {
    expect(pageSummary(1, 20, 7, 1)).toEqual({ kind: 'count', count: 7 });
    expect(pageSummary(1, 20, 0, 0)).toEqual({ kind: 'count', count: 0 });
  });
  it("says 'a-b of N items' otherwise", () => {
    expect(pageSummary(1, 20, 45, 3)).toEqual({ kind: 'range', from: 1, to: 20, total: 45 });
    expect(pageSummary(3, 20, 45, 3)).toEqual({ kind: 'range', from: 41, to: 45, total: 45 });
  });
});
