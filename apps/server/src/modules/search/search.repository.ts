/**
 * SQL of the top-bar search (docs/decisions/249). Exact lookups go through unique indexes
 * (receipts_lb_number_unique, coolers_serial_number_unique, the notes' primary key); partial ones
 * through the trigram indexes on lower(lb_number), lower(serial_number) and lower(part_number),
 * ordered by the btree that already orders those columns, so LIMIT stops early. Clients and
 * customer accounts have no trigram index: they are reference-data sized and scanned.
 */
import { asc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText } from '../../db/paging';
import { clients, coolers, customerAccounts, deliveries, partNumbers, receipts } from '../../db/schema';

const receiptFields = { id: receipts.id, lbNumber: receipts.lbNumber, serialNumber: coolers.serialNumber };
const coolerFields = { id: coolers.id, serialNumber: coolers.serialNumber, partNumber: partNumbers.partNumber };
const noteFields = { id: deliveries.id, type: deliveries.type, status: deliveries.status, customer: customerAccounts.name };

const selectReceipts = (db: Db) => db.select(receiptFields).from(receipts).innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId));
const selectCoolers = (db: Db) => db.select(coolerFields).from(coolers).innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId));
const selectNotes = (db: Db) => db.select(noteFields).from(deliveries).leftJoin(customerAccounts, eq(customerAccounts.id, deliveries.customerAccountId));

export type ReceiptHitRow = Awaited<ReturnType<typeof selectReceipts>>[number];
export type CoolerHitRow = Awaited<ReturnType<typeof selectCoolers>>[number];
export type NoteHitRow = Awaited<ReturnType<typeof selectNotes>>[number];

/** The receipt whose LB number is exactly `lbNumber` (stored upper-cased). */
export function receiptByLbNumber(db: Db, lbNumber: string): Promise<ReceiptHitRow[]> {
  return selectReceipts(db).where(eq(receipts.lbNumber, lbNumber)).limit(1);
}

/** 'LB' and digits, maybe none yet: the start of an LB number as a person types or a scanner sends it. */
const LB_NUMBER_START = /^LB\d*$/;

/**
 * Receipts whose LB number contains `text`, in LB order. An LB number is 'LB' and digits, so a text
 * of that shape can only be its start: the matches are one run of receipts_lb_number_unique from
 * the text on, and the first `limit` rows there are the answer once those not starting with it are
 * dropped (a few index entries, where the trigram index reads every LB number sharing 'lb1',
 * 'b10', … — thousands). Any other text is searched "contains" by the trigram index.
 */
export async function receiptsContaining(db: Db, text: string, limit: number): Promise<ReceiptHitRow[]> {
  const start = text.toUpperCase();
  if (LB_NUMBER_START.test(start)) {
    const run = await selectReceipts(db).where(gte(receipts.lbNumber, start)).orderBy(asc(receipts.lbNumber)).limit(limit);
    return run.filter((r) => r.lbNumber.startsWith(start));
  }
  return selectReceipts(db).where(containsText(receipts.lbNumber, text)).orderBy(asc(receipts.lbNumber)).limit(limit);
}

/** The cooler whose serial is `serial`, any case (serials are unique regardless of case). */
export function coolerBySerial(db: Db, serial: string): Promise<CoolerHitRow[]> {
  return selectCoolers(db).where(sql`lower(${coolers.serialNumber}) = lower(${serial})`).limit(1);
}

export function coolersContaining(db: Db, text: string, limit: number): Promise<CoolerHitRow[]> {
  return selectCoolers(db).where(containsText(coolers.serialNumber, text)).orderBy(sql`lower(${coolers.serialNumber})`).limit(limit);
}

export function noteById(db: Db, id: number): Promise<NoteHitRow[]> {
  return selectNotes(db).where(eq(deliveries.id, id)).limit(1);
}

/** Largest note id a prefix is widened to: the int4 primary key. */
const MAX_NOTE_ID = 2_147_483_647;

/**
 * Notes whose number starts with the digits of `prefix` and is longer: 54 → 540–549, 5400–5499, …
 * — ranges of the primary key, so an index serves them (a cast to text would not).
 */
export function notesStartingWith(db: Db, prefix: number, limit: number): Promise<NoteHitRow[]> {
  const ranges: SQL[] = [];
  for (let low = prefix * 10, width = 10; low <= MAX_NOTE_ID; low *= 10, width *= 10) {
    ranges.push(sql`${deliveries.id} between ${low} and ${Math.min(low + width - 1, MAX_NOTE_ID)}`);
  }
  if (ranges.length === 0) return Promise.resolve([]);
  return selectNotes(db)
    .where(or(...ranges))
    .orderBy(asc(deliveries.id))
    .limit(limit);
}

export function customerAccountsContaining(db: Db, text: string, limit: number) {
  return db
    .select({ id: customerAccounts.id, name: customerAccounts.name, client: clients.name })
    .from(customerAccounts)
    .innerJoin(clients, eq(clients.id, customerAccounts.clientId))
    .where(containsText(customerAccounts.name, text))
    .orderBy(sql`lower(${customerAccounts.name})`, asc(customerAccounts.id))
    .limit(limit);
}

export function clientsContaining(db: Db, text: string, limit: number) {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(containsText(clients.name, text))
    .orderBy(sql`lower(${clients.name})`)
    .limit(limit);
}

export function partNumbersContaining(db: Db, text: string, limit: number) {
  return db
    .select({ id: partNumbers.id, partNumber: partNumbers.partNumber, description: partNumbers.description })
    .from(partNumbers)
    .where(containsText(partNumbers.partNumber, text))
    .orderBy(sql`lower(${partNumbers.partNumber})`)
    .limit(limit);
}
