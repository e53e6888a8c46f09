/**
 * Approved notes go out through the durable mail queue (docs/decisions/157):
 * the approval (first time only) and a resend each enqueue a 'delivery' message in their own
 * transaction — committed together or not at all — and the worker builds it when it sends, then
 * records the outcome on the note, where the lists read their Email status.
 */
import type { Db } from '../../db/client';
import type { MailQueue } from '../../jobs/mail-queue';
import { NotFoundError } from '../../lib/errors';
import { NO_WEBHOOKS, type WebhookEmitter } from '../webhooks/webhooks.service';
import * as repo from './deliveries.repository';
import type { DeliveriesService, DeliveryMailHooks } from './deliveries.service';
import { buildDeliveryMail } from './delivery-mail';

export const DELIVERY_MAIL = 'delivery';

/** The hooks the deliveries service calls: approving (the first time) and resending enqueue the mail in their transaction. */
export function deliveryMailHooks(mailQueue: MailQueue): DeliveryMailHooks {
  const enqueue = async (tx: Db, id: number) => {
    await mailQueue.enqueueMail(tx, { kind: DELIVERY_MAIL, ref: String(id) });
  };
  return { onApproved: enqueue, onResend: enqueue };
}

/** The note as GET /api/deliveries/{id} answers it, or null once it is deleted. */
async function noteOrNull(deliveries: DeliveriesService, id: number, db: Db) {
  try {
    return await deliveries.get(id, db);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/**
 * Registers the kind with the queue: the worker builds each message from `deliveries` and records its
 * outcome on the note — and tells the webhooks, in that same transaction (docs/decisions/280).
 */
export function registerDeliveryMail(mailQueue: MailQueue, deliveries: DeliveriesService, webhooks: WebhookEmitter = NO_WEBHOOKS): void {
  mailQueue.registerMailKind(DELIVERY_MAIL, {
    build: async (_db, ref, trackingUrl) => {
      try {
        return await buildDeliveryMail(deliveries, Number(ref), trackingUrl);
      } catch (err) {
        // The note was deleted before its mail went out: nothing to send (not a retry).
        if (err instanceof NotFoundError) return null;
        throw err;
      }
    },
    onDelivered: async (db, ref, at) => {
      await repo.markEmailDelivered(db, Number(ref), at);
      await webhooks.emit(db, 'delivery.email_delivered', () => noteOrNull(deliveries, Number(ref), db));
    },
    onViewed: (db, ref, at) => repo.markEmailViewed(db, Number(ref), at),
    onFailed: async (db, ref, reason, at) => {
      await repo.markEmailFailed(db, Number(ref), reason, at);
      await webhooks.emit(db, 'delivery.email_failed', () => noteOrNull(deliveries, Number(ref), db));
    },
  });
}
