/**
 * The columns of Master Data (docs/product.md §2.8), each sorted by the API field of RECEIPT_SORT_FIELDS. Cells
 * do not wrap (components/list/wide-table.css): the wide table scrolls sideways under its sticky Actions column
 * instead of folding every value onto three lines.
 */
import { Anchor, Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DELIVERY_TYPE_TABLE } from '@cooler-hub/contract/delivery-types';
import { processStateTone, type Receipt, type ReceiptSortField } from '@cooler-hub/contract/receipts';
import type { DataListProps, ListColumn } from '../../../components/list/data-list';
import { PhoneKey } from '../../../components/list/phone-key';
import { RowActions } from '../../../components/list/row-actions';
import { SerialLink } from '../../../components/links/serial-link';
import { PrintTagIcon } from '../lb-tag/lb-tag-print';
import { formatDate } from '../../../lib/format-date';
import { DELIVERY_SCREENS } from '../../../lib/delivery-screens';
import { paths } from '../../../lib/paths';

/** The delivery note holding the receipt's LB number, linked to its edit screen (as on /main). */
function DeliveryNote({ receipt }: { receipt: Receipt }) {
  const { deliveryNoteNo, deliveryId, deliveryType } = receipt;
  if (deliveryNoteNo === null) return null;
  // The note holding the LB number exclusively (a transfer or scrap) is linked; no other is.
  const linked = deliveryId !== null && deliveryType !== null && DELIVERY_TYPE_TABLE[deliveryType].exclusive;
  const to = linked ? DELIVERY_SCREENS[deliveryType].edit(deliveryId) : null;
  return to ? (
    <Anchor component={Link} to={to}>
      {deliveryNoteNo}
    </Anchor>
  ) : (
    deliveryNoteNo
  );
}

/** The option, and its state where it has one (D1–D4 success, D5 danger: docs/product.md §4). */
export function ProcessOptionCell({ receipt }: { receipt: Pick<Receipt, 'processOption' | 'processState'> }) {
  const { processOption, processState } = receipt;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{processOption}</span>
      {processState && (
        <Badge size="sm" variant="light" color={processStateTone(processState) === 'danger' ? 'red' : 'green'}>
          {processState}
        </Badge>
      )}
    </Group>
  );
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function column(key: ReceiptSortField, header: string, render: (r: Receipt) => ReactNode, width?: number): ListColumn<Receipt> {
  return { key, header, sortField: key, width, render };
}

/** A receipt's row icons on /main and Master Data: print its tag, edit, history, delete. */
export function ReceiptRowActions({ receipt, onDelete }: { receipt: Receipt; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <PrintTagIcon receiptId={receipt.id} />
      <RowActions
        editTo={paths.receiptEdit.to({ receipt: receipt.id })}
        historyTo={paths.receiptRevisions.to({ receipt: receipt.id })}
        onDelete={onDelete}
      />
    </Group>
  );
}

/** On a phone, a receipt's row keeps its LB number and customer account in view (docs/decisions/221). */
export const receiptPhoneKey: DataListProps<Receipt>['phoneKey'] = {
  replaces: 'lbNumber',
  render: (r) => <PhoneKey rowKey={r.lbNumber} customer={r.account.name} />,
};

export const receiptColumns: ListColumn<Receipt>[] = [
  column('supplierCode', 'Supplier Code', (r) => r.supplierCode),
  column('lbNumber', 'LB Number', (r) => r.lbNumber),
  column('accountNo', 'Account No', (r) => r.accountNo),
  column('deliveryNoteNo', 'Delivery Note No', (r) => <DeliveryNote receipt={r} />),
  column('receiptDate', 'Receipt Date', (r) => formatDate(r.receiptDate)),
  column('serialNumber', 'Serial Number', (r) => <SerialLink coolerId={r.inventoryItem.id} serialNumber={r.inventoryItem.serialNumber} />),
  column('partNumber', 'Part Number', (r) => r.inventoryItem.partNumber.partNumber),
  column('customer', 'Customer', (r) => r.customer),
  column('collectionPoint', 'Collection point', (r) => r.collectionPoint?.name ?? ''),
  column('engineerNo', 'Engineer Number', (r) => r.engineerNo ?? ''),
  column('dateOfManufacture', 'DOM', (r) => formatDate(r.inventoryItem.dateOfManufacture)),
  column('processOption', 'Process Option', (r) => <ProcessOptionCell receipt={r} />),
  column('scrapReason', 'Scrap Reason', (r) => (r.scrapReason === null ? '' : String(r.scrapReason))),
  column('isExported', 'Exported', (r) => yesNo(r.isExported)),
];
