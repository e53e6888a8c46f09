/**
 * Seeding for the receipt specs through the real API: part numbers, coolers and receipts, and the
 * reference data the seeded database already holds (suppliers, accounts, collection points, scrap
 * reasons). The simulated keyboard-wedge scanner is support/scanner.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ListResponse, NamedRef } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import { unique, type Api } from './fixtures';

export function receiptPartNumber(admin: Api) {
  return admin.post<PartNumber>('/api/part_numbers', { id: randomUUID(), partNumber: unique('PN-'), description: null });
}

export async function receiptCooler(admin: Api, serialNumber = unique('SN-')) {
  const part = await receiptPartNumber(admin);
  return admin.post<Cooler>('/api/coolers', { id: randomUUID(), serialNumber, partNumber: part.id, dateOfManufacture: '2020-01-31', modelNumber: null });
}

async function first<T>(admin: Api, path: string): Promise<T> {
  const list = await admin.get<ListResponse<T>>(path);
  const item = list.items[0];
  if (!item) throw new Error(`the seeded database has nothing at ${path}`);
  return item;
}

export interface ReceiptReferenceData {
  supplier: NamedRef;
  account: NamedRef;
  point: CollectionPoint;
  reason: ScrapReason;
}

export async function receiptReferenceData(admin: Api): Promise<ReceiptReferenceData> {
  return {
    supplier: await first<NamedRef>(admin, '/api/suppliers?page=1'),
    account: await first<NamedRef>(admin, '/api/customer_accounts_drop_down?page=1'),
    point: await first<CollectionPoint>(admin, '/api/collection_points?page=1'),
    reason: await first<ScrapReason>(admin, '/api/scrap_reasons?page=1'),
  };
}

/** A unique LB number ('LB' + digits). */
export function receiptLbNumber(): string {
  return `LB${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

export async function receiptSeed(admin: Api, ref: ReceiptReferenceData, overrides: Record<string, unknown> = {}) {
  const cooler = await receiptCooler(admin);
  const receipt = await admin.post<Receipt>('/api/receipts', {
    id: randomUUID(),
    receiptDate: new Date().toISOString(),
    lbNumber: receiptLbNumber(),
    supplier: ref.supplier.id,
    customerAccount: ref.account.id,
    inventoryItem: cooler.id,
    processOption: 'X',
    processState: null,
    scrapReason: null,
    collectionPoint: null,
    engineerNo: 'ENG-1',
    notes: null,
    tagFaultComment: null,
    assetNo: null,
    ...overrides,
  });
  return { cooler, receipt };
}
