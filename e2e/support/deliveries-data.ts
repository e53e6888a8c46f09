/**
 * Delivery notes for the delivery specs, made through the API as the create screen makes them:
 * receipts first (each with its own cooler and LB number), then POST /api/deliveries. Every call
 * makes its own customer account and recipient address, so a spec finds exactly its notes and mails
 * whatever else the shared e2e database holds. The mails they cause are read by inbox.ts.
 */
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import type { DeliveryLine } from '@cooler-hub/contract/delivery-lines';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { unique, type Api } from './fixtures';
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
  /** The recipient's address; a new one by default. */
  email?: string;
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
  const recipient = await createDeliveryEmail(api, options.email);
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
