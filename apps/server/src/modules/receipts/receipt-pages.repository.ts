/**
 * The receipts list's page-query planner: which receipts a list query matches, in which order, and
 * how one page of them is read without PostgreSQL planning (or walking) more than that page
 * (docs/decisions/274). The filters are resolved to ids where few match (a cooler filter, a whole LB
 * number or serial), so a filter never drags a join along; the page's ids are chosen on `receipts`
 * alone, then only those rows get their names; a deep page seeks from a remembered page boundary or
 * is read from the nearer end; sorts that would sort a million rows are read as two ordered runs;
 * the total is remembered under the inventory list version.
 */
import { and, asc, desc, eq, getTableName, inArray, isNotNull, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SortDirection } from '@cooler-hub/contract/common';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import { LB_NUMBER_PATTERN, normalizeLbNumber } from '@cooler-hub/contract/rules';
import type { Receipt, ReceiptListQuery, ReceiptSortField } from '@cooler-hub/contract/receipts';
import type { Db } from '../../db/client';
import { INVENTORY, rememberedUnderVersion } from '../../db/list-counts';
import { containsByTail, containsPattern, inKeys, longerThanTail, matchesPattern, tailPattern } from '../../db/paging';
import { offsetOf } from '../../lib/list';
import {
  clients,
  collectionPoints,
  coolers,
  customerAccounts,
  deliveries,
  deliveryLines,
  listVersions,
  partNumbers,
  receiptExports,
  receipts,
  scrapReasons,
  suppliers,
} from '../../db/schema';
import { isExported, noteLine, receiptFields } from './receipts.repository';
import { rememberBoundaries, seekFrom, type Boundary } from '../../db/page-boundaries';
import { idsForPlan, nameStatement, NIL_UUID, selectNamedRows, selectShaped, type NamedStatement } from '../../db/rows';
import { aliased, isoTime } from '../../db/list-statements';
import { isExclusiveTypeSql } from '../../db/exclusive-types';

const noteIdOfReceipt = noteLine('delivery_id');

/**
 * Each sortable column, and the tables its expression needs besides `receipts` (the page of ids is
 * chosen with those joins only). `type` is the column's SQL type and `nullable` whether the
 * expression can be null: a remembered page boundary is compared as that type (docs/decisions/274).
 * `id` breaks ties (the receipt's id, or a column equal to it); a `unique` column needs none.
 */
type Joined = 'suppliers' | 'accounts' | 'clients' | 'coolers' | 'partNumbers' | 'collectionPoints' | 'scrapReasons' | 'marks';
interface SortColumn {
  by: SQL | AnyColumn;
  needs?: Joined[];
  type: 'text' | 'timestamptz' | 'date' | 'integer';
  nullable?: boolean;
  id?: AnyColumn;
  unique?: boolean;
}
const SORT_COLUMNS: Record<ReceiptSortField, SortColumn> = {
  receiptDate: { by: receipts.receiptDate, type: 'timestamptz' },
  // LB numbers are unique: their own index orders every row (docs/decisions/024).
  lbNumber: { by: receipts.lbNumber, type: 'text', unique: true },
  supplierCode: { by: sql`lower(${suppliers.name})`, needs: ['suppliers'], type: 'text' },
  accountNo: { by: sql`lower(${customerAccounts.name})`, needs: ['accounts'], type: 'text' },
  // The note's number is its id; listReceipts reads these pages with idsByNote.
  deliveryNoteNo: { by: noteIdOfReceipt, type: 'integer', nullable: true },
  deliveryId: { by: noteIdOfReceipt, type: 'integer', nullable: true },
  serialNumber: { by: sql`lower(${coolers.serialNumber})`, needs: ['coolers'], type: 'text' },
  partNumber: { by: sql`lower(${partNumbers.partNumber})`, needs: ['coolers', 'partNumbers'], type: 'text' },
  customer: { by: sql`lower(${clients.name})`, needs: ['accounts', 'clients'], type: 'text' },
  collectionPoint: { by: sql`lower(${collectionPoints.name})`, needs: ['collectionPoints'], type: 'text', nullable: true },
  engineerNo: { by: sql`lower(${receipts.engineerNo})`, type: 'text', nullable: true },
  dateOfManufacture: { by: coolers.dateOfManufacture, needs: ['coolers'], type: 'date' },
  processOption: { by: sql`${receipts.processOption}`, type: 'text' },
  processState: { by: sql`${receipts.processState}`, type: 'text', nullable: true },
  scrapReason: { by: sql`${scrapReasons.code}`, needs: ['scrapReasons'], type: 'integer', nullable: true },
  isExported: { by: isExported, type: 'text' },
};

/** The sort of a list query: its field (by default the newest receipt first) and direction. */
function sortOf(order: Partial<Record<ReceiptSortField, SortDirection>> | undefined): [ReceiptSortField, SortDirection] {
  return (Object.entries(order ?? {})[0] ?? ['receiptDate', 'desc']) as [ReceiptSortField, SortDirection];
}

/**
 * The exported receipts' dates are their export marks' (docs/decisions/292): a mark carries its
 * receipt's date, so a page of exported receipts by date walks the marks' own (receipt_date,
 * receipt_id) index instead of every receipt's date, probing each for a mark.
 */
