/** 'Edit transfer {id}' (/update-dn/:id/transfer, docs/product.md §2.13, §4; docs/decisions/173). */
import { DeliveryEditScreen } from './delivery-edit-screen';

export default function UpdateTransferPage() {
  return <DeliveryEditScreen type="transfer" title={(id) => `Edit transfer ${id}`} />;
}
