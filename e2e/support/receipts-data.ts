/**
 * Receipts for the Master Data and End Of Day Sheet specs, made through the API as the create
 * screen would make them (POST /api/receipts with a client-generated id). Every call makes its own
 * client, account, part numbers and coolers, so a spec finds exactly its rows by filtering on them
 * whatever else the shared e2e database holds.
 */
import { randomUUID } from 'node:crypto';
import type { ListResponse, NamedRef } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import type { Receipt, ReceiptCreateInput } from '@cooler-hub/contract/receipts';
import type { CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import { unique, type Api } from './fixtures';

export interface ReceiptsWorld {
  supplier: NamedRef;
  client: Client;
  account: CustomerAccount;
  collectionPoint: CollectionPoint;
  scrapReason: ScrapReason;
}

let lbSequence = 0;
/** 'LB' and digits, unique across runs of the suite on one database. */
export function uniqueLbNumber(): string {
  lbSequence += 1;
  return `LB${Date.now()}${String(lbSequence).padStart(3, '0')}`;
}

export function createPartNumber(api: Api, prefix = 'PN-'): Promise<PartNumber> {
  return api.post<PartNumber>('/api/part_numbers', { id: randomUUID(), partNumber: unique(prefix), description: null });
}

export function createCooler(api: Api, part: PartNumber, overrides: Partial<{ serialNumber: string; dateOfManufacture: string }> = {}) {
  return api.post<Cooler>('/api/coolers', {
    id: randomUUID(),
    serialNumber: overrides.serialNumber ?? unique('SN-'),
    partNumber: part.id,
    dateOfManufacture: overrides.dateOfManufacture ?? '2019-06-14',
    modelNumber: null,
  });
}

/** A seeded supplier and a new client, customer account, collection point and scrap reason. */
export async function receiptsWorld(api: Api): Promise<ReceiptsWorld> {
  const suppliers = await api.get<ListResponse<NamedRef>>('/api/suppliers?page=1');
  const supplier = suppliers.items[0];
  if (!supplier) throw new Error('no supplier is seeded');
  const client = await api.post<Client>('/api/clients', { name: unique('Client ') });
  const account = await api.post<CustomerAccount>('/api/customer_accounts', {
    name: unique('Account '),
    contactPerson: null,
    email: null,
    telephone: null,
    deliveryAddress: null,
    billingAddress: null,
    client: client.id,
  });
  const collectionPoint = await api.post<CollectionPoint>('/api/collection_points/create', { name: unique('Depot ') });
  const scrapReason = await api.post<ScrapReason>('/api/scrap_reasons/create', {
    number: 100_000 + Math.floor(Math.random() * 1_000_000_000),
    name: unique('Reason '),
  });
  return { supplier, client, account, collectionPoint, scrapReason };
}

/** A receipt of `cooler` in collection-point mode, option X, received now — unless overridden. */
export function createReceipt(api: Api, world: ReceiptsWorld, cooler: Cooler, overrides: Partial<ReceiptCreateInput> = {}): Promise<Receipt> {
  const body: ReceiptCreateInput = {
    id: randomUUID(),
    receiptDate: new Date().toISOString(),
    customerAccount: world.account.id,
    supplier: world.supplier.id,
    inventoryItem: cooler.id,
    lbNumber: uniqueLbNumber(),
    processOption: 'X',
    processState: null,
    scrapReason: null,
    collectionPoint: world.collectionPoint.id,
    engineerNo: null,
    notes: null,
    tagFaultComment: null,
    assetNo: null,
    ...overrides,
  };
  return api.post<Receipt>('/api/receipts', body);
}

/**
 * A London day no other spec uses: a random day of 1990–2009 (receipts of the screens are dated
 * now; coolers' dates of manufacture are not receipt dates). 'YYYY-MM-DD'.
 */
export function unusedPastDay(): string {
  const start = Date.UTC(1990, 0, 1);
  const days = Math.floor(Math.random() * 20 * 365);
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}

/** Noon of a London day as an instant (noon is inside the day in GMT and in BST). */
export function noonOf(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy', as the screens show a day. */
export function displayDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
