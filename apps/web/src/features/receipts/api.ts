/** Receipts and their history of changes (contract receipts.ts, revisions.ts). */
import { useQuery } from '@tanstack/react-query';
import { receipt, receiptList, type Receipt, type ReceiptCreateBody, type ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import { cooler, coolerList, type CoolerCreateBody } from '@cooler-hub/contract/coolers';
import { customerAccount } from '@cooler-hub/contract/customers';
import { partNumber, scrapReasonList } from '@cooler-hub/contract/settings';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { withVersion } from '@cooler-hub/contract/common';
import { RECEIPTS_KEY } from '../../lib/query-keys';

export const listReceipts: ListFetcher<Receipt> = (q, signal) => api.get('/api/receipts', receiptList, q.apiQuery, signal);

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getReceipt = (id: string, signal?: AbortSignal) => api.get(`/api/receipts/${id}`, withVersion(receipt), undefined, signal);
export function useReceipt(id: string) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...RECEIPTS_KEY, 'one', id],
    queryFn: ({ signal }) => getReceipt(id, signal),
  });
}

export const createReceipt = (body: ReceiptCreateBody) => api.post('/api/receipts', body, receipt);
export const updateReceipt = (id: string, body: ReceiptUpdateBody, version?: string) =>
  api.put(`/api/receipts/${id}/main`, body, withVersion(receipt), version);
export const deleteReceipt = (id: string) => api.delete(`/api/receipts/${id}`);


/**
 * Receipts whose LB number starts with `text`, in LB-number order (/lb-tag's lookup; the exact
 * lookup of a scan). Every LB number is 'LB' and digits, so "contains 'LB12'" means "starts with
 * 'LB12'", and in that order the exact 'LB12' comes first when it exists.
 */
export function receiptsByLbInOrder(text: string, perPage: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ lbNumber: text, page: '1', perPage: String(perPage), 'order[lbNumber]': 'asc' }).toString();
  return api.get('/api/receipts', receiptList, query, signal);
}

// ── Master Data filters ──────────────────────────────────────────────────────────────────────────

/** The customer account behind a `customerId` filter, for its name in the filter panel. */
export function getCustomerAccountRef(id: number, signal?: AbortSignal) {
  return api.get(`/api/customer_accounts/${id}`, customerAccount, undefined, signal);
}

/** The part number behind a `partNumber` filter, for its label in the filter panel. */
export function getPartNumberRef(id: string, signal?: AbortSignal) {
  return api.get(`/api/part_numbers/${id}`, partNumber, undefined, signal);
}

/** Serial numbers containing `text` (page 1 of the cooler lookup): the Master Data serial typeahead. */
export async function findCoolerSerials(text: string, signal?: AbortSignal): Promise<string[]> {
  const page = await api.get('/api/coolers', coolerList, { page: 1, serialNumber: text }, signal);
  return page.items.map((c) => c.serialNumber);
}

// ── receipt forms (receipt-create, receipt-edit, receipt-revisions) ─────────────────────────────

/** 'Add item and continue' on /receipt-create: the cooler of an unknown serial (client UUID, docs/product.md §7). */
export const createCoolerForReceipt = (body: CoolerCreateBody) => api.post('/api/coolers', body, cooler);

/** The scrap reason with this code (a receipt names its reason by code, docs/product.md §3): the edit form shows its text. */
export function useScrapReasonByCode(code: number | null | undefined) {
  return useQuery({
    queryKey: ['scrap_reasons', 'by-code', code],
    enabled: code !== null && code !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const list = await api.get('/api/scrap_reasons', scrapReasonList, { code, perPage: 1 }, signal);
      return list.items[0] ?? null;
    },
  });
}
