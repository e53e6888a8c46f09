/** The columns of /main's Receipts list (docs/product.md §2.6): LB Number, Serial Number, Part number, Date, Delivery, Status. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { processStateTone, receiptStatus, type Receipt } from '@cooler-hub/contract/receipts';
import type { ListColumn } from '../../../components/list/data-list';
import { SerialLink } from '../../../components/links/serial-link';
import { formatDate } from '../../../lib/format-date';
import { deliveryLabel, deliveryTo } from './main-list-model';

function StatusCell({ receipt }: { receipt: Receipt }) {
  const tone = receipt.processState ? processStateTone(receipt.processState) : null;
  return (
    <Text span size="sm" fw={tone ? 600 : undefined} c={tone === 'danger' ? 'red.4' : tone === 'success' ? 'teal.4' : undefined}>
      {receiptStatus(receipt)}
    </Text>
  );
}

export const mainColumns: ListColumn<Receipt>[] = [
  { key: 'lbNumber', header: 'LB Number', sortField: 'lbNumber', render: (r) => r.lbNumber },
  {
    key: 'serialNumber',
    header: 'Serial Number',
    sortField: 'serialNumber',
    render: (r) => <SerialLink coolerId={r.inventoryItem.id} serialNumber={r.inventoryItem.serialNumber} />,
  },
  { key: 'partNumber', header: 'Part number', sortField: 'partNumber', render: (r) => r.inventoryItem.partNumber.partNumber },
  { key: 'receiptDate', header: 'Date', sortField: 'receiptDate', render: (r) => formatDate(r.receiptDate) },
  {
    key: 'delivery',
    header: 'Delivery',
    sortField: 'deliveryId',
    render: (r) => {
      const to = deliveryTo(r);
      return to ? (
        <Anchor component={Link} to={to} size="sm">
          {deliveryLabel(r)}
        </Anchor>
      ) : null;
    },
  },
  { key: 'status', header: 'Status', sortField: 'processOption', render: (r) => <StatusCell receipt={r} /> },
];
