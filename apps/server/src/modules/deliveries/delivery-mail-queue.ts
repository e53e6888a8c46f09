/**
 * Approved notes go out through the durable mail queue (decisions 157, 160–164):
 * the approval (first time only) and a resend each enqueue a 'delivery' message in their own
 * transaction — committed together or not at all — and the worker builds it when it sends, then
 * records the outcome on the note, where the lists read their Email status.
 */
import type { Db } from '../../db/client';
import type { MailQueue } from '../../jobs/mail-queue';
import { NotFoundError } from '../../lib/errors';
import * as repo from './deliveries.repository';
import type { DeliveryMailHooks } from './deliveries.service';
import { buildDeliveryMail } from './delivery-mail';

export const DELIVERY_MAIL = 'delivery';

/** Registers the kind with the queue and answers the hooks the deliveries service calls. */
export function deliveryMail(mailQueue: MailQueue): DeliveryMailHooks {
  mailQueue.registerMailKind(DELIVERY_MAIL, {
    build: async (db: Db, ref, trackingUrl) => {
      try {
        return await buildDeliveryMail(db, Number(ref), trackingUrl);
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
  const enqueue = async (tx: Db, id: number) => {
    await mailQueue.enqueueMail(tx, { kind: DELIVERY_MAIL, ref: String(id) });
  };
  return { onApproved: enqueue, onResend: enqueue };
}