const mark = alias(receiptExports, 'mark');
const MARK_DATE: SortColumn = { by: mark.receiptDate, needs: ['marks'], type: 'timestamptz', id: mark.receiptId };

/** The column a page of `filter` is sorted by when its sort is `field`. */
function sortColumnOf(filter: Filter, field: ReceiptSortField): SortColumn {
  return field === 'receiptDate' && filter.exportedOnly ? MARK_DATE : SORT_COLUMNS[field];
}

/** ORDER BY the column, then its id in the same direction (`reversed`: every direction flipped). */
function orderOf(column: SortColumn, direction: SortDirection, reversed: boolean): SQL[] {
  const by = (direction === 'desc') !== reversed ? desc : asc;
  return column.unique ? [by(column.by)] : [by(column.by), by(column.id ?? receipts.id)];
}

/** The list's version, read in the same statement as a page (so from the same snapshot: docs/decisions/274). */
const versionNow = sql<string>`(select ${listVersions.version}::text from ${listVersions} where ${listVersions.list} = ${INVENTORY})`;

/**
 * `select receipts.id, <sort key as text> from receipts` plus only the joins the
 * sort column needs.
 */
function idsSortedBy(db: Db, column: SortColumn) {
  const needs = new Set(column.needs ?? []);
  const key = sql<string | null>`(${column.by})::text`.as('key');
  let q = db.select({ id: receipts.id, key }).from(receipts).$dynamic();
  // Dated marks only: the ones the marks' index holds (a mark without a date names no receipt).
  if (needs.has('marks')) q = q.innerJoin(mark, and(eq(mark.receiptId, receipts.id), isNotNull(mark.receiptDate)));
  if (needs.has('suppliers')) q = q.innerJoin(suppliers, eq(suppliers.id, receipts.supplierId));
  if (needs.has('accounts')) q = q.innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId));
  if (needs.has('clients')) q = q.innerJoin(clients, eq(clients.id, customerAccounts.clientId));
  if (needs.has('coolers')) q = q.innerJoin(coolers, eq(coolers.id, receipts.inventoryItemId));
  if (needs.has('partNumbers')) q = q.innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId));
  if (needs.has('collectionPoints')) q = q.leftJoin(collectionPoints, eq(collectionPoints.id, receipts.collectionPointId));
  if (needs.has('scrapReasons')) q = q.leftJoin(scrapReasons, eq(scrapReasons.id, receipts.scrapReasonId));
  return q;
}

/**
 * The rows after the boundary (placeholders boundaryKey and boundaryId; `keyIsNull`: its key is
 * null) in the order (field, direction): ORDER BY's own comparison, nulls last ascending and first
 * descending, as PostgreSQL orders them — so a seek from a boundary reads the rows that OFFSET would
 * have reached, on the same index.
 */
function after(column: SortColumn, ascending: boolean, keyIsNull: boolean): SQL {
  const { by, type, nullable, id: idColumn = receipts.id } = column;
  const cmp = sql.raw(ascending ? '>' : '<');
  const id = sql`cast(${placeholder('boundaryId')} as uuid)`;
  const key = placeholder('boundaryKey');
  if (column.unique) return sql`${by} ${cmp} cast(${key} as ${sql.raw(type)})`;
  if (keyIsNull) {
    // Among the nulls (last ascending): the rest of them by id; descending, the non-null ones follow.
    return ascending ? sql`(${by} is null and ${idColumn} > ${id})` : sql`((${by} is null and ${idColumn} < ${id}) or ${by} is not null)`;
  }
  const past = sql`(${by}, ${idColumn}) ${cmp} (cast(${key} as ${sql.raw(type)}), ${id})`;
  return nullable && ascending ? sql`(${past} or ${by} is null)` : past;
}

/**
 * A cooler filter matching at most this many coolers is answered as "the cooler is one of these ids":
 * PostgreSQL then reads those coolers' receipts by receipts_inventory_item_idx and sorts the few
 * rows, instead of walking the date index past a million receipts (docs/decisions/111). A filter
 * matching more stays a subquery: its receipts are common, so the sorted walk meets them soon.
 */
const FEW_IDS_MAX = 1000;

/**
 * One condition of a list query (docs/decisions/287): its SQL over placeholders, `shape` telling its
 * text from every other condition's, and the values of its placeholders (each named once in the list).
 */
interface Condition {
  shape: string;
  where: SQL;
  values: Record<string, unknown>;
}

const placeholder = (name: string) => sql.placeholder(name);

/** The filter that matches no receipt. */
const NONE: Condition = { shape: 'none', where: sql`false`, values: {} };

/** `column` is one of `ids`, named by the placeholder `name`: one statement text whatever their number. */
function oneOf(column: AnyColumn, name: string, ids: string[]): Condition {
  if (ids.length === 0) return NONE;
  return { shape: `${name}[]`, where: inKeys(column, placeholder(name), 'uuid'), values: { [name]: ids } };
}

