/**
 * SQL for receipts, each answered with its supplier, account (and client), cooler (and part number),
 * collection point and scrap reason. Every function takes `db`, which may be a transaction.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortDirection } from '@cooler-hub/contract/common';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import type { ReceiptListQuery, ReceiptSortField } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { INVENTORY, rememberedCount } from '../../db/list-counts';
import { containsText } from '../../db/paging';
import { nextVersion } from '../../db/versions';
import { offsetOf } from '../../lib/list';
import {
  clients,
  collectionPoints,
  coolers,
  customerAccounts,
  deliveryLines,
  partNumbers,
  receiptExports,
  receipts,
  scrapReasons,
  suppliers,
} from '../../db/schema';

export type ReceiptValues = Omit<typeof receipts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** `(select column from table where key = ref)`: one index probe per row of the answer. */
const valueOf = <T>(column: AnyColumn, key: AnyColumn, ref: SQL | AnyColumn) => sql<T>`(select ${column} from ${key.table} where ${key} = ${ref})`;
const clientIdOfAccount = sql`(select ${customerAccounts.clientId} from ${customerAccounts} where ${customerAccounts.id} = ${receipts.customerAccountId})`;
const partNumberIdOfCooler = sql`(select ${coolers.partNumberId} from ${coolers} where ${coolers.id} = ${receipts.inventoryItemId})`;

/** isExported: the receipt has left in an end-of-day CSV (its own table, docs/decisions/115). */
export const isExported = sql<boolean>`exists(select 1 from ${receiptExports} where ${receiptExports.receiptId} = ${receipts.id})`;

// ── delivery notes (docs/decisions/150) ──────────────────────────────────────────────
/**
 * A receipt's Delivery columns come from the transfer or scrap note holding its LB number: at most
 * one (the partial unique index on delivery_lines(receipt_id)), found through that same index.
 */
const noteLine = (column: 'delivery_id' | 'delivery_type' | '1') =>
  sql`(select ${sql.raw(column === '1' ? '1' : `dl.${column}`)} from ${deliveryLines} dl
    where dl.receipt_id = ${sql.raw('"receipts"."id"')} and dl.delivery_type in ('transfer', 'scrap'))`;
const noteIdOfReceipt = noteLine('delivery_id');

/**
 * Every name a receipt shows is a scalar subquery by primary key rather than a join: PostgreSQL
 * plans each on its own in well under a millisecond, where the 8-table join cost 10–60 ms of
 * planning on every call, more than running it (docs/decisions/110). The references are NOT NULL
 * foreign keys (or nullable ones shown as null), so the answers are those of the inner joins.
 */
export const receiptFields = {
  id: receipts.id,
  lbNumber: receipts.lbNumber,
  receiptDate: receipts.receiptDate,
  supplier: { id: receipts.supplierId, name: valueOf<string>(suppliers.name, suppliers.id, receipts.supplierId) },
  account: { id: receipts.customerAccountId, name: valueOf<string>(customerAccounts.name, customerAccounts.id, receipts.customerAccountId) },
  customer: valueOf<string>(clients.name, clients.id, clientIdOfAccount),
  // drizzle nests one level: the part number inside the cooler is put together by the service.
  inventoryItem: {
    id: receipts.inventoryItemId,
    serialNumber: valueOf<string>(coolers.serialNumber, coolers.id, receipts.inventoryItemId),
    partNumberId: sql<string>`${partNumberIdOfCooler}`,
    partNumber: valueOf<string>(partNumbers.partNumber, partNumbers.id, partNumberIdOfCooler),
    // As text, the way the date column answers it ('YYYY-MM-DD'), on either driver.
    dateOfManufacture: sql<string>`(select ${coolers.dateOfManufacture}::text from ${coolers} where ${coolers.id} = ${receipts.inventoryItemId})`,
  },
  collectionPointId: receipts.collectionPointId,
  collectionPointName: valueOf<string | null>(collectionPoints.name, collectionPoints.id, receipts.collectionPointId),
  engineerNo: receipts.engineerNo,
  processOption: receipts.processOption,
  processState: receipts.processState,
  scrapReason: valueOf<number | null>(scrapReasons.code, scrapReasons.id, receipts.scrapReasonId),
  notes: receipts.notes,
  tagFaultComment: receipts.tagFaultComment,
  assetNo: receipts.assetNo,
  isExported,
  deliveryId: sql<number | null>`${noteIdOfReceipt}`,
  deliveryType: sql<'transfer' | 'scrap' | null>`${noteLine('delivery_type')}`,
};

