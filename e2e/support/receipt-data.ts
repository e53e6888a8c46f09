/**
 * Seeding for the receipt specs through the real API: part numbers, coolers and receipts, and the
 * reference data the seeded database already holds (suppliers, accounts, collection points, scrap
 * reasons). Plus the simulated keyboard-wedge scanner.
 */
import { randomUUID } from 'node:crypto';
import type { CDPSession, Page } from '@playwright/test';
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

/** Per page: the CDP session the scanner types through, and the scanner's own clock (seconds). */
const scanners = new WeakMap<Page, { cdp: CDPSession; clock: number }>();

/**
 * A keyboard-wedge scanner: the code's characters 2 ms apart, then Enter, into whatever has the
 * focus. Each keystroke carries the time the device sent it, as the operating system stamps a real
 * scanner's keys: page.keyboard.type(text, { delay: 2 }) measured 5–120 ms between keys on the
 * shared 2-core test machine, which no scanner does (docs/decisions/122). `startAt` (ms after the
 * previous scan began) spaces scans on the device's clock, e.g. 50 for 20 scans a second.
 */
export async function receiptScan(page: Page, code: string, options: { keyGapMs?: number; startAt?: number } = {}): Promise<void> {
  let scanner = scanners.get(page);
  if (!scanner) {
    scanner = { cdp: await page.context().newCDPSession(page), clock: 0 };
    scanners.set(page, scanner);
  }
  const gap = (options.keyGapMs ?? 2) / 1000;
  const start = options.startAt === undefined ? Date.now() / 1000 : scanner.clock + options.startAt / 1000;
  let t = Math.max(start, scanner.clock + gap);
  scanner.clock = t;
  // Sent all at once, as the device does: the browser queues them while the page is busy (a real
  // scanner does not wait for the page either), each stamped with its own time.
  const sent: Promise<unknown>[] = [];
  for (const ch of code) {
    sent.push(scanner.cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch, timestamp: t }));
    sent.push(scanner.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch, timestamp: t + gap / 4 }));
    t += gap;
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13, timestamp: t };
  sent.push(scanner.cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', unmodifiedText: '\r', ...enter }));
  sent.push(scanner.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }));
  await Promise.all(sent);
}
