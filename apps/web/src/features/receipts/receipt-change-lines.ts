/** The Changes cell of a receipt's history (docs/product.md §2.9, §3): the shared reading with the receipt's field names. */
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { changeLines, type ChangeLabels } from '../../components/revisions/change-lines';

/** The API field names of a receipt as its forms label them (the server's sentences use the same words). */
export const RECEIPT_LABELS: ChangeLabels = {
  fields: {
    lbNumber: 'LB number',
    receiptDate: 'Receipt date',
    supplier: 'Supplier',
    customerAccount: 'Account',
    inventoryItem: 'Serial number',
    collectionPoint: 'Collection point',
    engineerNo: 'Engineer number',
    processOption: 'Process option',
    processState: 'Process state',
    scrapReason: 'Scrap reason',
    notes: 'Notes',
    tagFaultComment: 'Tag fault comment',
    assetNo: 'Asset No.',
  },
  instantFields: ['receiptDate'],
};

export function receiptChangeLines(entry: RevisionEntry): string[] {
  return changeLines(entry, RECEIPT_LABELS);
}
