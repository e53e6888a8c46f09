/** /delivery-list/transfer (docs/product.md §2.13): the transfer delivery notes. */
import { DeliveryList } from './delivery-list';

export default function TransferListPage() {
  return <DeliveryList type="transfer" />;
}
