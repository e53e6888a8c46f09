import { describe, expect, it } from 'vitest';
import { STACKED_OPTIONS } from '@cooler-hub/contract/dashboard';
import { inSeriesOrder } from './chart-order';

/** Recharts' own sort: by the sorter's value, as lodash's sortBy does (stable). */
const sortBy = <T>(items: T[], by: (item: T) => number) => [...items].sort((a, b) => by(a) - by(b));

describe('the receipts-per-day legend order', () => {
  it('lists the options as the bars stack them (X, D, S from the bottom), not by name', () => {
    const alphabetical = ['D', 'S', 'X'].map((dataKey) => ({ dataKey }));
    expect(sortBy(alphabetical, inSeriesOrder(STACKED_OPTIONS)).map((i) => i.dataKey)).toEqual(['X', 'D', 'S']);
    expect(STACKED_OPTIONS).toEqual(['X', 'D', 'S']);
  });

  it('puts an item the series do not name last', () => {
    const items = [{ dataKey: 'other' }, { dataKey: 'S' }, { dataKey: 'X' }];
    expect(sortBy(items, inSeriesOrder(STACKED_OPTIONS)).map((i) => i.dataKey)).toEqual(['X', 'S', 'other']);
  });
});
