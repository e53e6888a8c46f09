/**
 * Saved views as the address bar holds them (docs/decisions/253): a view is the list's query
 * (filters, sort — never the page) plus its visible columns, which the hash query carries as
 * `columns=a,b` while some are hidden. So every view is a link, and applying one is navigating to it.
 */
import { isListQuery } from '@cooler-hub/contract/saved-views';

/** The hash-query key of the visible columns; absent: every column. */
export const COLUMNS_PARAM = 'columns';
/** Not part of a view: a view opens on page 1. */
const NOT_IN_VIEW = new Set(['page', COLUMNS_PARAM]);

/** Encodes pairs as components/list writes them (readable brackets). */
function encodePairs(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/gi, '[').replace(/%5D/gi, ']')}=${encodeURIComponent(v)}`).join('&');
}

/** The query a view keeps of the address: every non-empty parameter but the page and the columns. */
export function viewQueryOf(search: URLSearchParams): string {
  return encodePairs([...search.entries()].filter(([k, v]) => !NOT_IN_VIEW.has(k) && v !== ''));
}

/** The visible columns the address names, only the list's own and in its order; null: every column. */
export function visibleColumnsOf(search: URLSearchParams, allKeys: readonly string[]): string[] | null {
  const raw = search.get(COLUMNS_PARAM);
  if (raw === null) return null;
  const named = new Set(raw.split(','));
  const shown = allKeys.filter((k) => named.has(k));
  // Nothing the list knows (a stale link): show everything rather than an empty table.
  return shown.length === 0 || shown.length === allKeys.length ? null : shown;
}

/** The search string ('?…' or '') that shows `query` with `columns` (null: every column). */
export function viewSearch(query: string, columns: readonly string[] | null): string {
  const parts = [query, columns ? encodePairs([[COLUMNS_PARAM, columns.join(',')]]).replace(/%2C/g, ',') : ''].filter(Boolean);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The address with `columns` shown instead of what it shows now. */
export function withColumns(search: URLSearchParams, columns: readonly string[] | null, allKeys: readonly string[]): string {
  const rest = encodePairs([...search.entries()].filter(([k]) => k !== COLUMNS_PARAM));
  const shown = columns && columns.length < allKeys.length ? allKeys.filter((k) => columns.includes(k)) : null;
  return viewSearch(rest, shown);
}

/** Pairs in a stable order, so two queries that differ only in order compare equal. */
function canonical(query: string): string {
  return [...new URLSearchParams(query).entries()]
    .filter(([k, v]) => !NOT_IN_VIEW.has(k) && v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

/** Whether the address shows exactly this view: the same query and the same visible columns. */
export function showsView(
  view: { query: string; visibleColumns: readonly string[] | null },
  search: URLSearchParams,
  allKeys: readonly string[],
): boolean {
  if (canonical(view.query) !== canonical(search.toString())) return false;
  const shown = visibleColumnsOf(search, allKeys);
  const saved = view.visibleColumns ? allKeys.filter((k) => view.visibleColumns!.includes(k)) : null;
  const norm = (c: string[] | null) => (c === null || c.length === allKeys.length ? '*' : c.join(','));
  return norm(shown) === norm(saved);
}

/** Whether the server will take this query (the contract's rule), so Save can say so before asking. */
export const savableQuery = isListQuery;
