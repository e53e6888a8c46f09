/** SQL for delivery e-mails (recipients). Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { DeliveryEmail, DeliveryEmailDropDownQuery } from '@cooler-hub/contract/delivery-emails';
import type { Db } from '../../db/client';
import { containsText, findPage, ordering } from '../../db/paging';
import { CATALOG } from '../../db/list-counts';
import { customerAccounts, deliveryEmails } from '../../db/schema';

const fields = { id: deliveryEmails.id, email: deliveryEmails.email };

export function listDeliveryEmails(db: Db, query: DeliveryEmailDropDownQuery) {
  const where = query.searchEmail ? containsText(deliveryEmails.email, query.searchEmail) : undefined;
  const rows = db.select(fields).from(deliveryEmails).$dynamic();
  return findPage(
    db,
    rows,
    deliveryEmails,
    where,
    ordering([
      [sql`lower(${deliveryEmails.email})`, 'asc'],
      [deliveryEmails.id, 'asc'],
    ]),
    query,
    CATALOG,
  );
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
