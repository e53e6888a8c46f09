/** A receipt's API field names as its forms label them (the server's sentences use the same words); read by every history that shows receipt entries. */
import type { ChangeLabels } from './change-lines';

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
