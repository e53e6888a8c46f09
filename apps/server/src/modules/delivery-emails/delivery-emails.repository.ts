/** SQL for delivery e-mails (recipients). Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { DeliveryEmail, DeliveryEmailDropDownQuery } from '@cooler-hub/contract/delivery-emails';
import type { Db } from '../../db/client';
import { aliased, containsFilter, listPage, type ListDefinition } from '../../db/list-statements';
import { CATALOG } from '../../db/list-counts';
import { customerAccounts, deliveryEmails } from '../../db/schema';

const fields = { id: deliveryEmails.id, email: deliveryEmails.email };

const listed: ListDefinition<DeliveryEmailDropDownQuery, DeliveryEmail, DeliveryEmail> = {
  name: 'delivery_emails',
  list: CATALOG,
  columns: aliased(fields),
  from: sql`${deliveryEmails}`,
  countFrom: sql`${deliveryEmails}`,
  filters: { searchEmail: containsFilter(deliveryEmails.email, 'searchEmail', (query: DeliveryEmailDropDownQuery) => query.searchEmail) },
  sorts: { email: { by: sql`lower(${deliveryEmails.email})` } },
  sortOf: () => ['email', 'asc'],
  tieBreak: deliveryEmails.id,
  item: (row) => ({ id: row.id, email: row.email }),
};

export function listDeliveryEmails(db: Db, query: DeliveryEmailDropDownQuery) {
  return listPage(db, listed, query);
}

/** The row of `email` (lower-cased), created when there is none; the unique index decides a race. */
export async function findOrCreateEmail(db: Db, email: string): Promise<{ row: DeliveryEmail; created: boolean }> {
  const [inserted] = await db.insert(deliveryEmails).values({ email }).onConflictDoNothing().returning(fields);
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select(fields)
    .from(deliveryEmails)
    .where(eq(sql`lower(${deliveryEmails.email})`, email.toLowerCase()));
  if (!existing) throw new Error('the delivery e-mail is neither new nor stored');
  return { row: existing, created: false };
}

/** undefined: no such account; null: an account without an e-mail. */
export async function accountEmail(db: Db, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ email: customerAccounts.email }).from(customerAccounts).where(eq(customerAccounts.id, id));
  return row === undefined ? undefined : row.email;
}
