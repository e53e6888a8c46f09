/** Coolers and their history of changes (docs/product.md §2.11, §3, §7; contract coolers.ts, revisions.ts). */
import { useQuery } from '@tanstack/react-query';
import type { Cooler, CoolerCreateBody, CoolerUpdateBody } from '@cooler-hub/contract/coolers';
import * as coolerOps from '@cooler-hub/contract/operations/coolers';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const COOLERS_KEY = ['coolers'] as const;

export const listCoolers: ListFetcher<Cooler> = (q, signal) => api.call(coolerOps.listCoolers, { query: q.apiQuery, signal });

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getCooler = (id: string, signal?: AbortSignal) => api.call(coolerOps.getCooler, { params: { id }, signal });
export function useCooler(id: string) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...COOLERS_KEY, 'one', id],
    queryFn: ({ signal }) => getCooler(id, signal),
  });
}

export const createCooler = (body: CoolerCreateBody) => api.call(coolerOps.createCooler, { body });
export const updateCooler = (id: string, body: CoolerUpdateBody, version?: string) =>
  api.call(coolerOps.updateCooler, { params: { id }, body, ifMatch: version });
export const deleteCooler = (id: string) => api.call(coolerOps.deleteCooler, { params: { id } });

/** One cooler's whole life (docs/decisions/251); `query` pages its merged history ('page=2&perPage=20'). */
export const getCoolerTimeline = (id: string, query: string, signal?: AbortSignal) =>
  api.call(coolerOps.getCoolerTimeline, { params: { id }, query, signal });
