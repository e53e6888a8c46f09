/** GET /api/search (docs/decisions/249): one call per query, cached briefly by its text. */
import { search } from '@cooler-hub/contract/operations/search';
import { api } from '../../lib/api-client';

export const SEARCH_KEY = ['search'] as const;

export const fetchSearch = (q: string, signal?: AbortSignal) => api.call(search, { query: { q }, signal });

export function searchQueryOf(q: string) {
  return {
    queryKey: [...SEARCH_KEY, q] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSearch(q, signal),
    staleTime: 5_000,
  };
}
