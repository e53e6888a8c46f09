/** Reference data calls under Settings (docs/product.md §2.12, §7; contract settings.ts). */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { MAX_PER_PAGE, type ListResponse, withVersion } from '@cooler-hub/contract/common';
import {
  ccCode,
  ccCodeList,
  collectionPoint,
  collectionPointList,
  partNumber,
  partNumberList,
  scrapReason,
  scrapReasonList,
  type CcCode,
  type CcCodeCreateBody,
  type CcCodeUpdateBody,
  type CollectionPoint,
  type CollectionPointBody,
  type PartNumber,
  type PartNumberCreateBody,
  type PartNumberUpdateBody,
  type ScrapReason,
  type ScrapReasonBody,
} from '@cooler-hub/contract/settings';
import type { ListSort } from '../../components/list/list-params';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const CC_CODES_KEY = ['cc_codes'] as const;
export const PART_NUMBERS_KEY = ['part_numbers'] as const;
export const COLLECTION_POINTS_KEY = ['collection_points'] as const;
export const SCRAP_REASONS_KEY = ['scrap_reasons'] as const;

/** Stops a runaway "show all" at 5,000 rows; reference lists are far shorter. */
const MAX_PAGES = 50;

/**
 * The unpaginated lists (CC codes, scrap reasons; docs/product.md §2.12, §9) ask for the largest page the API
 * gives (100) and follow further pages if there are any, so every row shows on one screen.
 */
async function fetchAll<T>(
  path: string,
  schema: z.ZodType<ListResponse<T>>,
  sort: ListSort | null,
  signal: AbortSignal,
): Promise<ListResponse<T>> {
  const query = (page: number) => ({
    page,
    perPage: MAX_PER_PAGE,
    ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}),
  });
  const first = await api.get(path, schema, query(1), signal);
  const items = [...first.items];
  for (let page = 2; page <= Math.min(first.pagesCount, MAX_PAGES); page++) {
    items.push(...(await api.get(path, schema, query(page), signal)).items);
  }
  return { page: 1, perPage: Math.max(items.length, 1), pagesCount: items.length > 0 ? 1 : 0, items, totalCount: items.length };
}

// CC codes
export const listCcCodes: ListFetcher<CcCode> = (q, signal) => fetchAll('/api/cc_codes', ccCodeList, q.sort, signal);
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getCcCode = (id: string, signal?: AbortSignal) => api.get(`/api/cc_codes/${id}`, withVersion(ccCode), undefined, signal);
export function useCcCode(id: string) {
  return useQuery({ refetchOnMount: 'always', queryKey: [...CC_CODES_KEY, 'one', id], queryFn: ({ signal }) => getCcCode(id, signal) });
}
export const createCcCode = (body: CcCodeCreateBody) => api.post('/api/cc_codes', body, ccCode);
export const updateCcCode = (id: string, body: CcCodeUpdateBody, version?: string) => api.put(`/api/cc_codes/${id}`, body, withVersion(ccCode), version);
export const deleteCcCode = (id: string) => api.delete(`/api/cc_codes/${id}`);

// Part numbers
export const listPartNumbers: ListFetcher<PartNumber> = (q, signal) => api.get('/api/part_numbers', partNumberList, q.apiQuery, signal);
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getPartNumber = (id: string, signal?: AbortSignal) => api.get(`/api/part_numbers/${id}`, withVersion(partNumber), undefined, signal);
export function usePartNumber(id: string) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...PART_NUMBERS_KEY, 'one', id],
    queryFn: ({ signal }) => getPartNumber(id, signal),
  });
}
export const createPartNumber = (body: PartNumberCreateBody) => api.post('/api/part_numbers', body, partNumber);
export const updatePartNumber = (id: string, body: PartNumberUpdateBody, version?: string) =>
  api.put(`/api/part_numbers/${id}`, body, withVersion(partNumber), version);
export const deletePartNumber = (id: string) => api.delete(`/api/part_numbers/${id}`);

// Collection points
export const listCollectionPoints: ListFetcher<CollectionPoint> = (q, signal) =>
  api.get('/api/collection_points', collectionPointList, q.apiQuery, signal);
/** Only when the edit screen was opened directly (no name passed along by the list). */
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getCollectionPoint = (id: number, signal?: AbortSignal) => api.get(`/api/collection_points/${id}`, withVersion(collectionPoint), undefined, signal);
export function useCollectionPoint(id: number, enabled: boolean) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...COLLECTION_POINTS_KEY, 'one', id],
    queryFn: ({ signal }) => getCollectionPoint(id, signal),
    enabled,
  });
}
export const createCollectionPoint = (body: CollectionPointBody) => api.post('/api/collection_points/create', body, collectionPoint);
export const updateCollectionPoint = (id: number, body: CollectionPointBody, version?: string) =>
  api.put(`/api/collection_points/${id}/update`, body, withVersion(collectionPoint), version);
export const deleteCollectionPoint = (id: number) => api.delete(`/api/collection_points/${id}/remove`);

// Scrap reasons
export const listScrapReasons: ListFetcher<ScrapReason> = (q, signal) => fetchAll('/api/scrap_reasons', scrapReasonList, q.sort, signal);
/** Only when the edit screen was opened directly (no code and name passed along by the list). */
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getScrapReason = (id: number, signal?: AbortSignal) => api.get(`/api/scrap_reasons/${id}`, withVersion(scrapReason), undefined, signal);
export function useScrapReason(id: number, enabled: boolean) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...SCRAP_REASONS_KEY, 'one', id],
    queryFn: ({ signal }) => getScrapReason(id, signal),
    enabled,
  });
}
export const createScrapReason = (body: ScrapReasonBody) => api.post('/api/scrap_reasons/create', body, scrapReason);
export const updateScrapReason = (id: number, body: ScrapReasonBody, version?: string) =>
  api.put(`/api/scrap_reasons/${id}/update`, body, withVersion(scrapReason), version);
export const deleteScrapReason = (id: number) => api.delete(`/api/scrap_reasons/${id}/remove`);

/** The whole database as a backup file (Admin only; docs/decisions/199). */
export function downloadBackup(): Promise<string> {
  return downloadFile({ path: '/api/backup', accept: 'application/sql', fallbackName: 'cooler-hub-backup.sql' });
}
