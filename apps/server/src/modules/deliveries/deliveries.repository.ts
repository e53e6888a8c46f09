/**
 * SQL for delivery notes. Every function takes `db`, which may be a transaction. A note's names
 * (account, addresses, CC code, recipients) are scalar subqueries by
 * key, as the receipts list does (docs/decisions/274): a page of 20 notes costs 20 small probes each.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SortDirection } from '@cooler-hub/contract/common';
import type { DeliveryListQuery, DeliveryStatus } from '@cooler-hub/contract/deliveries';
import type { DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import type { LbCheckReceipt } from '@cooler-hub/contract/lb-numbers';
import type { ProcessOption } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import {
  aliased,
  conditionsOf,
  equalsFilter,
  listPage,
  listTotal,
  shapeOf,
  sortOfOrder,
  type ListDefinition,
} from '../../db/list-statements';
import { DELIVERIES } from '../../db/list-counts';
import { idsForPlan, inOrderOf, nameStatement, preparedPerDb, selectNamedRows, type NamedStatement } from '../../db/rows';
import { nextVersion, tableVersions } from '../../db/versions';
import { offsetOf } from '../../lib/list';
import {
  ccCodes,
  coolers,
  customerAccounts,
  deliveries,
  deliveryAddresses,
  deliveryEmails,
  deliveryLines,
  deliveryRecipients,
  partNumbers,
  receipts,
} from '../../db/schema';
import { isExclusiveTypeSql } from '../../db/exclusive-types';

/**
 * The outer row's column, always qualified: drizzle writes a one-table select's columns bare ("id"),
 * which inside a subquery would name the subquery's own table.
 */
const outer = (column: string) => sql.raw(`"deliveries"."${column}"`);

const addressOf = (column: string) =>
  sql<DeliveryAddress | null>`(select json_build_object('id', a.id, 'address', a.address, 'addressTarget', a.address_target)
    from ${deliveryAddresses} a where a.id = ${outer(column)})`;

export const deliveryFields = {
  id: deliveries.id,
  type: deliveries.type,
  status: deliveries.status,
  deliveryDay: deliveries.deliveryDay,
  itemsCount: deliveries.itemsCount,
  createdAt: deliveries.createdAt,
  approvedAt: deliveries.approvedAt,
  customerAccountId: deliveries.customerAccountId,
  customerAccountName: sql<string | null>`(select ca.name from ${customerAccounts} ca where ca.id = ${outer('customer_account_id')})`,
  businessName: deliveries.businessName,
  dispatchAddress: addressOf('dispatch_address_id'),
  invoiceAddress: addressOf('invoice_address_id'),
  ccCode: sql<{ id: string; code: string; name: string } | null>`(select json_build_object('id', c.id, 'code', c.code, 'name', c.name)
    from ${ccCodes} c where c.id = ${outer('cc_code_id')})`,
  emails: sql<DeliveryEmail[]>`coalesce((select json_agg(json_build_object('id', e.id, 'email', e.email) order by e.email)
    from ${deliveryRecipients} dr join ${deliveryEmails} e on e.id = dr.delivery_email_id where dr.delivery_id = ${outer('id')}), '[]'::json)`,
  emailDeliveredAt: deliveries.emailDeliveredAt,
  emailViewedAt: deliveries.emailViewedAt,
  emailFailedAt: deliveries.emailFailedAt,
  emailFailureReason: deliveries.emailFailureReason,
};

const withNames = (db: Db) => db.select(deliveryFields).from(deliveries);
export type DeliveryRow = Awaited<ReturnType<typeof withNames>>[number];

/** A list's query with the type of notes it lists. */
type TypedListQuery = DeliveryListQuery & { type: DeliveryType };

/**
 * The ids of one page of one list (a type), newest first by default: chosen on `deliveries` alone,
 * then only those notes get their names — OFFSET would otherwise compute every subquery of every
 * row it skips (docs/decisions/150). The total is remembered under the notes' list version
 * (docs/decisions/285, 286).
 */
