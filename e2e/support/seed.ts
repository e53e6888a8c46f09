/**
 * The data the specs start from, made through the real API as the screens make it: users, clients
 * and customer accounts, part numbers and coolers, receipts (one body, `receiptBody`) and delivery
 * notes. Whatever a spec finds it made itself — its own names and numbers from `unique` and
 * `uniqueLbNumber`, its own customer account — so it finds exactly its rows whatever else the shared
 * e2e database holds, and any number of workers and reruns can share that database.
 */
import { randomUUID } from 'node:crypto';
import type { ListResponse, NamedRef } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Client, CustomerAccount, CustomerAccountBody } from '@cooler-hub/contract/customers';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import type { DeliveryLine } from '@cooler-hub/contract/delivery-lines';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import type { Role } from '@cooler-hub/contract/permissions';
import type { Receipt, ReceiptCreateInput } from '@cooler-hub/contract/receipts';
import type { CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import type { HubUser } from '@cooler-hub/contract/users';
import type { Api } from './fixtures';

// ── unique names and numbers ─────────────────────────────────────────────────────────────────────

/** Playwright numbers its worker processes; two workers running at once never share an index. */
const WORKER = String(Number(process.env.TEST_WORKER_INDEX ?? 0) % 1000).padStart(3, '0');
let lastMs = 0;

/**
 * Digits no other call makes: this process's millisecond clock, moved on by one whenever two calls
 * fall in the same millisecond (so the numbers grow in the order they are made), then the worker's
 * index. Another worker differs in the last three digits; a rerun on the same database starts at a
 * later millisecond.
 */
function uniqueDigits(): string {
  lastMs = Math.max(Date.now(), lastMs + 1);
  return `${lastMs}${WORKER}`;
}

/** `prefix` and a suffix no other call makes (letters and digits). */
export function unique(prefix: string): string {
  return `${prefix}${BigInt(uniqueDigits()).toString(36)}`;
}

/** An LB number no other call makes: 'LB' and 16 digits, growing in the order they are made. */
export function uniqueLbNumber(): string {
  return `LB${uniqueDigits()}`;
}

const MAX_INT32 = 2_147_483_647;
const FIRST_SEEDED_CODE = 100_000;

/**
 * A whole number of at least 100,000 that fits a 32-bit column (scrap reason codes). Distinct for
 * calls less than 35 minutes apart: the unique digits taken modulo what is left of the range.
 */
function uniqueCode(): number {
  return FIRST_SEEDED_CODE + Number(BigInt(uniqueDigits()) % BigInt(MAX_INT32 - FIRST_SEEDED_CODE));
}

// ── users ────────────────────────────────────────────────────────────────────────────────────────

export interface UserSeed {
  username: string;
  email: string;
  role: Role;
  plainPassword: string;
  color: string | null;
}

/** A user (a new name, Production, 'Password-123' unless overridden) and the password to sign in with. */
export async function createUser(api: Api, overrides: Partial<UserSeed> = {}): Promise<HubUser & { password: string }> {
  const username = overrides.username ?? unique('user');
  const body: UserSeed = {
    username,
    email: `${username}@example.com`,
    role: 'Production',
    plainPassword: 'Password-123',
    color: null,
    ...overrides,
  };
  const user = await api.post<HubUser>('/api/hub_users', body);
  return { ...user, password: body.plainPassword };
}

// ── clients and customer accounts ────────────────────────────────────────────────────────────────

export function createClient(api: Api, name = unique('Client ')): Promise<Client> {
  return api.post<Client>('/api/clients', { name });
}

/** A customer account of `client` (a new one when not given), a new name and no contact details unless overridden. */
export async function createCustomerAccount(
  api: Api,
  overrides: Partial<Omit<CustomerAccountBody, 'client'>> & { client?: Pick<Client, 'id'> } = {},
): Promise<CustomerAccount> {
  const { client = await createClient(api), ...fields } = overrides;
  return api.post<CustomerAccount>('/api/customer_accounts', {
    name: unique('Account '),
    contactPerson: null,
    email: null,
    telephone: null,
    deliveryAddress: null,
    billingAddress: null,
    ...fields,
    client: client.id,
  });
}

// ── part numbers and coolers ─────────────────────────────────────────────────────────────────────

export function createPartNumber(api: Api, partNumber = unique('PN-')): Promise<PartNumber> {
  return api.post<PartNumber>('/api/part_numbers', { id: randomUUID(), partNumber, description: null });
}

export interface CoolerSeed {
  /** Its part number; a new one when not given. */
  part?: PartNumber;
  serialNumber?: string;
  /** 'YYYY-MM-DD'; 2019-06-14 unless given. */
  dateOfManufacture?: string;
}

export async function createCooler(api: Api, options: CoolerSeed = {}): Promise<Cooler> {
  const part = options.part ?? (await createPartNumber(api));
  return api.post<Cooler>('/api/coolers', {
    id: randomUUID(),
    serialNumber: options.serialNumber ?? unique('SN-'),
    partNumber: part.id,
    dateOfManufacture: options.dateOfManufacture ?? '2019-06-14',
    modelNumber: null,
  });
}

// ── receipts ─────────────────────────────────────────────────────────────────────────────────────

/** What a receipt refers to besides its cooler: a seeded supplier, and a new client, account, point and scrap reason. */
export interface ReceiptWorld {
  supplier: NamedRef;
  client: Client;
  account: CustomerAccount;
  collectionPoint: CollectionPoint;
  scrapReason: ScrapReason;
}

export async function receiptWorld(api: Api): Promise<ReceiptWorld> {
  const [supplier] = (await api.get<ListResponse<NamedRef>>('/api/suppliers?page=1')).items;
  if (!supplier) throw new Error('no supplier is seeded');
  const client = await createClient(api);
  const account = await createCustomerAccount(api, { client });
  const collectionPoint = await api.post<CollectionPoint>('/api/collection_points/create', { name: unique('Depot ') });
  const scrapReason = await api.post<ScrapReason>('/api/scrap_reasons/create', { number: uniqueCode(), name: unique('Reason ') });
  return { supplier, client, account, collectionPoint, scrapReason };
}

/** Received from an engineer (engineer number ENG-1) rather than at the world's collection point. */
export const BY_ENGINEER = { collectionPoint: null, engineerNo: 'ENG-1' } as const satisfies Partial<ReceiptCreateInput>;

/** A scrapped cooler's receipt: process option S with the world's scrap reason. */
export function scrapped(world: ReceiptWorld) {
  return { processOption: 'S', scrapReason: world.scrapReason.code } as const satisfies Partial<ReceiptCreateInput>;
}

/** The body of a receipt of `cooler`: received now at the world's collection point, option X, a new LB number — unless overridden. */
export function receiptBody(
  world: ReceiptWorld,
  cooler: Pick<Cooler, 'id'>,
  overrides: Partial<ReceiptCreateInput> = {},
): ReceiptCreateInput {
  return {
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
}

export function createReceipt(
  api: Api,
  world: ReceiptWorld,
  cooler: Pick<Cooler, 'id'>,
  overrides: Partial<ReceiptCreateInput> = {},
): Promise<Receipt> {
  return api.post<Receipt>('/api/receipts', receiptBody(world, cooler, overrides));
}

export interface SeededReceipt {
  receipt: Receipt;
  cooler: Cooler;
  world: ReceiptWorld;
}

/** A receipt of a new cooler (of a new part number), in `world` or a new one; the body's fields as `receiptBody` unless overridden. */
export async function seedReceipt(api: Api, options: Partial<ReceiptCreateInput> & { world?: ReceiptWorld } = {}): Promise<SeededReceipt> {
  const { world = await receiptWorld(api), ...overrides } = options;
  const cooler = await createCooler(api);
  return { receipt: await createReceipt(api, world, cooler, overrides), cooler, world };
}

/** `count` receipts of new coolers in `world` (each as `seedReceipt` makes it); their LB numbers in order. */
export async function seedLbNumbers(
  api: Api,
  world: ReceiptWorld,
  count: number,
  overrides: Partial<ReceiptCreateInput> = {},
): Promise<string[]> {
  const lbNumbers: string[] = [];
  for (let i = 0; i < count; i += 1) lbNumbers.push((await seedReceipt(api, { world, ...overrides })).receipt.lbNumber);
  return lbNumbers;
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

// ── delivery notes ───────────────────────────────────────────────────────────────────────────────

/** A new recipient address (stored lower-cased by the server). */
export function createDeliveryEmail(api: Api, address = `${unique('dn')}@example.com`.toLowerCase()): Promise<DeliveryEmail> {
  return api.post<DeliveryEmail>('/api/delivery-emails/create', { email: address });
}

export interface SeededDelivery {
  note: Delivery;
  receipts: Receipt[];
  world: ReceiptWorld;
  /** The recipient address (transfers and scraps); mails to it are this note's alone. */
  email: string;
}

export interface DeliverySeed {
  type?: DeliveryType;
  /** How many receipts (LB numbers) the note holds; default 2. */
  items?: number;
  /** 'YYYY-MM-DD'; default today. */
  deliveryDay?: string;
  /** Reuse one world (account, supplier…) across notes. */
  world?: ReceiptWorld;
  /** The recipient's address; a new one by default. */
  email?: string;
}

/**
 * A pending note of `type` (transfer unless given) as the create screen makes it: `items` receipts
 * of new coolers of one new part number, a new recipient, then POST /api/deliveries with their LB
 * numbers. The mails it causes are read by inbox.ts.
 */
export async function seedDelivery(api: Api, options: DeliverySeed = {}): Promise<SeededDelivery> {
  const type = options.type ?? 'transfer';
  const world = options.world ?? (await receiptWorld(api));
  const part = await createPartNumber(api);
  const receipts: Receipt[] = [];
  for (let i = 0; i < (options.items ?? 2); i += 1) receipts.push(await createReceipt(api, world, await createCooler(api, { part })));
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

export function approveDelivery(api: Api, id: number) {
  return api.post<{ id: number; status: string }>(`/api/deliveries/${id}/approve`, undefined);
}

/** The note as the server holds it now. */
export function storedDelivery(api: Api, id: number) {
  return api.get<Delivery>(`/api/deliveries/${id}`);
}

export async function deliveryLines(api: Api, deliveryId: number): Promise<DeliveryLine[]> {
  return (await api.get<ListResponse<DeliveryLine>>(`/api/delivery_lines?deliveryId=${deliveryId}&page=1`)).items;
}