/** The ids `table.id` matching `condition`, at most FEW_IDS_MAX + 1: one statement per condition shape. */
async function idsWhere(db: Db, table: typeof coolers | typeof receipts, condition: Condition): Promise<string[]> {
  const rows = await selectShaped<{ id: string }>(
    db,
    `receipts: ${getTableName(table)} ids where ${condition.shape}`,
    () => sql`select ${table.id} as id from ${table} where ${condition.where} limit ${FEW_IDS_MAX + 1}`,
    condition.values,
  );
  return rows.map((row) => row.id);
}

/** The receipts whose cooler matches `condition` (named `name`): by the coolers' ids when few match. */
async function coolerIs(db: Db, name: string, condition: Condition): Promise<Condition> {
  const found = await idsWhere(db, coolers, condition);
  if (found.length <= FEW_IDS_MAX) return oneOf(receipts.inventoryItemId, name, found);
  return {
    shape: `cooler in (${condition.shape})`,
    where: inArray(receipts.inventoryItemId, sql`(select ${coolers.id} from ${coolers} where ${condition.where})`),
    values: condition.values,
  };
}

/**
 * A "contains" search (LB number, engineer number) matching at most FEW_IDS_MAX receipts is
 * answered as "the receipt is one of these ids", found by the trigram index: otherwise PostgreSQL,
 * misled by the trigram estimate, walks the date index past hundreds of thousands of rows to fill a
 * page of a rare engineer number (190 ms instead of ~5).
 */
async function receiptIs(db: Db, name: string, condition: Condition): Promise<Condition> {
  const found = await idsWhere(db, receipts, condition);
  return found.length > FEW_IDS_MAX ? condition : oneOf(receipts.id, name, found);
}

/** `column` contains the text of placeholder `name`, ignoring case (paging's matchesPattern over a containsPattern). */
function contains(column: AnyColumn, name: string, text: string): Condition {
  return { shape: `${name} like`, where: matchesPattern(column, placeholder(name)), values: { [name]: containsPattern(text) } };
}

/** A serial "contains" search: longer than its tail, the trigram index asked for the tail and the whole text checked (paging's containsByTail). */
function containsSerial(text: string): Condition {
  if (!longerThanTail(text)) return contains(coolers.serialNumber, 'serialPattern', text);
  return {
    shape: 'serial contains',
    where: containsByTail(coolers.serialNumber, placeholder('serialText'), placeholder('serialTail')),
    values: { serialText: text, serialTail: tailPattern(text) },
  };
}

/** `expression` equals the value of placeholder `name`. */
function equals(expression: SQL | AnyColumn, name: string, value: unknown): Condition {
  return { shape: `${name} =`, where: sql`${expression} = ${placeholder(name)}`, values: { [name]: value } };
}

/** `column` is the text of placeholder `name`, ignoring case (as PostgreSQL's lower() folds it). */
function sameText(column: AnyColumn, name: string, text: string): Condition {
  return { shape: `${name} same`, where: sql`lower(${column}) = lower(${placeholder(name)})`, values: { [name]: text } };
}

/**
 * A whole LB number — what a scan gives — is answered by the unique index: the receipt holding it,
 * and only it; a search that names no receipt's whole number is a "contains" search
 * (docs/decisions/241).
 */
async function lbNumberIs(db: Db, text: string): Promise<Condition> {
  const whole = normalizeLbNumber(text);
  if (LB_NUMBER_PATTERN.test(whole)) {
    const [exact] = await idsWhere(db, receipts, equals(receipts.lbNumber, 'lbNumber', whole));
    if (exact) return equals(receipts.id, 'lbReceipt', exact);
  }
  return receiptIs(db, 'lbReceipts', contains(receipts.lbNumber, 'lbPattern', text));
}

/** A whole serial number is answered by the serials' unique index, any case (docs/decisions/241). */
async function serialNumberIs(db: Db, text: string): Promise<Condition> {
  const [exact] = await idsWhere(db, coolers, sameText(coolers.serialNumber, 'serial', text));
  if (exact) return equals(receipts.inventoryItemId, 'serialCooler', exact);
  return coolerIs(db, 'serialCoolers', containsSerial(text));
}

/**
 * A whole engineer number, any case, is answered by receipts_engineer_no_idx (a btree on
 * lower(engineer_no)) before the trigram "contains" search: an engineer's number shares its
 * trigrams ('eng', 'ng0', …) with every other engineer's, so the trigram index reads hundreds of
 * thousands of entries to find a few dozen receipts (docs/decisions/247).
 */
async function engineerNoIs(db: Db, text: string): Promise<Condition> {
  const exact = await receiptIs(db, 'engineerReceipts', sameText(receipts.engineerNo, 'engineerNo', text));
  return exact === NONE ? receiptIs(db, 'engineerReceipts', contains(receipts.engineerNo, 'engineerPattern', text)) : exact;
}

/**
 * A list query's filter: its conditions as one WHERE over placeholders, the shape of that text, the
 * values of its placeholders, and `key`, what tells it from every other filter under one inventory
 * version.
 */
interface Filter {
  where: SQL | undefined;
  shape: string;
  values: Record<string, unknown>;
  key: string;
  /** Only exported receipts match: each has an export mark (docs/decisions/292). */
  exportedOnly: boolean;
}