const listedIds: ListDefinition<TypedListQuery, { id: number }, number> = {
  name: 'deliveries',
  list: DELIVERIES,
  columns: aliased({ id: deliveries.id }),
  from: sql`${deliveries}`,
  countFrom: sql`${deliveries}`,
  filters: {
    type: equalsFilter(deliveries.type, 'type', (query: TypedListQuery) => query.type),
    status: equalsFilter(deliveries.status, 'status', (query: TypedListQuery) => query.status),
    approved: equalsFilter(deliveries.status, 'approved', (query: TypedListQuery) =>
      query.approved === undefined ? undefined : query.approved ? 'approved' : 'pending',
    ),
    customerAccount: equalsFilter(deliveries.customerAccountId, 'customerAccount', (query: TypedListQuery) => query.customerAccount),
  },
  sorts: {
    id: { by: deliveries.id, unique: true },
    createdAt: { by: deliveries.createdAt },
    deliveryDay: { by: deliveries.deliveryDay },
    itemsCount: { by: deliveries.itemsCount },
    status: { by: deliveries.status },
  },
  sortOf: sortOfOrder('id', 'desc'),
  tieBreak: deliveries.id,
  item: (row) => row.id,
};

/** One list (a type): a page of notes with everything they show, and the number matching. */
export async function listDeliveries(
  db: Db,
  type: DeliveryType,
  query: DeliveryListQuery,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const typed = { ...query, type };
  const [field, direction] = listedIds.sortOf(typed);
  if (field === 'customerAccount') {
    const offset = offsetOf(query);
    const ids = await idsByAccountName(db, typed, direction, offset, query.perPage);
    const total = offset === 0 && ids.length < query.perPage ? ids.length : await listTotal(db, listedIds, typed);
    return { rows: await deliveriesInOrder(db, ids), total };
  }
  const page = await listPage(db, listedIds, typed);
  return { rows: await deliveriesInOrder(db, page.rows), total: page.total };
}

/**
 * A page sorted by the customer account's name, then the account, then the note (docs/decisions/150):
 * the accounts are walked in name order (their lower(name), id index) and each one's notes read by
 * (customer_account_id, id), so only the page's rows are touched, instead of joining and sorting
 * every note of the type. Notes without an account come last ascending, first descending (PostgreSQL's
 * order for nulls), as a second run; each run is limited itself, so each is planned to start fast.
 */
