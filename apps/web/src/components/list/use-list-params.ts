/**
 * The URL half of the list controller (use-list-controller.ts): page, sort and filters read from and
 * written to the hash query string. `apiQuery` is the query for the list call, built from the same
 * state (only non-empty filters).
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { listApiQuery, listSearch, nextSort, parseListState, type ListSort, type ListState } from './list-params';

/** The query string of the hash route in the address bar right now (the app uses a HashRouter). */
function currentSearchParams(): URLSearchParams {
  const hash = window.location.hash;
  const query = hash.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : hash.slice(query + 1));
}

export interface ListParams<F extends string = string> {
  /** The filters this list keeps in the query string. */
  filterNames: readonly F[];
  page: number;
  sort: ListSort | null;
  filters: Partial<Record<F, string>>;
  /** e.g. 'page=2&order[username]=desc&role=Admin' */
  apiQuery: string;
  setPage: (page: number) => void;
  toggleSort: (field: string) => void;
  setFilters: (filters: Partial<Record<F, string>>) => void;
  clearFilters: () => void;
}

export function useListParams<const F extends string = never>(
  filterNames: readonly F[] = [],
  options: { namespace?: string } = {},
): ListParams<F> {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const ns = options.namespace ?? '';
  // The names arrive as a new array on every render; the joined key keeps them stable.
  const filterKey = filterNames.join('\u0000');
  const names = useMemo(() => (filterKey ? (filterKey.split('\u0000') as F[]) : []), [filterKey]);

  const state = useMemo(() => parseListState(searchParams, names, ns), [searchParams, names, ns]);

  const update = useCallback(
    // The other lists' params come from the address as it is now, not as this render saw it: React
    // Router renders a navigation in a transition, so a click on a second list can come before that
    // list re-rendered with the first one's change — which it would otherwise undo (hash routing).
    (next: ListState<F>) => void navigate({ pathname, search: listSearch(next, currentSearchParams(), names, ns) }),
    [navigate, pathname, names, ns],
  );

  return useMemo(
    () => ({
      filterNames: names,
      ...state,
      apiQuery: listApiQuery(state),
      setPage: (page: number) => update({ ...state, page }),
      toggleSort: (field: string) => update({ ...state, sort: nextSort(state.sort, field), page: 1 }),
      setFilters: (filters: Partial<Record<F, string>>) => update({ ...state, filters, page: 1 }),
      clearFilters: () => update({ ...state, filters: {}, page: 1 }),
    }),
    [names, state, update],
  );
}
