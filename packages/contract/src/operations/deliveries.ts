/** The deliveries calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { idParams, withVersion } from '../common';
import {
  approveResponse,
  approveSelectedBody,
  approveSelectedResponse,
  delivery,
  deliveryCreateBody,
  deliveryList,
  deliveryListQuery,
  downloadParams,
  errorSheetUpdateBody,
  scrapUpdateBody,
  transferUpdateBody,
} from '../deliveries';
import { lbCheckBody, lbCheckResponse } from '../lb-numbers';
import { operation } from '../operation';

const tags = ['deliveries'];

export const listTransferDeliveries = operation({
  operationId: 'listTransferDeliveries',
  method: 'GET',
  path: '/api/deliveries/transfer_list',
  summary: 'List transfer notes',
  description: 'Newest first by default.',
  tags,
  ability: 'customers',
  query: deliveryListQuery,
  response: { 200: deliveryList },
});

export const listScrapDeliveries = operation({
  operationId: 'listScrapDeliveries',
  method: 'GET',
  path: '/api/deliveries/scrap_list',
  summary: 'List scrap notes',
  description: 'Newest first by default.',
  tags,
  ability: 'customers',
  query: deliveryListQuery,
  response: { 200: deliveryList },
});

export const listErrorSheetDeliveries = operation({
  operationId: 'listErrorSheetDeliveries',
  method: 'GET',
  path: '/api/deliveries/error_sheet_list',
  summary: 'List error sheets',
  description: 'Newest first by default.',
  tags,
  ability: 'customers',
  query: deliveryListQuery,
  response: { 200: deliveryList },
});

export const checkLbNumbers = operation({
  operationId: 'checkLbNumbers',
  method: 'POST',
  path: '/api/deliveries/check_lb_numbers',
  summary: 'Check scanned LB numbers',
  description: 'For each LB number: ok, invalid, unknown (no receipt), taken (on another transfer or scrap note) or duplicate.',
  tags,
  ability: 'customers',
  body: lbCheckBody,
  response: { 200: lbCheckResponse },
});

export const getDelivery = operation({
  operationId: 'getDelivery',
  method: 'GET',
  path: '/api/deliveries/:id',
  summary: 'Get a delivery note',
  description: 'With its LB numbers.',
  tags,
  ability: 'customers',
  params: idParams,
  response: { 200: withVersion(delivery) },
});

export const createDelivery = operation({
  operationId: 'createDelivery',
  method: 'POST',
  path: '/api/deliveries',
  summary: 'Create a delivery note',
  description: 'A transfer note, a scrap note or an error sheet.',
  tags,
  ability: 'customers',
  body: deliveryCreateBody,
  response: { 201: withVersion(delivery) },
});

export const updateTransferDelivery = operation({
  operationId: 'updateTransferDelivery',
  method: 'PUT',
  path: '/api/deliveries/:id/transfer',
  summary: 'Edit a pending transfer note',
  description: 'With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'customers',
  errors: [409],
  params: idParams,
  body: transferUpdateBody,
  response: { 200: withVersion(delivery) },
});

export const updateScrapDelivery = operation({
  operationId: 'updateScrapDelivery',
  method: 'PUT',
  path: '/api/deliveries/:id/scrap',
  summary: 'Edit a pending scrap note',
  description: 'With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'customers',
  errors: [409],
  params: idParams,
  body: scrapUpdateBody,
  response: { 200: withVersion(delivery) },
});

export const updateErrorSheetDelivery = operation({
  operationId: 'updateErrorSheetDelivery',
  method: 'PUT',
  path: '/api/deliveries/:id/error_sheet',
  summary: 'Edit a pending error sheet',
  description: 'With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'customers',
  errors: [409],
  params: idParams,
  body: errorSheetUpdateBody,
  response: { 200: withVersion(delivery) },
});

export const approveDelivery = operation({
  operationId: 'approveDelivery',
  method: 'POST',
  path: '/api/deliveries/:id/approve',
  summary: 'Approve a delivery note',
  description:
    'Pending → approved, once (a second call changes nothing); answers the status. With If-Match, only while it still has that version (else 409).',
  tags,
  ability: 'customers',
  errors: [409],
  params: idParams,
  response: { 200: approveResponse },
});

export const approveDeliveries = operation({
  operationId: 'approveDeliveries',
  method: 'POST',
  path: '/api/deliveries/approve_selected',
  summary: 'Approve several delivery notes',
  description: 'Each in its own transaction with its own e-mail; answers one outcome per id.',
  tags,
  ability: 'customers',
  body: approveSelectedBody,
  response: { 200: approveSelectedResponse },
});

export const resendDelivery = operation({
  operationId: 'resendDelivery',
  method: 'PUT',
  path: '/api/deliveries/:id/resend',
  summary: 'Send an approved note by e-mail again',
  description: 'Refused with 429 while the last sending is too recent.',
  tags,
  ability: 'customers',
  errors: [429],
  params: idParams,
  response: { 200: withVersion(delivery) },
});

export const deleteDelivery = operation({
  operationId: 'deleteDelivery',
  method: 'DELETE',
  path: '/api/deliveries/:id',
  summary: 'Delete a pending delivery note',
  tags,
  ability: 'manipulateInventory',
  params: idParams,
  response: { 204: z.undefined() },
});

export const downloadDelivery = operation({
  operationId: 'downloadDelivery',
  method: 'GET',
  path: '/api/deliveries/:id/download/:format',
  summary: 'Download a delivery note as CSV or PDF',
  description: 'Content-Disposition names the file.',
  tags,
  ability: 'customers',
  produces: ['text/csv', 'application/pdf'],
  params: downloadParams,
});