/**
 * The list filters on `receipts` alone: a condition on the cooler becomes "its cooler is one of
 * these", so the page and its count are the same rows whatever the joins. Every lookup a filter
 * makes reads the inventory, whose version a remembered total is checked against — but the scrap
 * reason's code, a reference, whose id is in the key.
 */
async function whereOf(db: Db, query: ReceiptListQuery): Promise<Filter> {
  const conditions: Condition[] = [];
  if (query.customerId !== undefined) conditions.push(equals(receipts.customerAccountId, 'customerId', query.customerId));
  if (query.inventoryItemId) conditions.push(equals(receipts.inventoryItemId, 'inventoryItemId', query.inventoryItemId));
  // In a note: a transfer or scrap note holds its LB number. deliveryId: the receipts of one note of
  // any type (the Items link of every delivery list).
  if (query.inDeliveryNote !== undefined) {
    conditions.push({
      shape: `in note ${query.inDeliveryNote}`,
      where: sql`${query.inDeliveryNote ? sql`` : sql`not `}exists ${noteLine('1')}`,
      values: {},
    });
  }
  if (query.deliveryId !== undefined) {
    // A note holds at most a few thousand receipts: named by id, PostgreSQL reads just those and
    // sorts them, instead of walking the date index to meet them (as coolerIs, docs/decisions/111).
    const onNote = await selectShaped<{ id: string }>(
      db,
      'receipts: the receipts of a note',
      () =>
        sql`select ${deliveryLines.receiptId} as id from ${deliveryLines} where ${deliveryLines.deliveryId} = ${placeholder('deliveryId')}`,
      { deliveryId: query.deliveryId },
    );
    conditions.push(
      oneOf(
        receipts.id,
        'noteReceipts',
        onNote.map((line) => line.id),
      ),
    );
  }
  if (query.partNumber) conditions.push(await coolerIs(db, 'partCoolers', equals(coolers.partNumberId, 'partNumber', query.partNumber)));
  if (query.serialNumber) conditions.push(await serialNumberIs(db, query.serialNumber));
  if (query.lbNumber) conditions.push(await lbNumberIs(db, query.lbNumber));
  if (query.engineerNo) conditions.push(await engineerNoIs(db, query.engineerNo));
  const { after, before } = query.receiptDate ?? {};
  if (after) conditions.push(dayBound(receipts.receiptDate, '>=', 'receivedFrom', after));
  if (before) conditions.push(dayBound(receipts.receiptDate, '<', 'receivedBefore', nextDay(before)));
  if (query.processOption) conditions.push(equals(receipts.processOption, 'processOption', query.processOption));
  if (query.processState) conditions.push(equals(receipts.processState, 'processState', query.processState));
  if (query.isExported !== undefined) {
    conditions.push({ shape: `exported ${query.isExported}`, where: query.isExported ? isExported : sql`not ${isExported}`, values: {} });
  }
  const reasonId = query.scrapReason === undefined ? undefined : await scrapReasonIdOf(db, query.scrapReason);
  if (query.scrapReason !== undefined)
    conditions.push(reasonId === undefined ? NONE : equals(receipts.scrapReasonId, 'scrapReasonId', reasonId));
  if (query.noteApprovedDate) conditions.push(onNoteApprovedIn(query.noteApprovedDate.after, query.noteApprovedDate.before));
  const { page: _page, perPage: _perPage, order: _order, ...filtered } = query;
  return {
    where: conditions.length ? and(...conditions.map((c) => c.where)) : undefined,
    shape: conditions.map((c) => c.shape).join(' and '),
    values: Object.assign({}, ...conditions.map((c) => c.values)) as Record<string, unknown>,
    key: `receipts\u0000${JSON.stringify(filtered)}\u0000${reasonId ?? ''}`,
    exportedOnly: query.isExported === true,
  };
}

/** `column` compared (`>=` or `<`) with the start of the London day `day`, named `name`. */
function dayBound(column: SQL | AnyColumn, cmp: '>=' | '<', name: string, day: string): Condition {
  return {
    shape: `${name} ${cmp}`,
    where: sql`${column} ${sql.raw(cmp)} ${placeholder(name)}::timestamptz`,
    values: { [name]: londonDayStart(day).toISOString() },
  };
}

/** The id of the scrap reason with `code` (none: no receipt matches). */
async function scrapReasonIdOf(db: Db, code: number): Promise<number | undefined> {
  const [reason] = await selectShaped<{ id: number }>(
    db,
    'receipts: the scrap reason of a code',
    () => sql`select ${scrapReasons.id} as id from ${scrapReasons} where ${scrapReasons.code} = ${placeholder('code')}`,
    { code },
  );
  return reason?.id;
}

/**
 * On a transfer or scrap note approved on these London days (docs/decisions/255). Approving a note
 * gives the inventory list a new version (migration 0010), so its remembered totals stay exact.
 */
