/** 'Edit transfer {id}' (/update-dn/:id/transfer; docs/decisions/173). */
import { DeliveryEditForm } from './delivery-edit-form';
import { EditFrame } from './edit-frame';

export default function UpdateTransferPage() {
  return (
    <EditFrame type="transfer" param="id" maw={960}>
      {(delivery) => <DeliveryEditForm key={delivery.id} delivery={delivery} />}
    </EditFrame>
  );
}