/** Receipts with everything they show. */
const withReferences = (db: Db) => db.select(receiptFields).from(receipts);

export type ReceiptRow = Awaited<ReturnType<typeof withReferences>>[number];

/**
 * Each sortable column, and the tables its expression needs besides `receipts` (docs/decisions/110:
 * the page of ids is chosen with those joins only).
 */
type Joined = 'suppliers' | 'accounts' | 'clients' | 'coolers' | 'partNumbers' | 'collectionPoints' | 'scrapReasons';
const SORT_COLUMNS: Record<ReceiptSortField, { by: SQL | AnyColumn; needs?: Joined[] }> = {
  receiptDate: { by: receipts.receiptDate },
  lbNumber: { by: sql`${receipts.lbNumber}` },
  supplierCode: { by: sql`lower(${suppliers.name})`, needs: ['suppliers'] },
  accountNo: { by: sql`lower(${customerAccounts.name})`, needs: ['accounts'] },
  // The note's number is its id; listReceipts reads these pages with idsByNote.
  deliveryNoteNo: { by: noteIdOfReceipt },
  deliveryId: { by: noteIdOfReceipt },
  serialNumber: { by: sql`lower(${coolers.serialNumber})`, needs: ['coolers'] },
  partNumber: { by: sql`lower(${partNumbers.partNumber})`, needs: ['coolers', 'partNumbers'] },
  customer: { by: sql`lower(${clients.name})`, needs: ['accounts', 'clients'] },
  collectionPoint: { by: sql`lower(${collectionPoints.name})`, needs: ['collectionPoints'] },
  engineerNo: { by: sql`lower(${receipts.engineerNo})` },
  dateOfManufacture: { by: coolers.dateOfManufacture, needs: ['coolers'] },
  processOption: { by: sql`${receipts.processOption}` },
  processState: { by: sql`${receipts.processState}` },
  scrapReason: { by: sql`${scrapReasons.code}`, needs: ['scrapReasons'] },
  isExported: { by: isExported },
};

/** The sort of a list query: its field (by default the newest receipt first) and direction. */
function sortOf(order: Partial<Record<ReceiptSortField, SortDirection>> | undefined): [ReceiptSortField, SortDirection] {
  return (Object.entries(order ?? {})[0] ?? ['receiptDate', 'desc']) as [ReceiptSortField, SortDirection];
}

/** ORDER BY the chosen column, then id in the same direction (`reversed`: every direction flipped). */
function orderOf(field: ReceiptSortField, direction: SortDirection, reversed = false): SQL[] {
  const by = (direction === 'desc') !== reversed ? desc : asc;
  // LB numbers are unique: their own index orders every row (docs/decisions/024).
  return field === 'lbNumber' ? [by(receipts.lbNumber)] : [by(SORT_COLUMNS[field].by), by(receipts.id)];
}

