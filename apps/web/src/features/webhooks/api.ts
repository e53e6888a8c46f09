/** Webhook calls (docs/decisions/280; contract webhooks.ts), all under /api/webhooks. */
import { webhookDelivery, webhookDeliveryList, webhookDetail, webhookList, type WebhookBody } from '@cooler-hub/contract/webhooks';
import { api } from '../../lib/api-client';

export const WEBHOOKS_KEY = ['webhooks'] as const;
export const webhookKey = (id: number) => [...WEBHOOKS_KEY, 'one', id] as const;
export const webhookDeliveriesKey = (id: number, page: number) => [...WEBHOOKS_KEY, 'deliveries', id, page] as const;

export const listWebhooks = (signal?: AbortSignal) => api.get('/api/webhooks', webhookList, { perPage: 100 }, signal);
export const getWebhook = (id: number, signal?: AbortSignal) => api.get(`/api/webhooks/${id}`, webhookDetail, undefined, signal);
export const createWebhook = (body: WebhookBody) => api.post('/api/webhooks', body, webhookDetail);
export const updateWebhook = (id: number, body: WebhookBody) => api.put(`/api/webhooks/${id}`, body, webhookDetail);
export const deleteWebhook = (id: number) => api.delete(`/api/webhooks/${id}`);
export const rotateWebhookSecret = (id: number) => api.post(`/api/webhooks/${id}/rotate-secret`, undefined, webhookDetail);
export const listWebhookDeliveries = (id: number, page: number, signal?: AbortSignal) =>
  api.get(`/api/webhooks/${id}/deliveries`, webhookDeliveryList, { page, perPage: 10 }, signal);
export const redeliverWebhook = (id: number, deliveryId: string) =>
  api.post(`/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`, undefined, webhookDelivery);
