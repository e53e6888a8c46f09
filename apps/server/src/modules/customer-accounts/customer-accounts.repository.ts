/** SQL for customer accounts, each answered with its client's id and name. Every function takes `db`, which may be a transaction. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CustomerAccountDropDownQuery, CustomerAccountListQuery } from '@cooler-hub/contract/customers';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions, versionOf } from '../../db/versions';
import { containsText, findPage, orderByOf } from '../../db/paging';
import { CATALOG } from '../../db/list-counts';
import { removeUnlessUsed } from '../../db/remove-unused';
import { clients, customerAccounts } from '../../db/schema';

export type CustomerAccountValues = Omit<typeof customerAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'updatedBy'>;

const accountFields = {
  id: customerAccounts.id,
  name: customerAccounts.name,
  contactPerson: customerAccounts.contactPerson,
  email: customerAccounts.email,
  telephone: customerAccounts.telephone,
  deliveryAddress: customerAccounts.deliveryAddress,
  billingAddress: customerAccounts.billingAddress,
  client: { id: clients.id, name: clients.name },
};

const SORT_COLUMNS = {
  id: customerAccounts.id,
  name: sql`lower(${customerAccounts.name})`,
  email: sql`lower(${customerAccounts.email})`,
  telephone: customerAccounts.telephone,
  contactPerson: sql`lower(${customerAccounts.contactPerson})`,
} as const;

const withClient = (db: Db) =>
  db.select(accountFields).from(customerAccounts).innerJoin(clients, eq(clients.id, customerAccounts.clientId));

export type CustomerAccountRow = Awaited<ReturnType<typeof withClient>>[number];

function whereOf(query: { name?: string | undefined; client?: number | undefined }): SQL | undefined {
  const filters: SQL[] = [];
  if (query.name) filters.push(containsText(customerAccounts.name, query.name));
  if (query.client !== undefined) filters.push(eq(customerAccounts.clientId, query.client));
  return filters.length ? and(...filters) : undefined;
}

export function listCustomerAccounts(db: Db, query: CustomerAccountListQuery) {
  const orderBy = orderByOf(query.order, SORT_COLUMNS, 'name', customerAccounts.id);
  return findPage(db, withClient(db).$dynamic(), customerAccounts, whereOf(query), orderBy, query, CATALOG);
}

/** The dropdown of docs/product.md §7: id and name, by name. */
export function listCustomerAccountOptions(db: Db, query: CustomerAccountDropDownQuery) {
  const options = db.select({ id: customerAccounts.id, name: customerAccounts.name }).from(customerAccounts).$dynamic();
  const orderBy = orderByOf(undefined, SORT_COLUMNS, 'name', customerAccounts.id);
  return findPage(db, options, customerAccounts, whereOf(query), orderBy, query, CATALOG);
}

export async function findCustomerAccount(db: Db, id: number): Promise<CustomerAccountRow | undefined> {
  const [row] = await withClient(db).where(eq(customerAccounts.id, id));
  return row;
}

/** The account's own columns as answered (its client is joined by the caller, who already has it). */
const { client: _client, ...accountOnly } = accountFields;
// A write answers the row and its new version from its own statement (docs/decisions/200).
const ownFields = { ...accountOnly, version: versionOf(customerAccounts) };
export type StoredAccount = Omit<CustomerAccountRow, 'client'> & { version: string };

export async function insertCustomerAccount(db: Db, values: CustomerAccountValues): Promise<StoredAccount> {
  const [row] = await db.insert(customerAccounts).values(values).returning(ownFields);
  if (!row) throw new Error('insert into customer_accounts returned no row');
  return row;
}

export async function updateCustomerAccount(
  db: Db,
  id: number,
  values: CustomerAccountValues,
  by: { username: string },
): Promise<StoredAccount | undefined> {
  const [row] = await db
    .update(customerAccounts)
    .set({ ...values, ...nextVersion(customerAccounts, by) })
    .where(eq(customerAccounts.id, id))
    .returning(ownFields);
  return row;
}

export const versions = tableVersions(customerAccounts);

/** Deleted only while no other row uses it (db/remove-unused). */
export function removeCustomerAccount(db: Db, id: number): Promise<void> {
  return removeUnlessUsed(db, customerAccounts, customerAccounts.id, id);
}
