/**
 * Webhooks (docs/decisions/280): an Admin registers a target URL, the events it wants and gets a secret
 * made by the server; each event occurrence is POSTed to every active webhook that wants it as
 * `{ id, event, occurredAt, data }`, signed with `Cooler-Hub-Signature: t=<unix seconds>,v1=<hex HMAC>`
 * (Stripe's scheme), retried from the job queue until a 2xx answer or about a day has passed.
 * `/api/webhooks…`, ability `manageWebhooks`.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, idParams, listQuery, listResponse } from './common';

export const WEBHOOK_EVENTS = [
  'receipt.created',
  'receipt.updated',
  'delivery.created',
  'delivery.approved',
  'delivery.email_delivered',
  'delivery.email_failed',
  'import.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, in the words the Settings screen shows. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'receipt.created': 'A receipt was created',
  'receipt.updated': 'A receipt was changed',
  'delivery.created': 'A delivery note was created',
  'delivery.approved': 'A delivery note was approved',
  'delivery.email_delivered': "A delivery note's e-mail was delivered",
  'delivery.email_failed': "A delivery note's e-mail failed",
  'import.finished': 'An import finished (imported or failed)',
};

/** Every secret starts with this (Stripe's convention), then 32 random bytes, base64url. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The headers of each delivery. */
export const WEBHOOK_HEADERS = {
  event: 'Cooler-Hub-Event',
  delivery: 'Cooler-Hub-Delivery',
  signature: 'Cooler-Hub-Signature',
} as const;

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOKS_MAX = 50;
export const TOO_MANY_WEBHOOKS = `At most ${WEBHOOKS_MAX} webhooks can be registered. Delete one first.`;
export const WEBHOOK_URL_INVALID = 'Enter a full address starting with https:// or http://.';
export const WEBHOOK_URL_CREDENTIALS = 'Leave the user name and password out of the address.';
export const WEBHOOK_NO_EVENTS = 'Choose at least one event.';
export const WEBHOOK_UNKNOWN_EVENT = `Choose among: ${WEBHOOK_EVENTS.join(', ')}.`;
/** The address names (or resolves to) a private, loopback or link-local address. */
export const WEBHOOK_PRIVATE_TARGET =
  'This address points into a private network (or to this machine); webhooks are only sent to public addresses.';
export const WEBHOOK_UNRESOLVED = 'No address could be found for this host name.';

export const webhookUrl = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? REQUIRED_MESSAGE : WEBHOOK_URL_INVALID) })
    .min(1, REQUIRED_MESSAGE)
    .max(WEBHOOK_URL_MAX, `This value is too long. It should have ${WEBHOOK_URL_MAX} characters or less.`)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_INVALID, input: value });
        return;
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_INVALID, input: value });
      } else if (url.username || url.password) {
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_CREDENTIALS, input: value });
      }
    }),
);

export const webhookEvent = z.enum(WEBHOOK_EVENTS, {
  error: (i) => (i.input === undefined || i.input === null ? REQUIRED_MESSAGE : WEBHOOK_UNKNOWN_EVENT),
});

export const webhookEvents = z
  .array(webhookEvent, { error: (i) => (i.input === undefined || i.input === null ? REQUIRED_MESSAGE : WEBHOOK_NO_EVENTS) })
  .min(1, WEBHOOK_NO_EVENTS)
  .max(WEBHOOK_EVENTS.length * 2)
  // Each once, in the order of WEBHOOK_EVENTS.
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

/** Create and edit: the target, the events it wants and whether it is sent to at all. */
export const webhookBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  active: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof webhookBody>;
export type WebhookValues = z.output<typeof webhookBody>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEvent),
  active: z.boolean(),
  /** ISO 8601 UTC. */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The newest delivery's status and time; null before the first. */
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), createdAt: z.iso.datetime() }).nullable(),
});
export type Webhook = z.infer<typeof webhook>;

/** One webhook with its secret, for configuring the receiver (its page). */
export const webhookDetail = webhook.extend({ secret: z.string().regex(new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9_-]+$`)) });
export type WebhookDetail = z.infer<typeof webhookDetail>;

export const webhookList = listResponse(webhook);
export type WebhookList = z.infer<typeof webhookList>;

export const webhookAttempt = z.object({
  /** 1 for the first attempt, counting every attempt of the delivery (a 'Send again' too). */
  number: z.number().int(),
  at: z.iso.datetime(),
  /** The receiver's HTTP status; null when no answer came (timeout, refused, network error). */
  statusCode: z.number().int().nullable(),
  /** What went wrong, in a sentence; null on a 2xx. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  /** The delivery's id: the body's `id` and the Cooler-Hub-Delivery header; a receiver dedupes on it. */
  id: z.uuid(),
  event: webhookEvent,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.iso.datetime(),
  /** When a 2xx answer settled it, or when it was given up; null while pending. */
  settledAt: z.iso.datetime().nullable(),
  /** Newest first. */
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryList = listResponse(webhookDelivery);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/** A webhook's deliveries, newest first, paged. */
export const webhookDeliveriesQuery = listQuery(['createdAt'], {});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

export const webhookListQuery = listQuery(['createdAt', 'url'], {});
export type WebhookListQuery = z.infer<typeof webhookListQuery>;

export const webhookParams = idParams;
export const webhookDeliveryParams = idParams.extend({ deliveryId: z.uuid() });

/** The body each delivery POSTs. */
export const webhookPayload = z.object({
  id: z.uuid(),
  event: webhookEvent,
  occurredAt: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;
