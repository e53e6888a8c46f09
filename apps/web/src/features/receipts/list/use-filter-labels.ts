/**
 * What the Master Data filter panel's search-selects start from (docs/product.md §2.8; docs/decisions/255): the
 * customer account, part number and scrap reason the filters name by id or code, looked up so a filter
 * restored from the URL shows their names. A search-select reads its starting label once: each waits
 * for its lookup rather than show a blank.
 */
import { useQuery } from '@tanstack/react-query';
import { getCustomerAccountRef, getPartNumberRef, useScrapReasonByCode } from '../api';
import type { ReceiptFilterForm } from './receipts-filters-model';

/** The chosen customer account's name, so a filter restored from the URL shows it. */
function useCustomerLabel(id: number | null) {
  return useQuery({
    queryKey: ['customer_accounts', 'one', id],
    queryFn: ({ signal }) => getCustomerAccountRef(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

function usePartNumberLabel(id: string | null) {
  return useQuery({
    queryKey: ['part_numbers', 'one', id],
    queryFn: ({ signal }) => getPartNumberRef(id ?? '', signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

export function useFilterLabels(initial: ReceiptFilterForm) {
  const customer = useCustomerLabel(initial.customerId);
  const part = usePartNumberLabel(initial.partNumber);
  const reason = useScrapReasonByCode(initial.scrapReason);
  return {
    customer: customer.data ? { id: customer.data.id, name: customer.data.name } : null,
    customerReady: initial.customerId === null || !customer.isPending,
    part: part.data ?? null,
    partReady: initial.partNumber === null || !part.isPending,
    reason: initial.scrapReason === null ? null : (reason.data ?? { id: 0, code: initial.scrapReason, reason: '' }),
    reasonReady: initial.scrapReason === null || !reason.isPending,
  };
}
