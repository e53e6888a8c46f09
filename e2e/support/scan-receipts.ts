/**
 * Receipts seeded through the API for the /main, /lb-tag and /scan-update journeys: a cooler of a
 * new part number received from a seeded supplier for a new account at a new collection point.
 */
import { randomUUID } from 'node:crypto';
import type { ListResponse, NamedRef } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { CollectionPoint, PartNumber } from '@cooler-hub/contract/settings';
import { unique, type Api } from './fixtures';

let sequence = 0;

/** An LB number no other test has used: 'LB' and 13+ digits (time, then a counter). */
export function uniqueLbNumber(): string {
  sequence += 1;
  return `LB${Date.now()}${String(sequence).padStart(3, '0')}`;
}

export async function seedReceipt(admin: Api, overrides: { lbNumber?: string; processOption?: 'X' | 'D'; processState?: 'D1' | 'D2' | 'D3' | 'D4' | null } = {}) {
  const [supplier] = (await admin.get<ListResponse<NamedRef>>('/api/suppliers')).items;
  if (!supplier) throw new Error('no supplier is seeded');
  const client = await admin.post<Client>('/api/clients', { name: unique('Client ') });
  const account = await admin.post<CustomerAccount>('/api/customer_accounts', { name: unique('Account '), client: client.id });
  const point = await admin.post<CollectionPoint>('/api/collection_points/create', { name: unique('Depot ') });
  const part = await admin.post<PartNumber>('/api/part_numbers', { id: randomUUID(), partNumber: unique('PN-'), description: null });
  const cooler = await admin.post<Cooler>('/api/coolers', {
    id: randomUUID(),
    serialNumber: unique('SN-'),
    partNumber: part.id,
    dateOfManufacture: '2021-06-15',
    modelNumber: null,
  });
  const receipt = await admin.post<Receipt>('/api/receipts', {
    id: randomUUID(),
    receiptDate: new Date().toISOString(),
    customerAccount: account.id,
    supplier: supplier.id,
    inventoryItem: cooler.id,
    lbNumber: overrides.lbNumber ?? uniqueLbNumber(),
    processOption: overrides.processOption ?? 'X',
    processState: overrides.processState ?? null,
    scrapReason: null,
    collectionPoint: point.id,
    engineerNo: null,
    notes: null,
    tagFaultComment: null,
    assetNo: null,
  });
  return { ...receipt, cooler };
}
