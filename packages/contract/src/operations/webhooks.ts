/** The webhooks calls, declared once for the server and the web (docs/decisions/280, 281). */
import { z } from 'zod';
import { operation } from '../operation';
import {
  webhookBody,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryList,
  webhookDeliveryParams,
  webhookDetail,
  webhookList,
  webhookListQuery,
  webhookParams,
} from '../webhooks';

const tags = ['webhooks'];
const ability = 'manageWebhooks';

export const listWebhooks = operation({
  operationId: 'listWebhooks',
  method: 'GET',
  path: '/api/webhooks',
  summary: 'The registered webhooks, newest first, with their latest delivery',
  tags,
  ability,
  query: webhookListQuery,
  response: { 200: webhookList },
});

export const createWebhook = operation({
  operationId: 'createWebhook',
  method: 'POST',
  path: '/api/webhooks',
  summary: 'Register a webhook: its address and events; the server makes its signing secret',
  tags,
  ability,
  body: webhookBody,
  response: { 201: webhookDetail },
});

export const getWebhook = operation({
  operationId: 'getWebhook',
  method: 'GET',
  path: '/api/webhooks/:id',
  summary: 'Get a webhook with its signing secret',
  tags,
  ability,
  params: webhookParams,
  response: { 200: webhookDetail },
});

export const updateWebhook = operation({
  operationId: 'updateWebhook',
  method: 'PUT',
  path: '/api/webhooks/:id',
  summary: "Change a webhook's address, events or whether it is active",
  tags,
  ability,
  params: webhookParams,
  body: webhookBody,
  response: { 200: webhookDetail },
});

export const deleteWebhook = operation({
  operationId: 'deleteWebhook',
  method: 'DELETE',
  path: '/api/webhooks/:id',
  summary: 'Delete a webhook with its deliveries; nothing more is sent to it',
  tags,
  ability,
  params: webhookParams,
  response: { 204: z.undefined() },
});

export const rotateWebhookSecret = operation({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: '/api/webhooks/:id/rotate-secret',
  summary: 'Give a webhook a new signing secret; the old one stops signing at once',
  tags,
  ability,
  params: webhookParams,
  response: { 200: webhookDetail },
});

export const listWebhookDeliveries = operation({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/api/webhooks/:id/deliveries',
  summary: "A webhook's deliveries, newest first, each with its attempts",
  tags,
  ability,
  params: webhookParams,
  query: webhookDeliveriesQuery,
  response: { 200: webhookDeliveryList },
});

export const redeliverWebhookDelivery = operation({
  operationId: 'redeliverWebhookDelivery',
  method: 'POST',
  path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
  summary: 'Send a delivery again: the same id and body, freshly signed, from the queue',
  tags,
  ability,
  params: webhookDeliveryParams,
  response: { 202: webhookDelivery },
});