function onNoteApprovedIn(after: string | undefined, before: string | undefined): Condition {
  const range: Condition[] = [{ shape: 'approved', where: sql`d.status = 'approved'`, values: {} }];
  if (after) range.push(dayBound(sql.raw('d.approved_at'), '>=', 'approvedFrom', after));
  if (before) range.push(dayBound(sql.raw('d.approved_at'), '<', 'approvedBefore', nextDay(before)));
  return {
    shape: `on a note ${range.map((c) => c.shape).join(' and ')}`,
    where: sql`${receipts.id} in (select dl.receipt_id from ${deliveryLines} dl
      join ${deliveries} d on d.id = dl.delivery_id and d.type = dl.delivery_type
      where ${isExclusiveTypeSql('dl.delivery_type')} and ${and(...range.map((c) => c.where))})`,
    values: Object.assign({}, ...range.map((c) => c.values)) as Record<string, unknown>,
  };
}

/** The number of receipts a list query matches: the list's own total (docs/decisions/274). */
export async function countReceipts(db: Db, query: Omit<ReceiptListQuery, 'page' | 'perPage' | 'order'>): Promise<number> {
  return countOf(db, await whereOf(db, { ...query, page: 1, perPage: 1 }));
}

/**
 * The receipts `filter` matches, remembered under the inventory list's version (docs/decisions/274);
 * `versionRead`: the version a page of this request was read under.
 */
function countOf(db: Db, filter: Filter, versionRead?: string): Promise<number> {
  return rememberedUnderVersion(
    db,
    INVENTORY,
    filter.key,
    async () => {
      const [row] = await selectShaped<{ total: number; version: string | null }>(
        db,
        `receipts: count where ${filter.shape}`,
        () =>
          sql`select count(*)::int as total, ${versionNow} as version from ${receipts} ${filter.where ? sql`where ${filter.where}` : sql``}`,
        filter.values,
      );
      return { version: row?.version ?? null, value: row?.total ?? 0 };
    },
    versionRead,
  );
}

/** What one list query's pages share while it is planned. */
interface Plan {
  db: Db;
  filter: Filter;
  field: ReceiptSortField;
  direction: SortDirection;
}

/**
 * A page of ids (docs/decisions/287): a statement selecting `id` and `key`, built by `build` over
 * placeholders, `shape` telling its text from every other page's, and the values of its placeholders.
 */
interface Page {
  shape: string;
  build: () => SQLWrapper;
  values: Record<string, unknown>;
}

/**
 * One page of receipts and the number matching (docs/decisions/274, 285). The page's ids are chosen
 * on `receipts` alone (plus the one table a sort may need): a small plan on the right index. Only
 * those ids are then joined to their names, in the same statement, so PostgreSQL never plans the
 * 8-table join for a million rows. A deep page is a seek from a remembered page boundary, else
 * read from the nearer end (every direction flipped, then turned back): OFFSET costs what it skips.
 */
export async function listReceipts(db: Db, query: ReceiptListQuery): Promise<{ rows: Receipt[]; total: number }> {
  const scanned = await scannedReceipt(db, query);
  if (scanned) return { rows: [listedReceipt(scanned)], total: 1 };
  const filter = await whereOf(db, query);
  const [field, direction] = sortOf(query.order);
  const plan: Plan = { db, filter, field, direction };
  const offset = offsetOf(query);
  let rows: ListedRow[];
  let total: number;
  if (offset === 0) {
    // A first page that is not full is the whole answer: its total needs no count. The page carries
    // the list version it was read under: a total remembered under it is still exact.
    rows = await rowsOf(db, plainSort(field) ? keyedRows(plan, 0, query.perPage, false) : idsAt(plan, 0, query.perPage));
    total = rows.length < query.perPage ? rows.length : await countOf(db, filter, rows[0]?.version);
  } else {
    total = await countOf(db, filter);
    const limit = Math.min(query.perPage, total - offset);
    rows =
      limit <= 0 ? [] : plainSort(field) ? await rowsOfPlainSort(plan, offset, limit, total) : await rowsOf(db, idsAt(plan, offset, limit));
  }
  return { rows: rows.map(listedReceipt), total };
}

/** Sorts read by one ORDER BY (the others are runs put together: idsByNote, idsByExported, idsByReference). */
const plainSort = (field: ReceiptSortField) =>
  !(field === 'deliveryId' || field === 'deliveryNoteNo' || field === 'isExported' || field in REFERENCE_SORTS);

/** The ids of rows `from` … `from + limit` of the plan's order, in that order. */
function idsAt(plan: Plan, from: number, limit: number): Page {
  const { filter, field, direction } = plan;
  const runs = (byRuns: (where: SQL | undefined, direction: SortDirection) => Runs): Page => ({
    shape: `runs ${field} ${direction} where ${filter.shape}`,
    build: () => {
      // Rows offset … offset + limit of run `first` followed by run `second` (UNION ALL keeps each run's order).
      const { first, second } = byRuns(filter.where, direction);
      return sql`select id, null::text as key from ((${first}) union all (${second})) page limit ${placeholder('limit')} offset ${placeholder('offset')}`;
    },
    values: { ...filter.values, offset: from, limit, upTo: from + limit },
  });
  if (field === 'deliveryId' || field === 'deliveryNoteNo') return runs(idsByNote);
  if (field === 'isExported') return runs(idsByExported);
  if (field in REFERENCE_SORTS && from + limit <= REFERENCE_SORT_MAX) {
    const by = REFERENCE_SORTS[field as keyof typeof REFERENCE_SORTS];
    return runs((where) => idsByReference(by, where, direction));
  }
  return keyedRows(plan, from, limit, false);
}