/** `select receipts.id from receipts` plus only the joins the sort column needs. */
function idsSortedBy(db: Db, field: ReceiptSortField) {
  const needs = new Set(SORT_COLUMNS[field].needs ?? []);
  let q = db.select({ id: receipts.id }).from(receipts).$dynamic();
  if (needs.has('suppliers')) q = q.innerJoin(suppliers, eq(suppliers.id, receipts.supplierId));
  if (needs.has('accounts')) q = q.innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId));
  if (needs.has('clients')) q = q.innerJoin(clients, eq(clients.id, customerAccounts.clientId));
  if (needs.has('coolers')) q = q.innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId));
  if (needs.has('partNumbers')) q = q.innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId));
  if (needs.has('collectionPoints')) q = q.leftJoin(collectionPoints, eq(collectionPoints.id, receipts.collectionPointId));
  if (needs.has('scrapReasons')) q = q.leftJoin(scrapReasons, eq(scrapReasons.id, receipts.scrapReasonId));
  return q;
}

/** Receipts of London's days `after` … `before`, both included (docs/architecture.md §4). */
export function receiptDayRange(after: string | undefined, before: string | undefined): SQL[] {
  const range: SQL[] = [];
  if (after) range.push(gte(receipts.receiptDate, londonDayStart(after)));
  if (before) range.push(lt(receipts.receiptDate, londonDayStart(nextDay(before))));
  return range;
}

/**
 * A cooler filter matching at most this many coolers is answered as "the cooler is one of these ids":
 * PostgreSQL then reads those coolers' receipts by receipts_inventory_item_idx and sorts the few
 * rows, instead of walking the date index past a million receipts (docs/decisions/111). A filter
 * matching more stays a subquery: its receipts are common, so the sorted walk meets them soon.
 */
const FEW_IDS_MAX = 1000;

async function coolerIs(db: Db, condition: SQL): Promise<SQL> {
  const found = await db.select({ id: coolers.id }).from(coolers).where(condition).limit(FEW_IDS_MAX + 1);
  if (found.length > FEW_IDS_MAX) return inArray(receipts.inventoryItemId, sql`(select ${coolers.id} from ${coolers} where ${condition})`);
  return found.length === 0 ? sql`false` : inArray(receipts.inventoryItemId, found.map((c) => c.id));
}

/**
 * A "contains" search (LB number, engineer number) matching at most FEW_IDS_MAX receipts is
 * answered as "the receipt is one of these ids", found by the trigram index: otherwise PostgreSQL,
 * misled by the trigram estimate, walks the date index past hundreds of thousands of rows to fill a
 * page of a rare engineer number (190 ms instead of ~5).
 */
async function receiptIs(db: Db, condition: SQL): Promise<SQL> {
  const found = await db.select({ id: receipts.id }).from(receipts).where(condition).limit(FEW_IDS_MAX + 1);
  if (found.length > FEW_IDS_MAX) return condition;
  return found.length === 0 ? sql`false` : inArray(receipts.id, found.map((r) => r.id));
}

/**
 * The filters of docs/product.md §2.8 on `receipts` alone: a condition on the cooler becomes "its cooler is one
 * of these", so the page and its count are the same rows whatever the joins.
 */
async function whereOf(db: Db, query: ReceiptListQuery): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  if (query.customerId !== undefined) filters.push(eq(receipts.customerAccountId, query.customerId));
  if (query.inventoryItemId) filters.push(eq(receipts.inventoryItemId, query.inventoryItemId));
  // In a note: a transfer or scrap note holds its LB number. deliveryId: the receipts of one
  // note of any type (the Items link of every delivery list).
  if (query.inDeliveryNote !== undefined) filters.push(sql`${query.inDeliveryNote ? sql`` : sql`not `}exists ${noteLine('1')}`);
  if (query.deliveryId !== undefined) {
    // A note holds at most a few thousand receipts: named by id, PostgreSQL reads just those and
    // sorts them, instead of walking the date index to meet them (as coolerIs, docs/decisions/111).
    const onNote = await db.select({ id: deliveryLines.receiptId }).from(deliveryLines).where(eq(deliveryLines.deliveryId, query.deliveryId));
    filters.push(onNote.length === 0 ? sql`false` : inArray(receipts.id, onNote.map((l) => l.id)));
  }
  if (query.partNumber) filters.push(await coolerIs(db, eq(coolers.partNumberId, query.partNumber)));
  if (query.serialNumber) filters.push(await coolerIs(db, containsText(coolers.serialNumber, query.serialNumber)));
  if (query.lbNumber) filters.push(await receiptIs(db, containsText(receipts.lbNumber, query.lbNumber)));
  if (query.engineerNo) filters.push(await receiptIs(db, containsText(receipts.engineerNo, query.engineerNo)));
  filters.push(...receiptDayRange(query.receiptDate?.after, query.receiptDate?.before));
  if (query.processOption) filters.push(eq(receipts.processOption, query.processOption));
  if (query.processState) filters.push(eq(receipts.processState, query.processState));
  if (query.isExported !== undefined) filters.push(query.isExported ? isExported : sql`not ${isExported}`);
  return filters.length ? and(...filters) : undefined;
}

