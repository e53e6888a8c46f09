/**
 * The e-mail of an approved note (docs/decisions/157), built when the mail worker sends it, so it
 * carries the note as it is then; the deliveries service it reads is handed in
 * (delivery-mail-queue.ts). The tracking image at `trackingUrl` is the only thing that sets
 * emailViewedAt.
 */
import { deliveryTitle } from '@cooler-hub/contract/delivery-types';
import { formatDay } from '@cooler-hub/contract/london-time';
import { deliveryFile } from './deliveries.documents';
import type { DeliveriesService } from './deliveries.service';

export interface DeliveryMail {
  subject: string;
  text: string;
  html: string;
  to: string[];
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `trackingUrl` is undefined without PUBLIC_URL (jobs/mail-queue): the message then has no tracking image. */
export async function buildDeliveryMail(
  deliveries: Pick<DeliveriesService, 'document'>,
  deliveryId: number,
  trackingUrl: string | undefined,
): Promise<DeliveryMail> {
  const document = await deliveries.document(deliveryId);
  const { delivery } = document;
  const title = deliveryTitle(delivery);
  const day = formatDay(delivery.deliveryDay);
  const customer = delivery.customerAccount?.name;
  const summary = [
    `${title}, dated ${day}${customer ? `, for ${customer}` : ''}: ${delivery.itemsCount} item${delivery.itemsCount === 1 ? '' : 's'}.`,
    'The note is attached as a PDF and as a CSV file.',
  ];
  const [pdf, csv] = await Promise.all([deliveryFile(document, 'pdf'), deliveryFile(document, 'csv')]);
  return {
    subject: `${title} — ${day}`,
    to: delivery.emails.map((e) => e.email),
    text: `Hello,\n\n${summary.join('\n')}\n\nCooler Hub\n`,
    html:
      `<!doctype html><html><body style="font-family: Arial, sans-serif">` +
      `<p>Hello,</p>${summary.map((s) => `<p>${escapeHtml(s)}</p>`).join('')}<p>Cooler Hub</p>` +
      (trackingUrl ? `<img src="${escapeHtml(trackingUrl)}" width="1" height="1" alt="" style="display:block;border:0">` : '') +
      `</body></html>`,
    attachments: [pdf, csv],
  };
}
