/** The delivery lines calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { idParams } from '../common';
import { deliveryLineList, deliveryLineListQuery } from '../delivery-lines';
import { operation } from '../operation';

const tags = ['delivery lines'];

export const listDeliveryLines = operation({
  operationId: 'listDeliveryLines',
  method: 'GET',
  path: '/api/delivery_lines',
  summary: 'List delivery lines',
  description: 'Of a note (deliveryId) or of an LB number (lbNumber, exact), in the order added.',
  tags,
  ability: 'customers',
  query: deliveryLineListQuery,
  response: { 200: deliveryLineList },
});

export const deleteDeliveryLine = operation({
  operationId: 'deleteDeliveryLine',
  method: 'DELETE',
  path: '/api/delivery_lines/:id',
  summary: 'Remove a line from a pending note',
  description: 'Not its last one.',
  tags,
  ability: 'customers',
  params: idParams,
  response: { 204: z.undefined() },
});