/**
 * One page of receipts and the number matching (docs/decisions/110). The page's ids are chosen on
 * `receipts` alone (plus the one table a sort may need): a small plan on the right index. Only
 * those ids are then joined to their names, so PostgreSQL never plans the 8-table join for a
 * million rows. A page past the middle is read from the other end (every direction flipped, then
 * turned back): OFFSET costs what it skips, so the last page costs what the first does.
 */
export async function listReceipts(db: Db, query: ReceiptListQuery): Promise<{ rows: ReceiptRow[]; total: number }> {
  const where = await whereOf(db, query);
  const [field, direction] = sortOf(query.order);
  const offset = offsetOf(query);
  const idsAt = async (from: number, limit: number, reversed = false) =>
    field === 'deliveryId' || field === 'deliveryNoteNo'
      ? idsByNote(db, where, (direction === 'desc') !== reversed ? 'desc' : 'asc', from, limit)
      : field === 'isExported'
        ? idsByExported(db, where, (direction === 'desc') !== reversed ? 'desc' : 'asc', from, limit)
        : field in REFERENCE_SORTS && from + limit <= REFERENCE_SORT_MAX
          ? idsByReference(db, REFERENCE_SORTS[field as keyof typeof REFERENCE_SORTS], where, (direction === 'desc') !== reversed ? 'desc' : 'asc', from, limit)
          : (await idsSortedBy(db, field).where(where).orderBy(...orderOf(field, direction, reversed)).limit(limit).offset(from)).map((r) => r.id);
  const matching = () => countReceipts(db, where);
  let ids: string[];
  let total: number;
  if (offset === 0) {
    // A first page that is not full is the whole answer: its total needs no count.
    ids = await idsAt(0, query.perPage);
    total = ids.length < query.perPage ? ids.length : await matching();
  } else {
    total = await matching();
    const limit = Math.min(query.perPage, total - offset);
    if (limit <= 0) ids = [];
    else if (offset + limit / 2 <= total / 2) ids = await idsAt(offset, limit);
    else ids = (await idsAt(total - offset - limit, limit, true)).reverse();
  }
  return { rows: await receiptsInOrder(db, ids), total };
}

/**
 * A page of ids sorted by the note holding each receipt: PostgreSQL's order puts the
 * receipts without a note last ascending and first descending. Sorting a million receipts by a
 * subquery would read them all, so the page is read as two ordered runs one after the other —
 * receipts with no note by id (the primary key, probing the note index per row), and the lines of
 * transfer and scrap notes by note then receipt — and UNION ALL keeps each run's order (Append reads
 * its first input before its second; the run's own ORDER BY is kept inside it).
 */
