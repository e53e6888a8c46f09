/**
 * Delivery notes, their lines, recipients and addresses (docs/product.md §2.13, §3, §4, §7; contract
 * deliveries.ts; docs/decisions/150). Every screen of the feature calls the server through here.
 */
import { useQuery } from '@tanstack/react-query';
import {
  delivery,
  deliveryFileName,
  type DeliveryCreateInput,
  type DeliveryListItem,
  type DOWNLOAD_FORMATS,
} from '@cooler-hub/contract/deliveries';
import type { AddressTarget } from '@cooler-hub/contract/delivery-addresses';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { pathOf } from '@cooler-hub/contract/operation';
import * as ops from '@cooler-hub/contract/operations/deliveries';
import * as addressOps from '@cooler-hub/contract/operations/delivery-addresses';
import * as emailOps from '@cooler-hub/contract/operations/delivery-emails';
import * as lineOps from '@cooler-hub/contract/operations/delivery-lines';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { nounTitle } from '../../lib/delivery-screens';
import { outboxItems, saveOrQueue } from '../../lib/outbox/outbox';

export const DELIVERIES_KEY = ['deliveries'] as const;
export const DELIVERY_LINES_KEY = ['delivery_lines'] as const;

// ── lists and one note ──────────────────────────────────────────────────────────────────────────

/** The list fetcher of one type: /delivery-list/transfer, /delivery-list/scrap, /error-sheet. */
export function listDeliveries(type: DeliveryType): ListFetcher<DeliveryListItem> {
  return (q, signal) => api.call(LIST_OF_TYPE[type], { query: q.apiQuery, signal });
}
const LIST_OF_TYPE = {
  transfer: ops.listTransferDeliveries,
  scrap: ops.listScrapDeliveries,
  error_sheet: ops.listErrorSheetDeliveries,
} as const satisfies Record<DeliveryType, unknown>;

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getDelivery = (id: number, signal?: AbortSignal) => api.call(ops.getDelivery, { params: { id }, signal });
export function useDelivery(id: number) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...DELIVERIES_KEY, 'one', id],
    queryFn: ({ signal }) => getDelivery(id, signal),
  });
}

// ── writes ──────────────────────────────────────────────────────────────────────────────────────

/** The bodies as a form sends them (the contract's input types: '' and null mean "none"). */
export type DeliveryBody = Omit<DeliveryCreateInput, 'type'>;

export const createDelivery = (body: DeliveryCreateInput) => api.call(ops.createDelivery, { body });

/**
 * Creates the note under its client key; offline (or with writes still waiting) kept in
 * the outbox behind the receipts of its lines that wait too (docs/decisions/271).
 */
export async function createDeliveryOrKeep(body: DeliveryCreateInput & { clientKey: string }) {
  const lbs = new Set(((body.lbNumbers ?? []) as string[]).map((lb) => lb.trim().toUpperCase()));
  const waitingReceipts = (await outboxItems())
    .filter(
      (i) =>
        i.kind === 'receipt' &&
        i.status !== 'sent' &&
        lbs.has(String((i.request.body as { lbNumber?: string }).lbNumber ?? '').toUpperCase()),
    )
    .map((i) => i.id);
  const count = lbs.size === 1 ? '1 LB number' : `${lbs.size} LB numbers`;
  return saveOrQueue(
    {
      id: body.clientKey,
      kind: 'delivery',
      label: `${nounTitle(body.type as DeliveryType)} with ${count}`,
      request: { method: ops.createDelivery.method, path: pathOf(ops.createDelivery), body },
      dependsOn: waitingReceipts,
    },
    delivery,
  );
}
/** The edit of a note of that type. */
export const updateDelivery = (type: DeliveryType, id: number, body: DeliveryBody, version?: string) =>
  api.call(UPDATE_OF_TYPE[type], { params: { id }, body, ifMatch: version });
const UPDATE_OF_TYPE = {
  transfer: ops.updateTransferDelivery,
  scrap: ops.updateScrapDelivery,
  error_sheet: ops.updateErrorSheetDelivery,
} as const satisfies Record<DeliveryType, unknown>;
export const approveDelivery = (id: number) => api.call(ops.approveDelivery, { params: { id } });
/** 'Approve selected' (docs/decisions/257): each note approved and mailed on its own; one outcome per id. */
export const approveSelectedDeliveries = (ids: number[]) => api.call(ops.approveDeliveries, { body: { ids } });
export const resendDelivery = (id: number) => api.call(ops.resendDelivery, { params: { id } });
export const deleteDelivery = (id: number) => api.call(ops.deleteDelivery, { params: { id } });

/** The scan step's check of every code at once (docs/decisions/153). */
export const checkLbNumbers = (body: { type: DeliveryType; deliveryId?: number | null; lbNumbers: string[] }) =>
  api.call(ops.checkLbNumbers, { body });

/** CSV or PDF of a note, saved under the server's name (docs/product.md §7); resolves with that name. */
export function downloadDelivery(delivery: { id: number; type: DeliveryType }, format: (typeof DOWNLOAD_FORMATS)[number]) {
  return downloadFile({
    path: pathOf(ops.downloadDelivery, { id: delivery.id, format }),
    accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
    fallbackName: deliveryFileName(delivery, format),
  });
}

// ── lines ───────────────────────────────────────────────────────────────────────────────────────

export const listDeliveryLines = (deliveryId: number, page: number, signal?: AbortSignal) =>
  api.call(lineOps.listDeliveryLines, { query: { deliveryId, page }, signal });
export const deleteDeliveryLine = (id: number) => api.call(lineOps.deleteDeliveryLine, { params: { id } });

// ── recipients ──────────────────────────────────────────────────────────────────────────────────

/** Page 1 of the addresses containing `searchEmail` (docs/product.md §7, §9). */
export const searchDeliveryEmails = async (searchEmail: string, signal?: AbortSignal) =>
  (await api.call(emailOps.listDeliveryEmailOptions, { query: { page: 1, searchEmail }, signal })).items;
export const createDeliveryEmail = (email: string) => api.call(emailOps.createDeliveryEmail, { body: { email } });
/** The customer's default e-mail; a 404 (none) is an error to the caller, never a trip to /404 (docs/product.md §8). */
export const customerDefaultEmail = (customerAccountId: number) =>
  api.call(emailOps.createDeliveryEmailFromCustomerAccount, { params: { customerAccountId } });

// ── addresses ───────────────────────────────────────────────────────────────────────────────────

/** Page 1 of the addresses some note uses for this target, newest first. */
export const usedAddresses = async (addressType: AddressTarget, signal?: AbortSignal) =>
  (await api.call(addressOps.listUsedDeliveryAddresses, { query: { page: 1, addressType }, signal })).items;
/** The picker's blur: the server geocodes the text (gb only) without storing it. */
export const lookupAddress = (searchText: string, signal?: AbortSignal) =>
  api.call(addressOps.lookUpDeliveryAddress, { query: { searchText }, signal });
/** A typed address stored on submit; its id goes into dispatchAddress / invoiceAddress. */
export const createDeliveryAddress = (searchText: string, addressTarget: AddressTarget) =>
  api.call(addressOps.createDeliveryAddress, { body: { address: { searchText }, addressTarget } });
