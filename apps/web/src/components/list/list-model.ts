/**
 * The pure rules of the list controller (use-list-controller.ts): what the table shows, how a
 * selection changes, and where a delete that emptied the last page goes.
 */
import type { ListResponse } from '@cooler-hub/contract/common';

export type RowId = string | number;

/**
 * What the table body draws. A failed request is 'error' even when older rows are at hand:
 * showing them, or 'No items matched your search', would claim the list says something it did not.
 */
export type ListView = 'loading' | 'error' | 'empty' | 'rows';

export function listView(query: { hasData: boolean; isError: boolean; itemCount: number }): ListView {
  if (query.isError) return 'error';
  if (!query.hasData) return 'loading';
  return query.itemCount === 0 ? 'empty' : 'rows';
}

export interface SelectionState {
  /** Every row of the page is selected (and there is at least one). */
  all: boolean;
  /** At least one row of the page is selected. */
  some: boolean;
}

export function selectionState(selected: ReadonlySet<RowId>, pageIds: readonly RowId[]): SelectionState {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return { all, some: pageIds.some((id) => selected.has(id)) };
}

export function toggleRow(selected: ReadonlySet<RowId>, id: RowId): Set<RowId> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The select-all checkbox: clears the page when all of it is selected, otherwise selects all of it. */
export function togglePage(selected: ReadonlySet<RowId>, pageIds: readonly RowId[]): Set<RowId> {
  const next = new Set(selected);
  if (selectionState(selected, pageIds).all) pageIds.forEach((id) => next.delete(id));
  else pageIds.forEach((id) => next.add(id));
  return next;
}

/**
 * A delete can empty the last page (page 3 of 3 → the list now has 2 pages): the page to go to,
 * or null to stay.
 */
export function pageAfterShrink(page: number, data: Pick<ListResponse<unknown>, 'items' | 'pagesCount'>): number | null {
  if (data.items.length === 0 && page > 1 && data.pagesCount >= 1 && page > data.pagesCount) return data.pagesCount;
  return null;
}