async function idsByNote(db: Db, where: SQL | undefined, direction: SortDirection, offset: number, limit: number): Promise<string[]> {
  const dir = sql.raw(direction);
  const matches = where ?? sql`true`;
  // Each run is limited itself, so PostgreSQL plans it to start fast (an index walk) rather than
  // to sort all of it: the LIMIT outside a UNION ALL does not reach the runs' plans.
  const upTo = offset + limit;
  const noNote = sql`select ${receipts.id} as id from ${receipts} where ${matches} and not exists ${noteLine('1')}
    order by ${receipts.id} ${dir} limit ${upTo}`;
  // dl.receipt_id is the receipt's id: (delivery_id, receipt_id) is the order of a unique index.
  const onNote = sql`select ${receipts.id} as id from ${deliveryLines} dl join ${receipts} on ${receipts.id} = dl.receipt_id
    where dl.delivery_type in ('transfer', 'scrap') and ${matches} order by dl.delivery_id ${dir}, dl.receipt_id ${dir} limit ${upTo}`;
  const [first, second] = direction === 'desc' ? [noNote, onNote] : [onNote, noNote];
  return idsOfRuns(db, first, second, offset, limit);
}

/**
 * A page of ids sorted by isExported, then id (docs/decisions/115): the same two runs — receipts not
 * exported by id (probing receipt_exports per row), and the exported ones walked in receipt_exports'
 * own key order — rather than a sort of a million `exists` subqueries (4–5 s).
 */
async function idsByExported(db: Db, where: SQL | undefined, direction: SortDirection, offset: number, limit: number): Promise<string[]> {
  const dir = sql.raw(direction);
  const matches = where ?? sql`true`;
  const upTo = offset + limit;
  const notExported = sql`select ${receipts.id} as id from ${receipts} where ${matches} and not ${isExported}
    order by ${receipts.id} ${dir} limit ${upTo}`;
  const exported = sql`select ${receipts.id} as id from ${receiptExports} x join ${receipts} on ${receipts.id} = x.receipt_id
    where ${matches} order by x.receipt_id ${dir} limit ${upTo}`;
  // false < true: ascending puts the receipts not exported first.
  const [first, second] = direction === 'desc' ? [exported, notExported] : [notExported, exported];
  return idsOfRuns(db, first, second, offset, limit);
}

/**
 * Sorts by a small referenced table's name or code (docs/decisions/116): sorting a million receipts
 * by a joined name took 1–5 s. Instead each reference is walked in key order and its receipts read
 * by the (reference, id) index, `offset + limit` at most each, and the receipts with none form the
 * other run (nulls last ascending, first descending, as PostgreSQL orders). Used while
 * `offset + limit` is small (REFERENCE_SORT_MAX); deeper pages fall back to the plain sort.
 */
const REFERENCE_SORTS = {
  supplierCode: { table: suppliers, id: suppliers.id, fk: receipts.supplierId, key: sql`lower(${suppliers.name})` },
  collectionPoint: { table: collectionPoints, id: collectionPoints.id, fk: receipts.collectionPointId, key: sql`lower(${collectionPoints.name})` },
  scrapReason: { table: scrapReasons, id: scrapReasons.id, fk: receipts.scrapReasonId, key: sql`${scrapReasons.code}` },
} satisfies Partial<Record<ReceiptSortField, unknown>>;
const REFERENCE_SORT_MAX = 2000;

async function idsByReference(
  db: Db,
  by: (typeof REFERENCE_SORTS)[keyof typeof REFERENCE_SORTS],
  where: SQL | undefined,
  direction: SortDirection,
  offset: number,
  limit: number,
): Promise<string[]> {
  const dir = sql.raw(direction);
  const matches = where ?? sql`true`;
  const upTo = offset + limit;
  const withReference = sql`select page.id from ${by.table} cross join lateral (
      select ${receipts.id} as id from ${receipts} where ${by.fk} = ${by.id} and ${matches} order by ${receipts.id} ${dir} limit ${upTo}
    ) page order by ${by.key} ${dir}, page.id ${dir} limit ${upTo}`;
  const withNone = sql`select ${receipts.id} as id from ${receipts} where ${by.fk} is null and ${matches}
    order by ${receipts.id} ${dir} limit ${upTo}`;
  const [first, second] = direction === 'desc' ? [withNone, withReference] : [withReference, withNone];
  return idsOfRuns(db, first, second, offset, limit);
}

