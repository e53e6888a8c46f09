/**
 * Which page buttons to draw (docs/product.md §2.2, §9): first, last, the current page ± 1, and an ellipsis on a
 * side only when the current page is more than 3 away from that end; otherwise the pages in between
 * are drawn, so no page is ever unreachable without an ellipsis.
 */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

const ELLIPSIS_DISTANCE = 3;

export function pageItems(current: number, pagesCount: number): PageItem[] {
  if (pagesCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pagesCount);
  const items: PageItem[] = [];
  const from = Math.max(1, page - 1);
  const to = Math.min(pagesCount, page + 1);

  if (page - 1 > ELLIPSIS_DISTANCE) items.push(1, 'ellipsis-start');
  else for (let p = 1; p < from; p++) items.push(p);

  for (let p = from; p <= to; p++) items.push(p);

  if (pagesCount - page > ELLIPSIS_DISTANCE) items.push('ellipsis-end', pagesCount);
  else for (let p = to + 1; p <= pagesCount; p++) items.push(p);

  return items;
}

/** 'a-b of N items', or 'N item(s)' when everything fits on one page (docs/product.md §2.2). */
export function pageSummary(page: number, perPage: number, totalCount: number, pagesCount: number) {
  if (pagesCount <= 1 || totalCount <= perPage) return { kind: 'count' as const, count: totalCount };
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, totalCount);
  return { kind: 'range' as const, from, to, total: totalCount };
}