async function idsByAccountName(db: Db, query: TypedListQuery, direction: SortDirection, offset: number, limit: number): Promise<number[]> {
  const { values, present, filterKey } = shapeOf(listedIds, query);
  const key = `${filterKey}|${direction}`;
  let statement = byAccountName.get(key);
  if (!statement) {
    const dir = sql.raw(direction);
    const upTo = sql`(${sql.placeholder('offset')}::int + ${sql.placeholder('limit')}::int)`;
    // The list's own filters, on `deliveries` (the type always among them).
    const matches = conditionsOf(listedIds, present);
    const withAccount = sql`select x.id from ${customerAccounts} ca cross join lateral (
        select ${deliveries.id} as id from ${deliveries} where ${deliveries.customerAccountId} = ca.id and ${matches}
      ) x order by lower(ca.name) ${dir}, ca.id ${dir}, x.id ${dir} limit ${upTo}`;
    const withoutAccount = sql`select ${deliveries.id} as id from ${deliveries} where ${deliveries.customerAccountId} is null and ${matches}
      order by ${deliveries.id} ${dir} limit ${upTo}`;
    const [first, second] = direction === 'desc' ? [withoutAccount, withAccount] : [withAccount, withoutAccount];
    statement = nameStatement(
      db,
      sql`select id from ((${first}) union all (${second})) page limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    );
    byAccountName.set(key, statement);
  }
  const rows = await selectNamedRows<{ id: number }>(db, statement, { ...values, offset, limit });
  return rows.map((r) => Number(r.id));
}
/** The statements of idsByAccountName, by filters and direction. */
const byAccountName = new Map<string, NamedStatement>();

/**
 * The notes of `ids` with everything they show, in the order of `ids`: one statement text whatever
 * the ids, prepared by name, so PostgreSQL plans it once per connection.
 */
const byIds = preparedPerDb((db) =>
  withNames(db)
    .where(sql`${deliveries.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('deliveries_by_ids'),
);

async function deliveriesInOrder(db: Db, ids: number[]): Promise<DeliveryRow[]> {
  return ids.length === 0 ? [] : inOrderOf(ids, await byIds(db).execute({ ids: idsForPlan(ids, 0) }));
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await withNames(db).where(eq(deliveries.id, id));
  return row;
}

/** The note's type and status, locked until the transaction ends. */
export async function lockDelivery(
  tx: Db,
  id: number,
): Promise<{ id: number; type: DeliveryType; status: DeliveryStatus; itemsCount: number } | undefined> {
  const [row] = await tx
    .select({ id: deliveries.id, type: deliveries.type, status: deliveries.status, itemsCount: deliveries.itemsCount })
    .from(deliveries)
    .where(eq(deliveries.id, id))
    .for('update');
  return row;
}

/** The LB numbers of a note, in the order they were added. */
/**
 * The note a create with this client key made, under a lock on the key for the rest of the
 * transaction: a second request with the key waits for the first to commit, then finds its note.
 */
export async function lockClientKey(tx: Db, clientKey: string): Promise<{ id: number; type: DeliveryType } | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`delivery-create:${clientKey}`}))`);
  const [row] = await tx.select({ id: deliveries.id, type: deliveries.type }).from(deliveries).where(eq(deliveries.clientKey, clientKey));
  return row;
}

export async function lbNumbersOf(db: Db, deliveryId: number): Promise<string[]> {
  const rows = await db
    .select({ lbNumber: receipts.lbNumber })
    .from(deliveryLines)
    .innerJoin(receipts, eq(receipts.id, deliveryLines.receiptId))
    .where(eq(deliveryLines.deliveryId, deliveryId))
    .orderBy(asc(deliveryLines.id));
  return rows.map((r) => r.lbNumber);
}

/** What the documents print per line: LB number, serial, part number, DOM, in the order added. */
export async function documentLinesOf(db: Db, deliveryId: number) {
  return db
    .select({
      lbNumber: receipts.lbNumber,
      serialNumber: coolers.serialNumber,
      partNumber: partNumbers.partNumber,
      dateOfManufacture: coolers.dateOfManufacture,
    })
    .from(deliveryLines)
    .innerJoin(receipts, eq(receipts.id, deliveryLines.receiptId))
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId))
    .where(eq(deliveryLines.deliveryId, deliveryId))
    .orderBy(asc(deliveryLines.id));
}
export type DocumentLine = Awaited<ReturnType<typeof documentLinesOf>>[number];

// ── the rules' look-ups ─────────────────────────────────────────────────────────────────────────

/** LB number → receipt id, for the ones that have a receipt. */
export async function receiptIdsOf(db: Db, lbNumbers: string[]): Promise<Map<string, string>> {
  if (lbNumbers.length === 0) return new Map();
  const rows = await db
    .select({ id: receipts.id, lbNumber: receipts.lbNumber })
    .from(receipts)
    .where(sql`${receipts.lbNumber} = any(${sql.param(lbNumbers)}::varchar[])`);
  return new Map(rows.map((r) => [r.lbNumber, r.id]));
}

/** LB number → what a person checks a line by (its receipt's serial, part number, customer, option). */
export async function checkedReceiptsOf(db: Db, lbNumbers: string[]): Promise<Map<string, LbCheckReceipt>> {
  if (lbNumbers.length === 0) return new Map();
  const rows = await db
    .select({
      lbNumber: receipts.lbNumber,
      id: receipts.id,
      coolerId: receipts.inventoryItemId,
      serialNumber: coolers.serialNumber,
      partNumber: partNumbers.partNumber,
      customerAccount: { id: customerAccounts.id, name: customerAccounts.name },
      processOption: receipts.processOption,
    })
    .from(receipts)
    .innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId))
    .innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId))
    .where(sql`${receipts.lbNumber} = any(${sql.param(lbNumbers)}::varchar[])`);
  return new Map(
    rows.map(({ lbNumber, processOption, ...receipt }) => [lbNumber, { ...receipt, processOption: processOption as ProcessOption }]),
  );
}

/** Receipt id → the transfer or scrap note holding it (other than `exceptDeliveryId`). */
export async function exclusiveHolders(
  db: Db,
  receiptIds: string[],
  exceptDeliveryId?: number,
): Promise<Map<string, { id: number; type: DeliveryType }>> {
  if (receiptIds.length === 0) return new Map();
  const rows = await db
    .select({ receiptId: deliveryLines.receiptId, id: deliveryLines.deliveryId, type: deliveryLines.deliveryType })
    .from(deliveryLines)
    .where(
      and(
        sql`${deliveryLines.receiptId} = any(${sql.param(receiptIds)}::uuid[])`,
        isExclusiveTypeSql(deliveryLines.deliveryType),
        exceptDeliveryId === undefined ? undefined : ne(deliveryLines.deliveryId, exceptDeliveryId),
      ),
    );
  return new Map(rows.map((r) => [r.receiptId, { id: r.id, type: r.type }]));
}

export async function existingIds(
  db: Db,
  table: 'customerAccounts' | 'deliveryEmails' | 'deliveryAddresses',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const t = { customerAccounts, deliveryEmails, deliveryAddresses }[table];
  const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function addressTargetOf(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ target: deliveryAddresses.addressTarget }).from(deliveryAddresses).where(eq(deliveryAddresses.id, id));
  return row?.target;
}

export async function ccCodeExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: ccCodes.id }).from(ccCodes).where(eq(ccCodes.id, id))).length > 0;
}

// ── writes ──────────────────────────────────────────────────────────────────────────────────────

export type DeliveryValues = Pick<
  typeof deliveries.$inferInsert,
  'deliveryDay' | 'customerAccountId' | 'businessName' | 'dispatchAddressId' | 'invoiceAddressId' | 'ccCodeId'
>;

export async function insertDelivery(
  tx: Db,
  type: DeliveryType,
  values: DeliveryValues,
  createdById: number,
  clientKey: string | null = null,
): Promise<number> {
  const [row] = await tx
    .insert(deliveries)
    .values({ type, ...values, createdById, clientKey })
    .returning({ id: deliveries.id });
  return row!.id;
}

export async function updateDelivery(
  tx: Db,
  id: number,
  values: DeliveryValues & { itemsCount: number },
  by: { username: string },
): Promise<void> {
  await tx
    .update(deliveries)
    .set({ ...values, ...nextVersion(deliveries, by) })
    .where(eq(deliveries.id, id));
}

/** The note's lines changed: a new version of the note (its edit screen lists them). */
export async function setItemsCount(tx: Db, id: number, itemsCount: number, by: { username: string }): Promise<void> {
  await tx
    .update(deliveries)
    .set({ itemsCount, ...nextVersion(deliveries, by) })
    .where(eq(deliveries.id, id));
}

/**
 * Adds lines; answers the receipt ids actually added. For transfer and scrap notes a receipt that
 * another note holds is skipped by the partial unique index (ON CONFLICT … DO NOTHING): when two
 * notes claim it at once, the second waits for the first to commit and then skips it.
 */
export async function insertLines(tx: Db, deliveryId: number, type: DeliveryType, receiptIds: string[]): Promise<Set<string>> {
  if (receiptIds.length === 0) return new Set();
  const insert = tx.insert(deliveryLines).values(receiptIds.map((receiptId) => ({ deliveryId, deliveryType: type, receiptId })));
  const rows =
    type === 'error_sheet'
      ? await insert.returning({ receiptId: deliveryLines.receiptId })
      : await insert
          .onConflictDoNothing({ target: deliveryLines.receiptId, where: isExclusiveTypeSql('"delivery_type"') })
          .returning({ receiptId: deliveryLines.receiptId });
  return new Set(rows.map((r) => r.receiptId));
}

export async function receiptIdsOnDelivery(db: Db, deliveryId: number): Promise<string[]> {
  const rows = await db.select({ receiptId: deliveryLines.receiptId }).from(deliveryLines).where(eq(deliveryLines.deliveryId, deliveryId));
  return rows.map((r) => r.receiptId);
}

export async function deleteLinesOfReceipts(tx: Db, deliveryId: number, receiptIds: string[]): Promise<void> {
  if (receiptIds.length === 0) return;
  await tx
    .delete(deliveryLines)
    .where(and(eq(deliveryLines.deliveryId, deliveryId), sql`${deliveryLines.receiptId} = any(${sql.param(receiptIds)}::uuid[])`));
}

export async function replaceRecipients(tx: Db, deliveryId: number, emailIds: number[]): Promise<void> {
  await tx.delete(deliveryRecipients).where(eq(deliveryRecipients.deliveryId, deliveryId));
  if (emailIds.length === 0) return;
  await tx.insert(deliveryRecipients).values(emailIds.map((deliveryEmailId) => ({ deliveryId, deliveryEmailId })));
}

/** pending → approved, once: undefined when it was not pending (already approved, or no such note). */
export async function approveDelivery(db: Db, id: number, actor: { id: number; username: string }): Promise<DeliveryStatus | undefined> {
  const [row] = await db
    .update(deliveries)
    .set({ status: 'approved', approvedAt: new Date(), approvedById: actor.id, ...nextVersion(deliveries, actor) })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending')))
    .returning({ status: deliveries.status });
  return row?.status;
}

export async function statusOf(db: Db, id: number): Promise<DeliveryStatus | undefined> {
  const [row] = await db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, id));
  return row?.status;
}

export async function deleteDelivery(tx: Db, id: number): Promise<void> {
  await tx.delete(deliveries).where(eq(deliveries.id, id));
}

/** The recipients' addresses (for the e-mail). */
export async function recipientAddressesOf(db: Db, deliveryId: number): Promise<string[]> {
  const rows = await db
    .select({ email: deliveryEmails.email })
    .from(deliveryRecipients)
    .innerJoin(deliveryEmails, eq(deliveryEmails.id, deliveryRecipients.deliveryEmailId))
    .where(eq(deliveryRecipients.deliveryId, deliveryId))
    .orderBy(asc(deliveryEmails.email));
  return rows.map((r) => r.email);
}

// ── what the mail worker learns about a note's e-mail (docs/decisions/157) ──────────────────────

/** The SMTP server accepted the note's message. */
export async function markEmailDelivered(db: Db, id: number, at: Date): Promise<void> {
  await db.update(deliveries).set({ emailDeliveredAt: at }).where(eq(deliveries.id, id));
}

/** The first load of a tracking image of the note's messages. */
export async function markEmailViewed(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ emailViewedAt: sql`coalesce(${deliveries.emailViewedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(deliveries.id, id));
}

/** Refused for good (or given up), with the SMTP server's words. */
export async function markEmailFailed(db: Db, id: number, reason: string, at: Date): Promise<void> {
  await db.update(deliveries).set({ emailFailedAt: at, emailFailureReason: reason }).where(eq(deliveries.id, id));
}

export const versions = tableVersions(deliveries);
