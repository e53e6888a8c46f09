/**
 * The order a chart's legend lists its series in. Recharts sorts legend items by their label unless
 * told otherwise, which put the receipts-per-day legend as D, S, X under bars stacked X, D, S from
 * the bottom (docs/decisions/255); this sorter keeps the series' own order, so the legend reads as
 * the stack does and each swatch sits beside its stack's colour.
 */
export function inSeriesOrder<K extends string>(keys: readonly K[]): (item: { dataKey?: unknown }) => number {
  return (item) => {
    const at = keys.indexOf(item.dataKey as K);
    // Anything the series do not name goes last, in a stable place rather than first.
    return at === -1 ? keys.length : at;
  };
}
