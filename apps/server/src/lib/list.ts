/** The list answer of docs/architecture.md §4 from one page of rows and the total; every list uses it. */
import type { ListResponse } from '@cooler-hub/contract/common';

export function listResponseOf<T>(query: { page: number; perPage: number }, items: T[], totalCount: number): ListResponse<T> {
  return {
    page: query.page,
    perPage: query.perPage,
    // 0 when nothing matches: there is no page to show.
    pagesCount: Math.ceil(totalCount / query.perPage),
    items,
    totalCount,
  };
}

/** OFFSET of a 1-based page. */
export function offsetOf(query: { page: number; perPage: number }): number {
  return (query.page - 1) * query.perPage;
}
