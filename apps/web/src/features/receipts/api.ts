/** Receipts and their history of changes (contract receipts.ts, revisions.ts). */
import { useQuery } from '@tanstack/react-query';
import { receipt, type Receipt, type ReceiptCreateBody, type ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import { cooler, type Cooler, type CoolerCreateBody } from '@cooler-hub/contract/coolers';
import { pathOf } from '@cooler-hub/contract/operation';
import * as coolerOps from '@cooler-hub/contract/operations/coolers';
import { getCustomerAccount } from '@cooler-hub/contract/operations/customer-accounts';
import { getPartNumber } from '@cooler-hub/contract/operations/part-numbers';
import * as receiptOps from '@cooler-hub/contract/operations/receipts';
import { listScrapReasons } from '@cooler-hub/contract/operations/scrap-reasons';
import type { PartNumber } from '@cooler-hub/contract/settings';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';
import { withVersion, type Versioned } from '@cooler-hub/contract/common';
import { RECEIPTS_KEY } from '../../lib/query-keys';
import { rememberSeen, seenById } from '../../lib/outbox/offline-lookup';
import { outboxItems, queueWrite, saveOrQueue, type SaveOutcome } from '../../lib/outbox/outbox';
import type { OutboxItem } from '../../lib/outbox/types';
import { newUuid } from '../../lib/new-id';

export const listReceipts: ListFetcher<Receipt> = (q, signal) => api.call(receiptOps.listReceipts, { query: q.apiQuery, signal });

/** One record with its version (what an edit form saves against, docs/decisions/200). */
export const getReceipt = (id: string, signal?: AbortSignal) => api.call(receiptOps.getReceipt, { params: { id }, signal });
export function useReceipt(id: string) {
  return useQuery({
    refetchOnMount: 'always',
    queryKey: [...RECEIPTS_KEY, 'one', id],
    queryFn: ({ signal }) => getReceipt(id, signal),
  });
}

export const createReceipt = (body: ReceiptCreateBody) => api.call(receiptOps.createReceipt, { body });
/** The whole receipt but its id and receipt date, under the version the editor saw. */
const updatePath = (id: string) => pathOf(receiptOps.updateReceipt, { id });
export const deleteReceipt = (id: string) => api.call(receiptOps.deleteReceipt, { params: { id } });

/**
 * Receipts whose LB number starts with `text`, in LB-number order (/lb-tag's lookup; the exact
 * lookup of a scan). Every LB number is 'LB' and digits, so "contains 'LB12'" means "starts with
 * 'LB12'", and in that order the exact 'LB12' comes first when it exists.
 */
export function receiptsByLbInOrder(text: string, perPage: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ lbNumber: text, page: '1', perPage: String(perPage), 'order[lbNumber]': 'asc' }).toString();
  return api.call(receiptOps.listReceipts, { query, signal });
}

// ── Master Data filters ──────────────────────────────────────────────────────────────────────────

/** The customer account behind a `customerId` filter, for its name in the filter panel. */
export function getCustomerAccountRef(id: number, signal?: AbortSignal) {
  return api.call(getCustomerAccount, { params: { id }, signal });
}

/** The part number behind a `partNumber` filter, for its label in the filter panel. */
export function getPartNumberRef(id: string, signal?: AbortSignal) {
  return api.call(getPartNumber, { params: { id }, signal });
}

/** Serial numbers containing `text` (page 1 of the cooler lookup): the Master Data serial typeahead. */
export async function findCoolerSerials(text: string, signal?: AbortSignal): Promise<string[]> {
  const page = await api.call(coolerOps.listCoolers, { query: { page: 1, serialNumber: text }, signal });
  return page.items.map((c) => c.serialNumber);
}

// ── receipt forms (receipt-create, receipt-edit, receipt-revisions) ─────────────────────────────

/**
 * 'Add item and continue' on /receipt-create: the cooler of an unknown serial (client UUID,
 * docs/product.md §7). Offline it is kept in the outbox and answered as this device knows it,
 * `pending` until sent (docs/decisions/270).
 */
