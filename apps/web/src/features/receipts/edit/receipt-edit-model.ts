/**
 * What the update form of /receipt/:receipt/edit starts from (docs/product.md §2.9, §4): the receipt as the
 * server keeps it, or an update of it still kept on this device (docs/decisions/270). The receipt mode is
 * not stored: it is read from which of collection point and engineer number the receipt has.
 */
import type { Receipt, ReceiptUpdateBody } from '@cooler-hub/contract/receipts';
import type { OutboxItem } from '../../../lib/outbox/types';
import { RECEIPTS_KEY } from '../../../lib/query-keys';
import type { ReceiptUpdateFormInput } from '../form/receipt-form-schema';

/** The query key of one receipt (api.ts `useReceipt`). */
export const receiptKey = (id: string) => [...RECEIPTS_KEY, 'one', id];

export function formValues(r: Receipt): ReceiptUpdateFormInput {
  return {
    lbNumber: r.lbNumber,
    supplier: r.supplier.id,
    customerAccount: r.account.id,
    inventoryItem: r.inventoryItem.id,
    mode: r.collectionPoint ? 'collectionPoint' : r.engineerNo ? 'engineer' : null,
    collectionPoint: r.collectionPoint?.id ?? null,
    engineerNo: r.engineerNo ?? '',
    processOption: r.processOption,
    processState: r.processState,
    scrapReason: r.scrapReason,
    notes: r.notes ?? '',
    tagFaultComment: r.tagFaultComment ?? '',
    assetNo: r.assetNo ?? '',
  };
}

/** The form as an update kept on this device left it (what the person saw when they saved it). */
export function keptFormValues(kept: OutboxItem): ReceiptUpdateFormInput {
  const body = kept.request.body as ReceiptUpdateBody;
  return {
    ...body,
    mode: body.collectionPoint ? 'collectionPoint' : body.engineerNo ? 'engineer' : null,
    engineerNo: body.engineerNo ?? '',
    notes: body.notes ?? '',
    tagFaultComment: body.tagFaultComment ?? '',
    assetNo: body.assetNo ?? '',
  };
}
