/**
 * SQL an import matches a spreadsheet's names against (docs/decisions/258): the small reference tables
 * read whole once per run, the large ones (customer accounts, part numbers) by a batch's names.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inKeys } from '../../db/paging';
import { clients, collectionPoints, customerAccounts, partNumbers, scrapReasons, suppliers } from '../../db/schema';

export interface NamedRecord {
  id: number | string;
  /** The names a cell may give it, e.g. a scrap reason's code and its reason. */
  names: string[];
}

const named = (rows: { id: number | string; name: string }[]): NamedRecord[] => rows.map((r) => ({ id: r.id, names: [r.name] }));

export async function allSuppliers(db: Db): Promise<NamedRecord[]> {
  return named(await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers));
}

export async function allCollectionPoints(db: Db): Promise<NamedRecord[]> {
  return named(await db.select({ id: collectionPoints.id, name: collectionPoints.name }).from(collectionPoints));
}

export async function allClients(db: Db): Promise<NamedRecord[]> {
  return named(await db.select({ id: clients.id, name: clients.name }).from(clients));
}

export async function allScrapReasons(db: Db): Promise<{ id: number; code: number; reason: string }[]> {
  return db.select({ id: scrapReasons.id, code: scrapReasons.code, reason: scrapReasons.reason }).from(scrapReasons);
}

/** A customer account answers to its name and to its number (its id). */
export async function allCustomerAccounts(db: Db): Promise<NamedRecord[]> {
  const rows = await db.select({ id: customerAccounts.id, name: customerAccounts.name }).from(customerAccounts);
  return rows.map((r) => ({ id: r.id, names: [r.name, String(r.id)] }));
}

export async function allPartNumbers(db: Db): Promise<NamedRecord[]> {
  return named(await db.select({ id: partNumbers.id, name: partNumbers.partNumber }).from(partNumbers));
}

export type AccountRecord = typeof customerAccounts.$inferSelect & { clientName: string };

/** The customer accounts with these names, ignoring case (an import's batch), with their client's name. */
export async function accountsNamed(db: Db, names: string[], lock: boolean): Promise<AccountRecord[]> {
  if (names.length === 0) return [];
  const rows = db
    .select({ account: customerAccounts, clientName: clients.name })
    .from(customerAccounts)
    .innerJoin(clients, eq(clients.id, customerAccounts.clientId))
    .where(
      inKeys(
        sql`lower(${customerAccounts.name})`,
        names.map((n) => n.toLowerCase()),
        'text',
      ),
    );
  const found = await (lock ? rows.for('update', { of: customerAccounts }) : rows);
  return found.map((r) => ({ ...r.account, clientName: r.clientName }));
}

export type PartNumberRecord = typeof partNumbers.$inferSelect;

/** The part numbers with these codes, ignoring case (an import's batch). */
export async function partNumbersCoded(db: Db, codes: string[], lock: boolean): Promise<PartNumberRecord[]> {
  if (codes.length === 0) return [];
  const rows = db
    .select()
    .from(partNumbers)
    .where(
      inKeys(
        sql`lower(${partNumbers.partNumber})`,
        codes.map((c) => c.toLowerCase()),
        'text',
      ),
    );
  return lock ? rows.for('update') : rows;
}
