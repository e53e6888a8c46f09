/** 'Edit Scrap Delivery {id}' (/update-scrap/:id, docs/product.md §2.13, §4; docs/decisions/173); the customer is optional. */
import { DeliveryEditScreen } from './delivery-edit-screen';

export default function UpdateScrapPage() {
  return <DeliveryEditScreen type="scrap" title={(id) => `Edit Scrap Delivery ${id}`} />;
}