/** Rows `offset` … `offset + limit` of run `first` followed by run `second` (UNION ALL keeps each run's order). */
async function idsOfRuns(db: Db, first: SQL, second: SQL, offset: number, limit: number): Promise<string[]> {
  const result = await db.execute(sql`select id from ((${first}) union all (${second})) page limit ${limit} offset ${offset}`);
  // Both drivers answer { rows }; the Db type leaves the result untyped.
  const rows: unknown = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error('the database answered no rows');
  return rows.map((r: { id: string }) => r.id);
}

/**
 * The receipts of a page by id: one statement text whatever the ids, prepared by name, so
 * PostgreSQL plans it once per connection rather than on every page (docs/decisions/110).
 */
const byIdsStatements = new WeakMap<Db, ReturnType<typeof prepareByIds>>();
const prepareByIds = (db: Db) =>
  withReferences(db)
    .where(sql`${receipts.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('receipts_by_ids');

/** The receipts of `ids` with everything they show, in the order of `ids`. */
async function receiptsInOrder(db: Db, ids: string[]): Promise<ReceiptRow[]> {
  if (ids.length === 0) return [];
  let statement = byIdsStatements.get(db);
  if (!statement) byIdsStatements.set(db, (statement = prepareByIds(db)));
  const rows = await statement.execute({ ids });
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Exact, and remembered until receipts or coolers change (docs/decisions/112). */
function countReceipts(db: Db, where: SQL | undefined): Promise<number> {
  return rememberedCount(db, INVENTORY, receipts, where);
}

export async function findReceipt(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await withReferences(db).where(eq(receipts.id, id));
  return row;
}

/** The receipt as it is now, locked until the transaction ends (FOR UPDATE OF receipts only). */
export async function lockReceipt(tx: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await withReferences(tx).where(eq(receipts.id, id)).for('update', { of: receipts });
  return row;
}

/** The receipt holding `lbNumber`, other than `exceptId`. */
export async function receiptWithLbNumber(db: Db, lbNumber: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.lbNumber, lbNumber), exceptId ? sql`${receipts.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row?.id;
}

/** False when the id — or the LB number — is already taken (see lib/create-once). */
export async function insertReceipt(db: Db, id: string, values: ReceiptValues): Promise<boolean> {
  const rows = await db.insert(receipts).values({ id, ...values }).onConflictDoNothing().returning({ id: receipts.id });
  return rows.length > 0;
}

export async function updateReceipt(db: Db, id: string, values: Omit<ReceiptValues, 'receiptDate'>, by: { username: string }): Promise<void> {
  await db
    .update(receipts)
    .set({ ...values, ...nextVersion(receipts, by) })
    .where(eq(receipts.id, id));
}

/** The receipt and its exported mark (no foreign key holds them together: docs/decisions/115). */
export async function deleteReceipt(db: Db, id: string): Promise<void> {
  await db.delete(receiptExports).where(eq(receiptExports.receiptId, id));
  await db.delete(receipts).where(eq(receipts.id, id));
}

// ── references named by a body ──────────────────────────────────────────────────────────────────

export async function supplierExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id))).length > 0;
}

export async function customerAccountExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: customerAccounts.id }).from(customerAccounts).where(eq(customerAccounts.id, id))).length > 0;
}

export async function coolerExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: coolers.id }).from(coolers).where(eq(coolers.id, id))).length > 0;
}

export async function collectionPointExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: collectionPoints.id }).from(collectionPoints).where(eq(collectionPoints.id, id))).length > 0;
}

/** The id of the scrap reason with `code`, the way a receipt body names it. */
export async function scrapReasonIdOf(db: Db, code: number): Promise<number | undefined> {
  const [row] = await db.select({ id: scrapReasons.id }).from(scrapReasons).where(eq(scrapReasons.code, code));
  return row?.id;
}
