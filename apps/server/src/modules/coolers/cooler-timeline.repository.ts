/**
 * SQL for one cooler's timeline (docs/decisions/251). Every read walks an index by the cooler or by
 * the subject of an entry: receipts by receipts_inventory_item_idx, their note through
 * delivery_lines_exclusive_receipt_unique, history by revision_entries_entry_idx — also the receipts
 * of the cooler since deleted, each kept by an entry under the cooler's id. Every function
 * takes `db`, which may be a transaction.
 */
import { and, count, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, customerAccounts, deliveries, deliveryLines, receipts, revisionEntries } from '../../db/schema';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { entryColumns, entryOfRow, RECEIPT_OF_COOLER_KIND, type EntryRow } from '../revision-entries/revision-entries.repository';
import { nameStatement, preparedPerDb, selectNamedRows, type NamedStatement } from '../../db/rows';
import { isExclusiveTypeSql } from '../../db/exclusive-types';

/**
 * The cooler's receipts, newest first (receipt date, then created), at most `limit`, each with the
 * transfer or scrap note holding it: prepared once per database handle (docs/decisions/287).
 */
const receiptsOfCooler = preparedPerDb((db) =>
  db
    .select({
      id: receipts.id,
      lbNumber: receipts.lbNumber,
      receiptDate: receipts.receiptDate,
      account: { id: receipts.customerAccountId, name: customerAccounts.name },
      customer: clients.name,
      processOption: receipts.processOption,
      processState: receipts.processState,
      noteId: deliveryLines.deliveryId,
      noteType: deliveryLines.deliveryType,
      noteStatus: deliveries.status,
    })
    .from(receipts)
    .innerJoin(customerAccounts, eq(customerAccounts.id, receipts.customerAccountId))
    .innerJoin(clients, eq(clients.id, customerAccounts.clientId))
    // At most one line per receipt: the partial unique index on delivery_lines(receipt_id) (docs/decisions/151).
    .leftJoin(deliveryLines, and(eq(deliveryLines.receiptId, receipts.id), isExclusiveTypeSql(deliveryLines.deliveryType)))
    .leftJoin(deliveries, eq(deliveries.id, deliveryLines.deliveryId))
    .where(eq(receipts.inventoryItemId, sql.placeholder('coolerId')))
    .orderBy(desc(receipts.receiptDate), desc(receipts.createdAt), desc(receipts.id))
    .limit(sql.placeholder('limit'))
    .prepare('cooler_receipts'),
);

export function coolerReceipts(db: Db, coolerId: string, limit: number) {
  return receiptsOfCooler(db).execute({ coolerId, limit });
}

export type CoolerReceiptRow = Awaited<ReturnType<typeof coolerReceipts>>[number];

const receiptsOfCoolerCount = preparedPerDb((db) =>
  db
    .select({ total: count() })
    .from(receipts)
    .where(eq(receipts.inventoryItemId, sql.placeholder('coolerId')))
    .prepare('cooler_receipts_count'),
);

export async function countCoolerReceipts(db: Db, coolerId: string): Promise<number> {
  return (await receiptsOfCoolerCount(db).execute({ coolerId }))[0]?.total ?? 0;
}

/**
 * The subjects whose history the timeline merges: the cooler, each of its receipts with its LB
 * number, and each receipt of it since deleted with the LB number it had (docs/decisions/256; one
 * whose id was later taken by a new receipt of this cooler is that receipt, listed once).
 */
const subjectsOf = (coolerId: SQLWrapper) => sql`(
  select 'Cooler'::varchar as kind, ${coolerId}::text as ref, null::varchar as lb_number
  union all
  select 'Receipt'::varchar, r.id::text, r.lb_number from ${receipts} r where r.inventory_item_id = ${coolerId}
  union all
  select 'Receipt'::varchar, gone.text_only_message[1], gone.text_only_message[2] from ${revisionEntries} gone
  where gone.entry_kind = ${RECEIPT_OF_COOLER_KIND} and gone.entry_ref = ${coolerId}
    and not exists (
      select 1 from ${receipts} r where r.id = gone.text_only_message[1]::uuid and r.inventory_item_id = ${coolerId}
    )
)`;

/** An entry of the merged history as the timeline shows it: the revision entry and the LB number of its subject. */
export type TimelineEntry = RevisionEntry & { lbNumber: string | null };

/**
 * One page of the merged history, newest first (by id: ids follow insertion order), with each
 * entry's fields, in one statement prepared once (docs/decisions/285). Each subject's entries are
 * read newest first from revision_entries_entry_idx and stop at offset + limit, so a page reads at
 * most that many entries per subject, never a whole history to sort.
 */
let historyPage: NamedStatement | undefined;
let historyCount: NamedStatement | undefined;

export async function mergedHistoryPage(
  db: Db,
  coolerId: string,
  offset: number,
  limit: number,
): Promise<{ rows: TimelineEntry[]; total: number }> {
  const cooler = sql.placeholder('coolerId');
  historyPage ??= nameStatement(
    db,
    sql`select ${entryColumns}, page.lb_number as "lbNumber"
      from (
        select e.id, s.lb_number from ${subjectsOf(cooler)} s
        cross join lateral (
          select re.id from ${revisionEntries} re
          where re.entry_kind = s.kind and re.entry_ref = s.ref
          order by re.id desc limit ${sql.placeholder('upTo')}
        ) e
        order by e.id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) page join ${revisionEntries} on ${revisionEntries.id} = page.id
      order by ${revisionEntries.id} desc`,
  );
  historyCount ??= nameStatement(
    db,
    sql`select count(*)::int as total from ${subjectsOf(cooler)} s
      join ${revisionEntries} re on re.entry_kind = s.kind and re.entry_ref = s.ref`,
  );
  const [rows, [counted]] = await Promise.all([
    selectNamedRows<EntryRow & { lbNumber: string | null }>(db, historyPage, { coolerId, upTo: offset + limit, limit, offset }),
    selectNamedRows<{ total: number }>(db, historyCount, { coolerId }),
  ]);
  const entries = rows.map((row) => {
    // The entry gains its LB number in place: no copy of it per row (docs/decisions/259).
    const entry = entryOfRow(row) as TimelineEntry;
    entry.lbNumber = row.lbNumber;
    return entry;
  });
  return { rows: entries, total: counted?.total ?? 0 };
}
