/**
 * The frame of the three edit screens (transfer, scrap, error sheet): the note's id from the route
 * (not a positive whole number → /404), the note loaded, the screen's title and, once loaded, the
 * form of its type. A note of another type is not edited here: the server would refuse it ("This
 * delivery note is of type …"), so the screen says so at once.
 */
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { wrongTypeMessage, type Delivery } from '@cooler-hub/contract/deliveries';
import { DELIVERY_TYPE_TABLE, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { FormScreen } from '../../../components/form/form-screen';
import { DELIVERY_SCREENS } from '../../../lib/delivery-screens';
import { paths } from '../../../lib/paths';
import { useDelivery } from '../api';

/** A route's id as a delivery id, or null when it is not a positive whole number. */
export function deliveryIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return null;
  return Number(param);
}

interface EditFrameProps {
  type: DeliveryType;
  /** The route parameter holding the id. */
  param: 'id' | 'deliveryId';
  maw: number;
  /** The form of a loaded note of `type`. */
  children: (delivery: Versioned<Delivery>) => ReactNode;
}

function LoadedEdit({ id, type, maw, children }: Omit<EditFrameProps, 'param'> & { id: number }) {
  const query = useDelivery(id);
  const delivery = query.data;
  return (
    <FormScreen
      title={`${DELIVERY_SCREENS[type].editScreen.title} ${id}`}
      maw={maw}
      loading={!delivery && !query.isError}
      failed={query.isError}
      failedMessage={`The ${DELIVERY_TYPE_TABLE[type].noun} could not be loaded.`}
    >
      {delivery &&
        (delivery.type === type ? (
          children(delivery)
        ) : (
          <Alert color="red" role="alert">
            {wrongTypeMessage(delivery.type)}
          </Alert>
        ))}
    </FormScreen>
  );
}

export function EditFrame({ param, ...props }: EditFrameProps) {
  const id = deliveryIdOf(useParams()[param]);
  if (id === null) return <Navigate to={paths.notFound.to()} replace />;
  return <LoadedEdit id={id} {...props} />;
}
