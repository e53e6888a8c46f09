/** Reference data calls under Settings (docs/product.md §2.12, §7; contract settings.ts). */
import { useQuery } from '@tanstack/react-query';
import { MAX_PER_PAGE, type ListResponse } from '@cooler-hub/contract/common';
import type { OperationDeclaration } from '@cooler-hub/contract/operation';
import * as ccCodes from '@cooler-hub/contract/operations/cc-codes';
import * as collectionPoints from '@cooler-hub/contract/operations/collection-points';
import * as partNumbers from '@cooler-hub/contract/operations/part-numbers';
import * as scrapReasons from '@cooler-hub/contract/operations/scrap-reasons';
import { downloadBackup as backupOp } from '@cooler-hub/contract/operations/backup';
import { pathOf } from '@cooler-hub/contract/operation';
import {
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
  op: OperationDeclaration & { method: 'GET'; query: object; response: { 200: object } },
  sort: ListSort | null,
  signal: AbortSignal,
): Promise<ListResponse<T>> {
  const query = (page: number) => ({
    page,
    perPage: MAX_PER_PAGE,
    ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}),
  });
  const list = async (page: number) => (await api.call(op, { query: query(page), signal })) as ListResponse<T>;
  const first = await list(1);
  const items = [...first.items];
  for (let page = 2; page <= Math.min(first.pagesCount, MAX_PAGES); page++) {
    items.push(...(await list(page)).items);
  }
  return { page: 1, perPage: Math.max(items.length, 1), pagesCount: items.length > 0 ? 1 : 0, items, totalCount: items.length };
}

// CC codes
export const listCcCodes: ListFetcher<CcCode> = (q, signal) => fetchAll(ccCodes.listCcCodes, q.sort, signal);
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getCcCode = (id: string, signal?: AbortSignal) => api.call(ccCodes.getCcCode, { params: { id }, signal });
export function useCcCode(id: string) {
  return useQuery({ refetchOnMount: 'always', queryKey: [...CC_CODES_KEY, 'one', id], queryFn: ({ signal }) => getCcCode(id, signal) });
}
export const createCcCode = (body: CcCodeCreateBody) => api.call(ccCodes.createCcCode, { body });
export const updateCcCode = (id: string, body: CcCodeUpdateBody, version?: string) =>
  api.call(ccCodes.updateCcCode, { params: { id }, body, ifMatch: version });
export const deleteCcCode = (id: string) => api.call(ccCodes.deleteCcCode, { params: { id } });

// Part numbers
export const listPartNumbers: ListFetcher<PartNumber> = (q, signal) => api.call(partNumbers.listPartNumbers, { query: q.apiQuery, signal });
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getPartNumber = (id: string, signal?: AbortSignal) => api.call(partNumbers.getPartNumber, { params: { id }, signal });
export function usePartNumber(id: string) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...PART_NUMBERS_KEY, 'one', id],
    queryFn: ({ signal }) => getPartNumber(id, signal),
  });
}
export const createPartNumber = (body: PartNumberCreateBody) => api.call(partNumbers.createPartNumber, { body });
export const updatePartNumber = (id: string, body: PartNumberUpdateBody, version?: string) =>
  api.call(partNumbers.updatePartNumber, { params: { id }, body, ifMatch: version });
export const deletePartNumber = (id: string) => api.call(partNumbers.deletePartNumber, { params: { id } });

// Collection points
export const listCollectionPoints: ListFetcher<CollectionPoint> = (q, signal) =>
  api.call(collectionPoints.listCollectionPoints, { query: q.apiQuery, signal });
/** Only when the edit screen was opened directly (no name passed along by the list). */
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getCollectionPoint = (id: number, signal?: AbortSignal) =>
  api.call(collectionPoints.getCollectionPoint, { params: { id }, signal });
export function useCollectionPoint(id: number, enabled: boolean) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...COLLECTION_POINTS_KEY, 'one', id],
    queryFn: ({ signal }) => getCollectionPoint(id, signal),
    enabled,
  });
}
export const createCollectionPoint = (body: CollectionPointBody) => api.call(collectionPoints.createCollectionPoint, { body });
export const updateCollectionPoint = (id: number, body: CollectionPointBody, version?: string) =>
  api.call(collectionPoints.updateCollectionPoint, { params: { id }, body, ifMatch: version });
export const deleteCollectionPoint = (id: number) => api.call(collectionPoints.deleteCollectionPoint, { params: { id } });

// Scrap reasons
export const listScrapReasons: ListFetcher<ScrapReason> = (q, signal) => fetchAll(scrapReasons.listScrapReasons, q.sort, signal);
/** Only when the edit screen was opened directly (no code and name passed along by the list). */
/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getScrapReason = (id: number, signal?: AbortSignal) => api.call(scrapReasons.getScrapReason, { params: { id }, signal });
export function useScrapReason(id: number, enabled: boolean) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...SCRAP_REASONS_KEY, 'one', id],
    queryFn: ({ signal }) => getScrapReason(id, signal),
    enabled,
  });
}
export const createScrapReason = (body: ScrapReasonBody) => api.call(scrapReasons.createScrapReason, { body });
export const updateScrapReason = (id: number, body: ScrapReasonBody, version?: string) =>
  api.call(scrapReasons.updateScrapReason, { params: { id }, body, ifMatch: version });
export const deleteScrapReason = (id: number) => api.call(scrapReasons.deleteScrapReason, { params: { id } });

/** The whole database as a backup file (Admin only; docs/decisions/199). */
export function downloadBackup(): Promise<string> {
  return downloadFile({ path: pathOf(backupOp), accept: 'application/sql', fallbackName: 'cooler-hub-backup.sql' });
}