/** Rows of a plain sort with their sort key and the list version they were read under. */
function keyedRows({ db, filter, field, direction }: Plan, skip: number, limit: number, reversed: boolean, from?: Boundary): Page {
  const seekShape = from === undefined ? 'start' : from.key === null ? 'after a null' : 'after';
  const column = sortColumnOf(filter, field);
  return {
    shape: `${field} ${direction}${reversed ? ' reversed' : ''} ${seekShape} where ${filter.shape}`,
    build: () =>
      idsSortedBy(db, column)
        .where(and(filter.where, from ? after(column, (direction === 'asc') !== reversed, from.key === null) : undefined))
        .orderBy(...orderOf(column, direction, reversed))
        .limit(placeholder('limit'))
        .offset(placeholder('skip')),
    values: { ...filter.values, skip, limit, boundaryKey: from?.key, boundaryId: from?.id },
  };
}

/**
 * A page of a plain sort, `offset` > 0: a seek from the nearest remembered boundary of the same
 * query under the same list version when there is one (docs/decisions/274), else OFFSET from the
 * nearer end. Either way the page's first and last rows are remembered as boundaries, and only
 * when the page was read under the version its total was counted under.
 */
async function rowsOfPlainSort(plan: Plan, offset: number, limit: number, total: number): Promise<ListedRow[]> {
  const { db } = plan;
  const queryKey = pageQueryKey(plan);
  const seek = seekFrom(db, queryKey, offset, limit);
  if (seek) {
    const read = await rowsOf(db, keyedRows(plan, seek.skip, limit, seek.reversed, seek.boundary));
    // Read under the boundary's version: the rows are where they were. Else OFFSET, as if none.
    if (read.length > 0 && read[0]!.version === seek.version) {
      const rows = seek.reversed ? read.reverse() : read;
      rememberBoundaries(db, queryKey, offset, rows);
      return rows;
    }
  }
  // One row more, the one before the page: the boundary a second read of this page seeks from.
  if (offset + limit / 2 <= total / 2) {
    const rows = await rowsOf(db, keyedRows(plan, offset - 1, limit + 1, false));
    rememberBoundaries(db, queryKey, offset - 1, rows);
    return rows.slice(1);
  }
  const rows = (await rowsOf(db, keyedRows(plan, total - offset - limit, limit + 1, true))).reverse();
  // Fewer: the list shrank since its total was counted, and the row before the page is what is missing.
  if (rows.length < limit + 1) return rows;
  rememberBoundaries(db, queryKey, offset - 1, rows);
  return rows.slice(1);
}

/** The same filter and sort give the same key (the filter's SQL and parameters). */
function pageQueryKey({ filter, field, direction }: Plan): string {
  return `${field} ${direction}\u0000${filter.key}`;
}

/** A sort read as two ordered runs, `first` then `second`, each limited to the placeholder upTo (offset + limit). */
interface Runs {
  first: SQL;
  second: SQL;
}
const upTo = sql.placeholder('upTo');

/**
 * A page of ids sorted by the note holding each receipt: PostgreSQL's order puts the receipts
 * without a note last ascending and first descending. Sorting a million receipts by a subquery
 * would read them all, so the page is read as two ordered runs one after the other — receipts with
 * no note by id (the primary key, probing the note index per row), and the lines of transfer and
 * scrap notes by note then receipt — and UNION ALL keeps each run's order (Append reads its first
 * input before its second; the run's own ORDER BY is kept inside it).
 */
function idsByNote(where: SQL | undefined, direction: SortDirection): Runs {
  const dir = sql.raw(direction);
  const matches = where ?? sql`true`;
  // Each run is limited itself (to offset + limit), so PostgreSQL plans it to start fast (an index
  // walk) rather than to sort all of it: the LIMIT outside a UNION ALL does not reach the runs' plans.
  const noNote = sql`select ${receipts.id} as id from ${receipts} where ${matches} and not exists ${noteLine('1')}
    order by ${receipts.id} ${dir} limit ${upTo}`;
  // dl.receipt_id is the receipt's id: (delivery_id, receipt_id) is the order of a unique index.
  const onNote = sql`select ${receipts.id} as id from ${deliveryLines} dl join ${receipts} on ${receipts.id} = dl.receipt_id
    where ${isExclusiveTypeSql('dl.delivery_type')} and ${matches} order by dl.delivery_id ${dir}, dl.receipt_id ${dir} limit ${upTo}`;
  return direction === 'desc' ? { first: noNote, second: onNote } : { first: onNote, second: noNote };
}

/**
 * A page of ids sorted by isExported, then id (docs/decisions/274): the same two runs — receipts not
 * exported by id (probing receipt_exports per row), and the exported ones walked in receipt_exports'
 * own key order — rather than a sort of a million `exists` subqueries (4–5 s).
 */
