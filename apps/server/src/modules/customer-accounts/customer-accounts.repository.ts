/** SQL for customer accounts, each answered with its client's id and name. Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { NamedRef } from '@cooler-hub/contract/common';
import type { CustomerAccount, CustomerAccountDropDownQuery, CustomerAccountListQuery } from '@cooler-hub/contract/customers';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions, versionOf } from '../../db/versions';
import { aliased, containsFilter, equalsFilter, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { CATALOG } from '../../db/list-counts';
import { removeUnlessUsed } from '../../db/remove-unused';
import { clients, customerAccounts } from '../../db/schema';

export type CustomerAccountValues = Omit<typeof customerAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'updatedBy'>;

/** The account's own columns; with its client's id and name, what an account answers. */
const accountColumns = {
  id: customerAccounts.id,
  name: customerAccounts.name,
  contactPerson: customerAccounts.contactPerson,
  email: customerAccounts.email,
  telephone: customerAccounts.telephone,
  deliveryAddress: customerAccounts.deliveryAddress,
  billingAddress: customerAccounts.billingAddress,
};
const accountFields = { ...accountColumns, client: { id: clients.id, name: clients.name } };

const withClient = (db: Db) =>
  db.select(accountFields).from(customerAccounts).innerJoin(clients, eq(clients.id, customerAccounts.clientId));

export type CustomerAccountRow = Awaited<ReturnType<typeof withClient>>[number];

const sorts = {
  id: { by: customerAccounts.id, unique: true },
  name: { by: sql`lower(${customerAccounts.name})` },
  email: { by: sql`lower(${customerAccounts.email})` },
  telephone: { by: customerAccounts.telephone },
  contactPerson: { by: sql`lower(${customerAccounts.contactPerson})` },
};
const nameFilter = containsFilter(customerAccounts.name, 'name', (query: { name?: string | undefined }) => query.name);

type AccountRow = Omit<CustomerAccount, 'client'> & { clientId: number; clientName: string };
const listed: ListDefinition<CustomerAccountListQuery, AccountRow, CustomerAccount> = {
  name: 'customer_accounts',
  list: CATALOG,
  columns: aliased({ ...accountColumns, clientId: clients.id, clientName: clients.name }),
  from: sql`${customerAccounts} inner join ${clients} on ${clients.id} = ${customerAccounts.clientId}`,
  countFrom: sql`${customerAccounts}`,
  filters: {
    name: nameFilter,
    client: equalsFilter(customerAccounts.clientId, 'client', (query: CustomerAccountListQuery) => query.client),
  },
  sorts,
  sortOf: sortOfOrder('name'),
  tieBreak: customerAccounts.id,
  item: (row) => ({
    id: row.id,
    name: row.name,
    contactPerson: row.contactPerson,
    email: row.email,
    telephone: row.telephone,
    deliveryAddress: row.deliveryAddress,
    billingAddress: row.billingAddress,
    client: { id: row.clientId, name: row.clientName },
  }),
};

/** The dropdown of docs/product.md §7: id and name, by name. */
const options: ListDefinition<CustomerAccountDropDownQuery, NamedRef, NamedRef> = {
  name: 'customer_account_options',
  list: CATALOG,
  columns: aliased({ id: customerAccounts.id, name: customerAccounts.name }),
  from: sql`${customerAccounts}`,
  countFrom: sql`${customerAccounts}`,
  filters: { name: nameFilter },
  sorts,
  sortOf: () => ['name', 'asc'],
  tieBreak: customerAccounts.id,
  item: (row) => ({ id: row.id, name: row.name }),
};

export function listCustomerAccounts(db: Db, query: CustomerAccountListQuery) {
  return listPage(db, listed, query);
}

export function listCustomerAccountOptions(db: Db, query: CustomerAccountDropDownQuery) {
  return listPage(db, options, query);
}

export async function findCustomerAccount(db: Db, id: number): Promise<CustomerAccountRow | undefined> {
  const [row] = await withClient(db).where(eq(customerAccounts.id, id));
  return row;
}

// A write answers the account's own columns (its client is joined by the caller, who already has it)
// and its new version from its own statement (docs/decisions/200).
const ownFields = { ...accountColumns, version: versionOf(customerAccounts) };
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
