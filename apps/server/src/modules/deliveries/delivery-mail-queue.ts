/**
 * Approved notes go out through the durable mail queue (docs/decisions/157, 160–164):
 * the approval (first time only) and a resend each enqueue a 'delivery' message in their own
 * transaction — committed together or not at all — and the worker builds it when it sends, then
 * records the outcome on the note, where the lists read their Email status.
 */
import type { Db } from '../../db/client';
import type { MailQueue } from '../../jobs/mail-queue';
import { NotFoundError } from '../../lib/errors';
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

/** Registers the kind with the queue: the worker builds each message from `deliveries` and records its outcome on the note. */
export function registerDeliveryMail(mailQueue: MailQueue, deliveries: DeliveriesService): void {
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
    onDelivered: (db, ref, at) => repo.markEmailDelivered(db, Number(ref), at),
    onViewed: (db, ref, at) => repo.markEmailViewed(db, Number(ref), at),
    onFailed: (db, ref, reason, at) => repo.markEmailFailed(db, Number(ref), reason, at),
  });
}