function idsByExported(where: SQL | undefined, direction: SortDirection): Runs {
  const dir = sql.raw(direction);
  const matches = where ?? sql`true`;
  const notExported = sql`select ${receipts.id} as id from ${receipts} where ${matches} and not ${isExported}
    order by ${receipts.id} ${dir} limit ${upTo}`;
  const exported = sql`select ${receipts.id} as id from ${receiptExports} x join ${receipts} on ${receipts.id} = x.receipt_id
    where ${matches} order by x.receipt_id ${dir} limit ${upTo}`;
  // false < true: ascending puts the receipts not exported first.
  return direction === 'desc' ? { first: exported, second: notExported } : { first: notExported, second: exported };
}

/**
 * Sorts by a small referenced table's name or code (docs/decisions/274): sorting a million receipts
 * by a joined name took 1–5 s. Instead each reference is walked in key order and its receipts read
 * by the (reference, id) index, `offset + limit` at most each, and the receipts with none form the
 * other run (nulls last ascending, first descending, as PostgreSQL orders). Used while
 * `offset + limit` is small (REFERENCE_SORT_MAX); deeper pages fall back to the plain sort.
 */
const REFERENCE_SORTS = {
  supplierCode: { table: suppliers, id: suppliers.id, fk: receipts.supplierId, key: sql`lower(${suppliers.name})` },
  collectionPoint: {
    table: collectionPoints,
    id: collectionPoints.id,
    fk: receipts.collectionPointId,
    key: sql`lower(${collectionPoints.name})`,
  },
  scrapReason: { table: scrapReasons, id: scrapReasons.id, fk: receipts.scrapReasonId, key: sql`${scrapReasons.code}` },
} satisfies Partial<Record<ReceiptSortField, unknown>>;
const REFERENCE_SORT_MAX = 2000;

function idsByReference(
  by: (typeof REFERENCE_SORTS)[keyof typeof REFERENCE_SORTS],
  where: SQL | undefined,
  direction: SortDirection,
): Runs {
  const dir = sql.raw(direction);
  const matches = where ?? sql`true`;
  const withReference = sql`select page.id from ${by.table} cross join lateral (
      select ${receipts.id} as id from ${receipts} where ${by.fk} = ${by.id} and ${matches} order by ${receipts.id} ${dir} limit ${upTo}
    ) page order by ${by.key} ${dir}, page.id ${dir} limit ${upTo}`;
  const withNone = sql`select ${receipts.id} as id from ${receipts} where ${by.fk} is null and ${matches}
    order by ${receipts.id} ${dir} limit ${upTo}`;
  return direction === 'desc' ? { first: withNone, second: withReference } : { first: withReference, second: withNone };
}

/**
 * A whole LB number and no other filter, on the first page — what a scan asks, the most frequent
 * lookup: the receipt with everything it shows in one prepared statement on the unique index
 * (docs/decisions/247), instead of an id lookup, a page of ids and the rows of those ids. Undefined
 * when the query is anything else or no receipt holds that number (then the list's usual path, whose
 * "contains" search answers a partial number).
 */
async function scannedReceipt(db: Db, query: ReceiptListQuery): Promise<ListedRow | undefined> {
  const { lbNumber, page, perPage: _perPage, order: _order, ...otherFilters } = query;
  if (!lbNumber || page !== 1 || Object.values(otherFilters).some((value) => value !== undefined)) return undefined;
  const whole = normalizeLbNumber(lbNumber);
  if (!LB_NUMBER_PATTERN.test(whole)) return undefined;
  byLbNumber ??= nameStatement(
    db,
    sql`select ${listedColumns}, null as "key", null as "version" from ${listedFrom} where ${receipts.lbNumber} = ${sql.placeholder('lbNumber')}`,
  );
  const [row] = await selectNamedRows<ListedRow>(db, byLbNumber, { lbNumber: whole });
  return row;
}
let byLbNumber: NamedStatement | undefined;

/**
 * What a receipt of the list shows, one column each (docs/decisions/259, 285): the rows come back as
 * the driver reads them and `listedReceipt` makes each the contract's receipt. The date is written
 * by PostgreSQL as JavaScript's toISOString writes it. The names are joined, not a subquery each as
 * in receiptFields: both statements reading these are prepared and planned once per connection, so
 * the join's planning is paid once, and each reference is probed once a row — the cooler was probed
 * four times and the account twice (0.29 against 0.46 ms for 20 receipts). The collection point's
 * name is the one subquery, receiptFields' own: joined, the plan for any values hashed every
 * collection point on every call (1,005 at the bench's size), 0.75–0.79 against 0.67 ms a call for
 * 20 receipts (docs/decisions/295).
 */
const listedColumns = aliased({
  id: receipts.id,
  lbNumber: receipts.lbNumber,
  receiptDate: isoTime(receipts.receiptDate),
  supplierId: receipts.supplierId,
  supplierName: suppliers.name,
  accountId: receipts.customerAccountId,
  accountName: customerAccounts.name,
  customer: clients.name,
  inventoryItemId: receipts.inventoryItemId,
  serialNumber: coolers.serialNumber,
  partNumberId: coolers.partNumberId,
  partNumber: partNumbers.partNumber,
  // As text, the way the date column answers it ('YYYY-MM-DD'), on either driver.
  dateOfManufacture: sql`${coolers.dateOfManufacture}::text`,
  collectionPointId: receipts.collectionPointId,
  collectionPointName: receiptFields.collectionPointName,
  engineerNo: receipts.engineerNo,
  processOption: receipts.processOption,
  processState: receipts.processState,
  scrapReason: scrapReasons.code,
  notes: receipts.notes,
  tagFaultComment: receipts.tagFaultComment,
  assetNo: receipts.assetNo,
  isExported,
  deliveryId: sql`dl.delivery_id`,
  deliveryType: sql`dl.delivery_type`,
});

