/**
 * SQL for one cooler's timeline (docs/decisions/251). Every read walks an index by the cooler or by
 * the subject of an entry: receipts by receipts_inventory_item_idx, their note through
 * delivery_lines_exclusive_receipt_unique, history by revision_entries_entry_idx — also the receipts
 * of the cooler since deleted, each kept by an entry under the cooler's id. Every function
 * takes `db`, which may be a transaction.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, customerAccounts, deliveries, deliveryLines, receipts, revisionEntries } from '../../db/schema';
import { RECEIPT_OF_COOLER_KIND, type RevisionEntryRow } from '../revision-entries/revision-entries.repository';
import { rowsOf } from '../../db/rows';
import { isExclusiveTypeSql } from '../../db/exclusive-types';

/** The cooler's receipts, newest first (receipt date, then created), at most `limit`, each with the transfer or scrap note holding it. */
export function coolerReceipts(db: Db, coolerId: string, limit: number) {
  return (
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
      .where(eq(receipts.inventoryItemId, coolerId))
      .orderBy(desc(receipts.receiptDate), desc(receipts.createdAt), desc(receipts.id))
      .limit(limit)
  );
}

export type CoolerReceiptRow = Awaited<ReturnType<typeof coolerReceipts>>[number];

export async function countCoolerReceipts(db: Db, coolerId: string): Promise<number> {
  return (await db.select({ total: count() }).from(receipts).where(eq(receipts.inventoryItemId, coolerId)))[0]?.total ?? 0;
}

/**
 * The subjects whose history the timeline merges: the cooler, each of its receipts with its LB
 * number, and each receipt of it since deleted with the LB number it had (docs/decisions/256; one
 * whose id was later taken by a new receipt of this cooler is that receipt, listed once).
 */
const subjectsOf = (coolerId: string) => sql`(
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

/**
 * One page of the merged history, newest first (by id: ids follow insertion order). Each subject's
 * entries are read newest first from revision_entries_entry_idx and stop at offset + limit, so a
 * page reads at most that many entries per subject, never a whole history to sort.
 */
export async function mergedHistoryPage(
  db: Db,
  coolerId: string,
  offset: number,
  limit: number,
): Promise<{ rows: (RevisionEntryRow & { lbNumber: string | null })[]; total: number }> {
  const upTo = offset + limit;
  const page = rowsOf<{ id: number | string; lb_number: string | null }>(
    await db.execute(sql`select e.id, s.lb_number from ${subjectsOf(coolerId)} s
      cross join lateral (
        select re.id from ${revisionEntries} re
        where re.entry_kind = s.kind and re.entry_ref = s.ref
        order by re.id desc limit ${upTo}
      ) e
      order by e.id desc limit ${limit} offset ${offset}`),
  );
  const [counted] = rowsOf<{ total: number | string }>(
    await db.execute(sql`select count(*) as total from ${subjectsOf(coolerId)} s
      join ${revisionEntries} re on re.entry_kind = s.kind and re.entry_ref = s.ref`),
  );
  const total = Number(counted?.total ?? 0);
  if (page.length === 0) return { rows: [], total };
  const ids = page.map((r) => Number(r.id));
  const entries = await db.select().from(revisionEntries).where(inArray(revisionEntries.id, ids));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const rows = page.flatMap((r) => {
    const entry = byId.get(Number(r.id));
    return entry ? [{ ...entry, lbNumber: r.lb_number }] : [];
  });
  return { rows, total };
}
