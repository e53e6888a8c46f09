/**
 * Delivery notes for the delivery specs, made through the API as the create screen makes them:
 * receipts first (each with its own cooler and LB number), then POST /api/deliveries. Every call
 * makes its own customer account and recipient address, so a spec finds exactly its notes and mails
 * whatever else the shared e2e database holds. Also reads a delivery mail back with its attachments
 * and its tracking image (inbox.ts gives text only).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import type { Delivery, DeliveryEmail, DeliveryLine, DeliveryType } from '@cooler-hub/contract/deliveries';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { expect, unique, type Api } from './fixtures';
import { createCooler, createPartNumber, createReceipt, receiptsWorld, type ReceiptsWorld } from './receipts-data';

export interface SeededDelivery {
  note: Delivery;
  receipts: Receipt[];
  world: ReceiptsWorld;
  /** The recipient address (transfers and scraps); mails to it are this note's alone. */
  email: string;
}

export interface DeliverySeedOptions {
  type?: DeliveryType;
  /** How many receipts (LB numbers) the note holds; default 2. */
  items?: number;
  /** 'YYYY-MM-DD'; default today. */
  deliveryDay?: string;
  /** Reuse one world (account, supplier…) across notes. */
  world?: ReceiptsWorld;
}

/** A new recipient address (stored lower-cased by the server). */
export function createDeliveryEmail(api: Api, address = `${unique('dn')}@example.com`.toLowerCase()): Promise<DeliveryEmail> {
  return api.post<DeliveryEmail>('/api/delivery-emails/create', { email: address });
}

/** `items` receipts of fresh coolers, then a pending note of `type` holding their LB numbers. */
export async function seedDelivery(api: Api, options: DeliverySeedOptions = {}): Promise<SeededDelivery> {
  const type = options.type ?? 'transfer';
  const world = options.world ?? (await receiptsWorld(api));
  const part = await createPartNumber(api);
  const receipts: Receipt[] = [];
  for (let i = 0; i < (options.items ?? 2); i += 1) {
    const cooler = await createCooler(api, part);
    receipts.push(await createReceipt(api, world, cooler));
  }
  const recipient = await createDeliveryEmail(api);
  const note = await api.post<Delivery>('/api/deliveries', {
    type,
    deliveryDay: options.deliveryDay ?? new Date().toISOString().slice(0, 10),
    lbNumbers: receipts.map((r) => r.lbNumber),
    emails: type === 'error_sheet' ? [] : [recipient.id],
    CCCode: null,
    customerAccount: type === 'error_sheet' ? null : world.account.id,
    businessName: null,
    dispatchAddress: null,
    invoiceAddress: null,
  });
  return { note, receipts, world, email: recipient.email };
}

export function approveDeliveryViaApi(api: Api, id: number) {
  return api.post<{ id: number; status: string }>(`/api/deliveries/${id}/approve`, undefined);
}

export function deliveryViaApi(api: Api, id: number) {
  return api.get<Delivery>(`/api/deliveries/${id}`);
}

export async function deliveryLinesViaApi(api: Api, deliveryId: number): Promise<DeliveryLine[]> {
  return (await api.get<ListResponse<DeliveryLine>>(`/api/delivery_lines?deliveryId=${deliveryId}&page=1`)).items;
}

// ── the delivery mail ───────────────────────────────────────────────────────────────────────────

export interface DeliveryMail {
  to: string[];
  subject: string;
  html: string;
  attachments: { filename: string; mimeType: string; content: Buffer }[];
  /** The 1×1 tracking image's URL found in the html, if any. */
  trackingUrl: string | null;
}

async function readInbox(): Promise<DeliveryMail[]> {
  const inbox = process.env.E2E_INBOX;
  if (!inbox) throw new Error('E2E_INBOX is not set: run the specs through the Playwright config');
  const mails: DeliveryMail[] = [];
  for (const file of readdirSync(inbox).sort()) {
    const parsed = await PostalMime.parse(readFileSync(join(inbox, file)));
    const html = parsed.html ?? '';
    const tracking = /<img[^>]+src="([^"]*\/api\/mail\/t\/[^"]+\.gif)"/i.exec(html);
    mails.push({
      to: (parsed.to ?? []).map((a) => a.address ?? '').filter(Boolean),
      subject: parsed.subject ?? '',
      html,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        mimeType: a.mimeType,
        content: Buffer.from(typeof a.content === 'string' ? a.content : new Uint8Array(a.content)),
      })),
      trackingUrl: tracking?.[1]?.replace(/&amp;/g, '&') ?? null,
    });
  }
  return mails;
}

/** Every delivery mail sent to `address` once there are at least `count` of them, oldest first. */
export async function deliveryMailsTo(address: string, count = 1): Promise<DeliveryMail[]> {
  let found: DeliveryMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readInbox()).filter((m) => m.to.includes(address));
        return found.length;
      },
      { message: `${count} mail(s) to ${address}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