/**
 * The tables `listedColumns` reads. The references are NOT NULL foreign keys (or nullable ones shown
 * as null), and a receipt is on at most one transfer or scrap note (the partial unique index on
 * delivery_lines(receipt_id)), so each receipt is one row.
 */
const listedFrom = sql`${receipts}
  join ${suppliers} on ${suppliers.id} = ${receipts.supplierId}
  join ${customerAccounts} on ${customerAccounts.id} = ${receipts.customerAccountId}
  join ${clients} on ${clients.id} = ${customerAccounts.clientId}
  join ${coolers} on ${coolers.id} = ${receipts.inventoryItemId}
  join ${partNumbers} on ${partNumbers.id} = ${coolers.partNumberId}
  left join ${scrapReasons} on ${scrapReasons.id} = ${receipts.scrapReasonId}
  left join ${deliveryLines} dl on dl.receipt_id = ${receipts.id} and ${isExclusiveTypeSql('dl.delivery_type')}`;

/** A row of `listedColumns`, with its sort key as text and the list version it was read under (a page boundary's). */
interface ListedRow extends Boundary {
  version: string;
  lbNumber: string;
  receiptDate: string;
  supplierId: number;
  supplierName: string;
  accountId: number;
  accountName: string;
  customer: string;
  inventoryItemId: string;
  serialNumber: string;
  partNumberId: string;
  partNumber: string;
  dateOfManufacture: string;
  collectionPointId: number | null;
  collectionPointName: string | null;
  engineerNo: string | null;
  processOption: Receipt['processOption'];
  processState: Receipt['processState'];
  scrapReason: number | null;
  notes: string | null;
  tagFaultComment: string | null;
  assetNo: string | null;
  isExported: boolean;
  deliveryId: number | null;
  deliveryType: Receipt['deliveryType'];
}

/**
 * The receipts of a page of ids (`page`: a statement selecting `id` and `key`), in its order, with
 * the list version the ids were read under. Two statements: the ids, planned for their values, and
 * the rows of those ids, prepared by name and planned once per connection. As one statement the
 * rows' two dozen subqueries were planned again on every call (PostgreSQL keeps custom plans for it:
 * its generic plan, with LIMIT unknown, scans every receipt), which cost more than the second round
 * trip saves (docs/decisions/285).
 */
async function rowsOf(db: Db, page: Page): Promise<ListedRow[]> {
  const keyed = await selectShaped<Boundary & { version: string }>(
    db,
    `receipts: page ${page.shape}`,
    () => sql`select p.id, p.key, ${versionNow} as "version" from (${page.build()}) p`,
    page.values,
  );
  if (keyed.length === 0) return [];
  byIds ??= nameStatement(
    db,
    sql`select ${listedColumns}, null as "key", null as "version" from ${listedFrom} where ${receipts.id} = any(${sql.placeholder('ids')}::uuid[])`,
  );
  const rows = await selectNamedRows<ListedRow>(db, byIds, {
    ids: idsForPlan(
      keyed.map((k) => k.id),
      NIL_UUID,
    ),
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inOrder: ListedRow[] = [];
  for (const { id, key, version } of keyed) {
    const row = byId.get(id);
    if (!row) continue;
    row.key = key;
    row.version = version;
    inOrder.push(row);
  }
  return inOrder;
}
let byIds: NamedStatement | undefined;

/** A listed row as the contract's receipt; the same receipt as receipts.service's toReceipt gives it. */
function listedReceipt(row: ListedRow): Receipt {
  return {
    id: row.id,
    lbNumber: row.lbNumber,
    receiptDate: row.receiptDate,
    supplier: { id: row.supplierId, name: row.supplierName },
    account: { id: row.accountId, name: row.accountName },
    inventoryItem: {
      id: row.inventoryItemId,
      serialNumber: row.serialNumber,
      partNumber: { id: row.partNumberId, partNumber: row.partNumber },
      dateOfManufacture: row.dateOfManufacture,
    },
    collectionPoint:
      row.collectionPointId !== null && row.collectionPointName !== null
        ? { id: row.collectionPointId, name: row.collectionPointName }
        : null,
    engineerNo: row.engineerNo,
    processOption: row.processOption,
    processState: row.processState,
    scrapReason: row.scrapReason,
    notes: row.notes,
    tagFaultComment: row.tagFaultComment,
    assetNo: row.assetNo,
    isExported: row.isExported,
    supplierCode: row.supplierName,
    accountNo: row.accountName,
    customer: row.customer,
    tagNumber: row.lbNumber,
    roNumber: null,
    // The transfer or scrap note holding this LB number; its number is its id.
    deliveryNoteNo: row.deliveryId === null ? null : String(row.deliveryId),
    deliveryId: row.deliveryId,
    deliveryType: row.deliveryType,
  };
}
