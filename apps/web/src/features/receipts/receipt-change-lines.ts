/** The Changes cell of a receipt's history (docs/product.md §2.9, §3): the shared reading with the receipt's field names. */
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { changeLines } from '../../components/revisions/change-lines';
import { RECEIPT_LABELS } from '../../components/revisions/receipt-labels';

export function receiptChangeLines(entry: RevisionEntry): string[] {
  return changeLines(entry, RECEIPT_LABELS);
}
