/**
 * The list state lives in the hash query string (`#/users?page=2&order[username]=desc&role=Admin`)
 * so a list can be bookmarked and reloaded (docs/product.md §2.2, docs/architecture.md §8.4). These pure functions read
 * and write it; use-list-params.ts binds them to the router.
 */
import type { SortDirection } from '@cooler-hub/contract/common';

export interface ListSort {
  field: string;
  direction: SortDirection;
}

export interface ListState<F extends string = string> {
  page: number;
  sort: ListSort | null;
  filters: Partial<Record<F, string>>;
}

/**
 * A screen with several lists (Settings) gives each a namespace: its keys become `ns.page`,
 * `ns.order[field]`, `ns.<filter>`. The API query never carries the namespace.
 */
function keyOf(ns: string, key: string): string {
  return ns ? `${ns}.${key}` : key;
}

function orderKeyPattern(ns: string): RegExp {
  const prefix = ns ? `${ns.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.` : '';
  return new RegExp(`^${prefix}order\\[([^\\]]+)\\]$`);
}

export function parseListState<F extends string>(search: URLSearchParams, filterNames: readonly F[], ns = ''): ListState<F> {
  const ORDER_KEY = orderKeyPattern(ns);
  const rawPage = Number(search.get(keyOf(ns, 'page')));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  let sort: ListSort | null = null;
  for (const [key, value] of search.entries()) {
    const match = ORDER_KEY.exec(key);
    if (match?.[1] && (value === 'asc' || value === 'desc')) {
      sort = { field: match[1], direction: value };
      break;
    }
  }
  const filters: Partial<Record<F, string>> = {};
  for (const name of filterNames) {
    const values = search.getAll(keyOf(ns, name)).filter((v) => v !== '');
    if (values.length > 0) filters[name] = values.join(',');
  }
  return { page, sort, filters };
}

/** Query pairs of a list state: page, one order[field], and only the non-empty filters (docs/product.md §5.2). */
function listStateEntries(state: ListState): [string, string][] {
  const entries: [string, string][] = [];
  if (state.page > 1) entries.push(['page', String(state.page)]);
  if (state.sort) entries.push([`order[${state.sort.field}]`, state.sort.direction]);
  for (const [name, value] of Object.entries(state.filters)) {
    if (typeof value === 'string' && value.trim() !== '') entries.push([name, value.trim()]);
  }
  return entries;
}

function encodeEntries(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/gi, '[').replace(/%5D/gi, ']')}=${encodeURIComponent(v)}`).join('&');
}

/** The hash search string for a list state, other (non-list) parameters kept. */
export function listSearch(state: ListState, current: URLSearchParams, filterNames: readonly string[], ns = ''): string {
  const ORDER_KEY = orderKeyPattern(ns);
  const own = new Set([keyOf(ns, 'page'), ...filterNames.map((n) => keyOf(ns, n))]);
  const kept: [string, string][] = [...current.entries()].filter(([k]) => !own.has(k) && !ORDER_KEY.test(k));
  const mine = listStateEntries(state).map(([k, v]) => [keyOf(ns, k), v] as [string, string]);
  const query = encodeEntries([...kept, ...mine]);
  return query ? `?${query}` : '';
}

/** The API query for a list state: always the page, then sort and non-empty filters. */
export function listApiQuery(state: ListState): string {
  const entries = listStateEntries(state).filter(([k]) => k !== 'page');
  return encodeEntries([['page', String(state.page)], ...entries]);
}

/** First click sorts desc, later clicks on the same field toggle (docs/product.md §2.2). */
export function nextSort(current: ListSort | null, field: string): ListSort {
  if (!current || current.field !== field) return { field, direction: 'desc' };
  return { field, direction: current.direction === 'desc' ? 'asc' : 'desc' };
}
