/**
 * The frame of the transfer and scrap edit screens: the id from the route (not a number → /404),
 * the note loaded, its title, and the form. A note of another type is not edited here: the server
 * would refuse it ("This delivery note is of type …"), so the screen says so at once.
 */
import { Alert } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { wrongTypeMessage } from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { FormScreen } from '../../../components/form/form-screen';
import { paths } from '../../../lib/paths';
import { useDelivery } from '../api';
import { DeliveryEditForm } from './delivery-edit-form';

/** A route's id as a note id, or null when it is not a positive whole number. */
export function noteIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return null;
  return Number(param);
}

function LoadedEdit({ id, type, title }: { id: number; type: 'transfer' | 'scrap'; title: (id: number) => string }) {
  const query = useDelivery(id);
  const note = query.data;
  const listPath = type === 'scrap' ? paths.deliveryListScrap.to() : paths.deliveryListTransfer.to();
  return (
    <FormScreen title={title(id)} maw={960} loading={!note && !query.isError} failed={query.isError} failedMessage="The delivery note could not be loaded.">
      {note &&
        (note.type === type ? (
          <DeliveryEditForm key={note.id} delivery={note} listPath={listPath} />
        ) : (
          <Alert color="red" role="alert">
            {wrongTypeMessage(note.type)}
          </Alert>
        ))}
    </FormScreen>
  );
}

export function DeliveryEditScreen({ type, title }: { type: Extract<DeliveryType, 'transfer' | 'scrap'>; title: (id: number) => string }) {
  const id = noteIdOf(useParams().id);
  if (id === null) return <Navigate to={paths.notFound.to()} replace />;
  return <LoadedEdit id={id} type={type} title={title} />;
}
