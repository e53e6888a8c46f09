/**
 * `createX(app, token, overrides)` factories for reference data, all through the API. Values are
 * unique per call so tests in one file never collide.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ListResponse, NamedRef } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Receipt, ReceiptCreateInput } from '@cooler-hub/contract/receipts';
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import type { CcCode, CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import { authHeader, json } from './helpers';

let sequence = 0;
/** A short value no other call of this process has returned. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid.toString(36)}${sequence}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call as `token`; `payload` as JSON. */
export function call(app: FastifyInstance, token: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: authHeader(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function created<T>(res: LightMyRequestResponse, what: string): Promise<T> {
  if (res.statusCode !== 201) throw new Error(`creating ${what} failed: ${res.statusCode} ${res.body}`);
  return json<T>(res);
}

export function newCcCode(
  overrides: Partial<{ id: string; code: string; name: string; price: { amount: number; currency: string } }> = {},
) {
  return { id: randomUUID(), code: unique('CC'), name: 'Standard refurbishment', price: { amount: 4500, currency: 'GBP' }, ...overrides };
}
export async function createCcCode(app: FastifyInstance, token: string, overrides: Parameters<typeof newCcCode>[0] = {}): Promise<CcCode> {
  return created(await call(app, token, 'POST', '/api/cc_codes', newCcCode(overrides)), 'a CC code');
}

export function newPartNumber(overrides: Partial<{ id: string; partNumber: string; description: string | null }> = {}) {
  return { id: randomUUID(), partNumber: unique('PN'), description: 'Single-door upright display cooler, 300 L', ...overrides };
}
export async function createPartNumber(
  app: FastifyInstance,
  token: string,
  overrides: Parameters<typeof newPartNumber>[0] = {},
): Promise<PartNumber> {
  return created(await call(app, token, 'POST', '/api/part_numbers', newPartNumber(overrides)), 'a part number');
}

export async function createCollectionPoint(app: FastifyInstance, token: string, name = unique('Depot')): Promise<CollectionPoint> {
  return created(await call(app, token, 'POST', '/api/collection_points/create', { name }), 'a collection point');
}

let scrapCode = 1000;
export async function createScrapReason(
  app: FastifyInstance,
  token: string,
  overrides: Partial<{ number: number | string; name: string }> = {},
): Promise<ScrapReason> {
  scrapCode += 1;
  return created(
    await call(app, token, 'POST', '/api/scrap_reasons/create', { number: scrapCode, name: unique('Reason'), ...overrides }),
    'a scrap reason',
  );
}

export async function createClient(app: FastifyInstance, token: string, name = unique('Client')): Promise<Client> {
  return created(await call(app, token, 'POST', '/api/clients', { name }), 'a client');
}

export function newCustomerAccount(client: number, overrides: Record<string, unknown> = {}) {
  return {
    name: unique('Account'),
    contactPerson: 'Sarah Whitfield',
    email: 'returns@example.com',
    telephone: '0161 496 0321',
    deliveryAddress: 'Unit 7, Trafford Park Road, Manchester M17 1HG',
    billingAddress: 'Albion House, 12 Deansgate, Manchester M3 2BW',
    client,
    ...overrides,
  };
}
export async function createCustomerAccount(
  app: FastifyInstance,
  token: string,
  client: number,
  overrides: Record<string, unknown> = {},
): Promise<CustomerAccount> {
  return created(await call(app, token, 'POST', '/api/customer_accounts', newCustomerAccount(client, overrides)), 'a customer account');
}

export function newCooler(
  partNumber: string,
  overrides: Partial<{ id: string; serialNumber: string; partNumber: string; dateOfManufacture: string; modelNumber: string | null }> = {},
) {
  return { id: randomUUID(), serialNumber: unique('SN'), partNumber, dateOfManufacture: '2019-06-14', modelNumber: null, ...overrides };
}
/** A cooler of `partNumber` (an id), or of a new part number when none is given. */
export async function createCooler(app: FastifyInstance, token: string, overrides: Parameters<typeof newCooler>[1] = {}): Promise<Cooler> {
  const partNumber = overrides.partNumber ?? (await createPartNumber(app, token)).id;
  return created(await call(app, token, 'POST', '/api/coolers', newCooler(partNumber, overrides)), 'a cooler');
}

let lbSequence = 0;
/** An LB number no other call of this process has returned ('LB' + digits). */
export function uniqueLb(): string {
  lbSequence += 1;
  return `LB${process.pid}${String(lbSequence).padStart(5, '0')}`;
}

/** What a receipt points at: a seeded supplier, a new account (of a new client), cooler, collection point and scrap reason. */
export interface ReceiptReferences {
  supplier: NamedRef;
  account: CustomerAccount;
  cooler: Cooler;
  collectionPoint: CollectionPoint;
  scrapReason: ScrapReason;
}

export async function createReceiptReferences(
  app: FastifyInstance,
  token: string,
  overrides: Partial<ReceiptReferences> = {},
): Promise<ReceiptReferences> {
  const suppliers = json<ListResponse<NamedRef>>(await call(app, token, 'GET', '/api/suppliers'));
  const supplier = overrides.supplier ?? suppliers.items[0];
  if (!supplier) throw new Error('no supplier is seeded');
  return {
    supplier,
    account: overrides.account ?? (await createCustomerAccount(app, token, (await createClient(app, token)).id)),
    cooler: overrides.cooler ?? (await createCooler(app, token)),
    collectionPoint: overrides.collectionPoint ?? (await createCollectionPoint(app, token)),
    scrapReason: overrides.scrapReason ?? (await createScrapReason(app, token)),
  };
}

/** A valid create body: collection-point mode, option X, received now. */
export function newReceipt(refs: ReceiptReferences, overrides: Partial<ReceiptCreateInput> = {}): ReceiptCreateInput {
  return {
    id: randomUUID(),
    receiptDate: new Date().toISOString(),
    customerAccount: refs.account.id,
    supplier: refs.supplier.id,
    inventoryItem: refs.cooler.id,
    lbNumber: uniqueLb(),
    processOption: 'X',
    processState: null,
    scrapReason: null,
    collectionPoint: refs.collectionPoint.id,
    engineerNo: null,
    notes: null,
    tagFaultComment: null,
    assetNo: null,
    ...overrides,
  };
}

export async function createReceipt(
  app: FastifyInstance,
  token: string,
  refs: ReceiptReferences,
  overrides: Partial<ReceiptCreateInput> = {},
): Promise<Receipt> {
  return created(await call(app, token, 'POST', '/api/receipts', newReceipt(refs, overrides)), 'a receipt');
}

/** The PUT /api/receipts/{id}/main body that leaves `r` as it is. */
export const updateBodyOf = (r: Receipt) => ({
  lbNumber: r.lbNumber,
  supplier: r.supplier.id,
  customerAccount: r.account.id,
  inventoryItem: r.inventoryItem.id,
  processOption: r.processOption,
  processState: r.processState,
  scrapReason: r.scrapReason,
  collectionPoint: r.collectionPoint?.id ?? null,
  engineerNo: r.engineerNo,
  notes: r.notes,
  tagFaultComment: r.tagFaultComment,
  assetNo: r.assetNo,
});