export async function createCoolerForReceipt(body: CoolerCreateBody): Promise<Cooler & { pending?: true }> {
  const outcome = await saveOrQueue(
    {
      id: body.id,
      kind: 'cooler',
      label: `Cooler ${body.serialNumber}`,
      request: { method: coolerOps.createCooler.method, path: pathOf(coolerOps.createCooler), body },
      dependsOn: [],
    },
    cooler,
  );
  if (outcome.saved) {
    void rememberSeen('cooler', [outcome.saved], bySerial);
    return outcome.saved;
  }
  const part = await seenById<PartNumber>('ref:part-numbers', body.partNumber);
  const made: Cooler = {
    id: body.id,
    serialNumber: body.serialNumber,
    partNumber: { id: body.partNumber, partNumber: part?.value.partNumber ?? '' },
    dateOfManufacture: body.dateOfManufacture,
    modelNumber: null,
    lastLbNumber: null,
  };
  await rememberSeen('cooler', [made], bySerial, true);
  return { ...made, pending: true };
}

const bySerial = (c: Cooler) => ({ id: c.id, text: c.serialNumber });

/**
 * Creates the receipt; offline (or with writes still waiting) kept in the outbox behind the cooler
 * it names if that one waits too (docs/decisions/270). Answers the receipt, or the kept item.
 */
export async function createReceiptOrKeep(body: ReceiptCreateBody, serialNumber: string) {
  const coolerWaits = (await seenById<Cooler>('cooler', body.inventoryItem))?.pending === true;
  const outcome = await saveOrQueue(
    {
      id: body.id,
      kind: 'receipt',
      label: `Receipt ${body.lbNumber} for serial ${serialNumber}`,
      request: { method: receiptOps.createReceipt.method, path: pathOf(receiptOps.createReceipt), body },
      dependsOn: coolerWaits ? [body.inventoryItem] : [],
    },
    receipt,
  );
  const lb = (r: { id: string; lbNumber: string }) => ({ id: r.id, text: r.lbNumber });
  if (outcome.saved) void rememberSeen('receipt', [outcome.saved], lb);
  else void rememberSeen('receipt', [{ id: body.id, lbNumber: body.lbNumber, inventoryItem: { serialNumber } }], lb, true);
  return outcome;
}

/** What /outbox calls a kept update: 'Update of receipt LB0002 (was LB0001)' when its LB number changes. */
export function receiptUpdateLabel(savedLb: string, lbNumber: string): string {
  return lbNumber === savedLb ? `Update of receipt ${lbNumber}` : `Update of receipt ${lbNumber} (was ${savedLb})`;
}

/** The last update of this receipt the device keeps and the server has not taken (waiting, held or refused). */
export function keptUpdateOf(items: readonly OutboxItem[], id: string): OutboxItem | undefined {
  return items.filter((i) => i.kind === 'receipt-update' && i.status !== 'sent' && i.request.path === updatePath(id)).at(-1);
}

/**
 * 'Update' of /receipt/{id}/edit: PUT under the version the editor saw (If-Match);
 * offline, or with writes still waiting, kept in the outbox (docs/decisions/270). An update made on
 * top of one still kept for this receipt goes behind it, and on the version that one saves.
 * `saved`: the receipt as the server keeps it; its LB number names the update.
 */
export async function updateReceiptOrKeep(
  saved: Pick<Receipt, 'id' | 'lbNumber'>,
  body: ReceiptUpdateBody,
  version: string | undefined,
): Promise<SaveOutcome<Versioned<Receipt>>> {
  const earlier = keptUpdateOf(await outboxItems(), saved.id);
  const item = {
    id: newUuid(),
    kind: 'receipt-update' as const,
    label: receiptUpdateLabel(saved.lbNumber, body.lbNumber),
    request: { method: receiptOps.updateReceipt.method, path: updatePath(saved.id), body, ifMatch: version },
    dependsOn: earlier ? [earlier.id] : [],
  };
  if (earlier) return { queued: await queueWrite(item) };
  return saveOrQueue(item, withVersion(receipt));
}

/** The scrap reason with this code (a receipt names its reason by code, docs/product.md §3): the edit form shows its text. */
export function useScrapReasonByCode(code: number | null | undefined) {
  return useQuery({
    queryKey: ['scrap_reasons', 'by-code', code],
    enabled: code !== null && code !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const list = await api.call(listScrapReasons, { query: { code, perPage: 1 }, signal });
      return list.items[0] ?? null;
    },
  });
}
