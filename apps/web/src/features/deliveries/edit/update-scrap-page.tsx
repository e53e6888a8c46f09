/** 'Edit Scrap Delivery {id}' (/update-scrap/:id; docs/decisions/173); the customer is optional. */
import { DeliveryEditForm } from './delivery-edit-form';
import { EditFrame } from './edit-frame';

export default function UpdateScrapPage() {
  return (
    <EditFrame type="scrap" param="id" maw={960}>
      {(delivery) => <DeliveryEditForm key={delivery.id} delivery={delivery} />}
    </EditFrame>
  );
}
