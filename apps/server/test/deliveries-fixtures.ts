/**
 * Factories for the delivery tests, all through the API: receipts to put on notes, recipients,
 * addresses, notes of each type.
 */
import type { FastifyInstance } from 'fastify';
import type { Delivery, DeliveryCreateInput } from '@cooler-hub/contract/deliveries';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { call, createReceipt, createReceiptReferences, unique, type ReceiptReferences } from './factories';
import { json } from './helpers';

export interface DeliveryFixtures {
  refs: ReceiptReferences;
  /** `n` new receipts (one cooler, new LB numbers); their LB numbers. */
  lbs(n: number): Promise<string[]>;
  receipts(n: number): Promise<Receipt[]>;
  email(address?: string): Promise<DeliveryEmail>;
  /** A note through POST /api/deliveries (201 expected); a transfer by default with 2 new LBs. */
  note(overrides?: Partial<DeliveryCreateInput>): Promise<Delivery>;
}

export async function deliveryFixtures(app: FastifyInstance, token: string): Promise<DeliveryFixtures> {
  const refs = await createReceiptReferences(app, token);
  const receipts = async (n: number) => {
    const made: Receipt[] = [];
    for (let i = 0; i < n; i++) made.push(await createReceipt(app, token, refs));
    return made;
  };
  const lbs = async (n: number) => (await receipts(n)).map((r) => r.lbNumber);
  const email = async (address = `${unique('dn').toLowerCase()}@example.com`) => {
    const res = await call(app, token, 'POST', '/api/delivery-emails/create', { email: address });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`email: ${res.statusCode} ${res.body}`);
    return json<DeliveryEmail>(res);
  };
  return {
    refs,
    lbs,
    receipts,
    email,
    async note(overrides = {}) {
      const body: DeliveryCreateInput = {
        type: 'transfer',
        deliveryDay: '2026-03-02',
        customerAccount: refs.account.id,
        businessName: null,
        dispatchAddress: null,
        invoiceAddress: null,
        CCCode: null,
        emails: [(await email()).id],
        lbNumbers: overrides.lbNumbers ?? (await lbs(2)),
        ...overrides,
      };
      const res = await call(app, token, 'POST', '/api/deliveries', body);
      if (res.statusCode !== 201) throw new Error(`note: ${res.statusCode} ${res.body}`);
      return json<Delivery>(res);
    },
  };
}
