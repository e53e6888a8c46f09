/** Coolers and their history of changes (docs/product.md §2.11, §3, §7; contract coolers.ts, revisions.ts). */
import { useQuery } from '@tanstack/react-query';
import { cooler, coolerList, type Cooler, type CoolerCreateBody, type CoolerUpdateBody } from '@cooler-hub/contract/coolers';
import { coolerTimeline } from '@cooler-hub/contract/cooler-timeline';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { withVersion } from '@cooler-hub/contract/common';

export const COOLERS_KEY = ['coolers'] as const;

export const listCoolers: ListFetcher<Cooler> = (q, signal) => api.get('/api/coolers', coolerList, q.apiQuery, signal);

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getCooler = (id: string, signal?: AbortSignal) => api.get(`/api/coolers/${id}`, withVersion(cooler), undefined, signal);
export function useCooler(id: string) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...COOLERS_KEY, 'one', id],
    queryFn: ({ signal }) => getCooler(id, signal),
  });
}

export const createCooler = (body: CoolerCreateBody) => api.post('/api/coolers', body, cooler);
export const updateCooler = (id: string, body: CoolerUpdateBody, version?: string) =>
  api.put(`/api/coolers/${id}`, body, withVersion(cooler), version);
export const deleteCooler = (id: string) => api.delete(`/api/coolers/${id}`);

/** One cooler's whole life (docs/decisions/251); `query` pages its merged history ('page=2&perPage=20'). */
export const getCoolerTimeline = (id: string, query: string, signal?: AbortSignal) =>
  api.get(`/api/coolers/${id}/timeline`, coolerTimeline, query, signal);
