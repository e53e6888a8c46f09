/**
 * A server read a scan's handler waits for (docs/decisions/275): the page's next scan waits for this
 * one, so the read is asked at once and never left paused until the network returns — React Query's
 * default pauses a read made offline, which held every later scan of the page. Offline it fails at
 * once, and the handler gives its verdict.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export function readForScan<T, TKey extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, TKey>): Promise<T> {
  return client.fetchQuery({ ...options, networkMode: 'always' });
}
