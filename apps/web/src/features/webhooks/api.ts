/** Webhook calls (docs/decisions/280; contract webhooks.ts), all under /api/webhooks. */
import * as webhookOps from '@cooler-hub/contract/operations/webhooks';
import type { WebhookBody } from '@cooler-hub/contract/webhooks';
import { api } from '../../lib/api-client';

export const WEBHOOKS_KEY = ['webhooks'] as const;
export const webhookKey = (id: number) => [...WEBHOOKS_KEY, 'one', id] as const;
export const webhookDeliveriesKey = (id: number, page: number) => [...WEBHOOKS_KEY, 'deliveries', id, page] as const;

export const listWebhooks = (signal?: AbortSignal) => api.call(webhookOps.listWebhooks, { query: { perPage: 100 }, signal });
export const getWebhook = (id: number, signal?: AbortSignal) => api.call(webhookOps.getWebhook, { params: { id }, signal });
export const createWebhook = (body: WebhookBody) => api.call(webhookOps.createWebhook, { body });
export const updateWebhook = (id: number, body: WebhookBody) => api.call(webhookOps.updateWebhook, { params: { id }, body });
export const deleteWebhook = (id: number) => api.call(webhookOps.deleteWebhook, { params: { id } });
export const rotateWebhookSecret = (id: number) => api.call(webhookOps.rotateWebhookSecret, { params: { id } });
export const listWebhookDeliveries = (id: number, page: number, signal?: AbortSignal) =>
  api.call(webhookOps.listWebhookDeliveries, { params: { id }, query: { page, perPage: 10 }, signal });
export const redeliverWebhook = (id: number, deliveryId: string) =>
  api.call(webhookOps.redeliverWebhookDelivery, { params: { id, deliveryId } });
