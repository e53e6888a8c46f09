/** SQL for coolers, each answered with its part number's id and text. Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { Cooler, CoolerListQuery } from '@cooler-hub/contract/coolers';
import { nextVersion, tableVersions } from '../../db/versions';
import type { Db } from '../../db/client';
import { INVENTORY } from '../../db/list-counts';
import { inKeys } from '../../db/paging';
import { preparedPerDb } from '../../db/rows';
import { aliased, listPage, serialFilters, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { inUseMessage, usagesOf } from '../../db/references';
import { coolers, partNumbers, receipts } from '../../db/schema';
import { assertUnique } from '../../db/unique';
import { ConflictError } from '../../lib/errors';

export type CoolerValues = Pick<typeof coolers.$inferInsert, 'serialNumber' | 'partNumberId' | 'dateOfManufacture' | 'modelNumber'>;

const coolerFields = {
  id: coolers.id,
  serialNumber: coolers.serialNumber,
  partNumber: { id: partNumbers.id, partNumber: partNumbers.partNumber },
  dateOfManufacture: coolers.dateOfManufacture,
  modelNumber: coolers.modelNumber,
  /**
   * The LB number of the cooler's newest receipt (latest receipt date, then latest created): one
   * index probe per row of the page (receipts_inventory_item_idx), in the same statement — no N+1.
   */
  lastLbNumber: sql<string | null>`(
    select ${receipts.lbNumber} from ${receipts}
    where ${receipts.inventoryItemId} = ${coolers.id}
    order by ${receipts.receiptDate} desc, ${receipts.createdAt} desc
    limit 1
  )`.as('last_lb_number'),
};

const withPartNumber = (db: Db) => db.select(coolerFields).from(coolers).innerJoin(partNumbers, eq(partNumbers.id, coolers.partNumberId));

export type CoolerRow = Awaited<ReturnType<typeof withPartNumber>>[number];

type ListedCooler = Omit<Cooler, 'partNumber'> & { partNumberId: string; partNumberText: string };

/**
 * The coolers list (docs/decisions/285). Its serial search is "contains" whatever the text, a whole
 * serial too: the receipt form's typeahead offers the cooler with that serial and the longer serials
 * holding it, and Enter picks the exact one. The trigram index is asked for the text's tail
 * (docs/decisions/289).
 */
const listed: ListDefinition<CoolerListQuery, ListedCooler, Cooler> = {
  name: 'coolers',
  list: INVENTORY,
  columns: aliased({
    id: coolers.id,
    serialNumber: coolers.serialNumber,
    partNumberId: partNumbers.id,
    partNumberText: partNumbers.partNumber,
    // As text, the way the date column answers it ('YYYY-MM-DD'), on either driver.
    dateOfManufacture: sql`${coolers.dateOfManufacture}::text`,
    modelNumber: coolers.modelNumber,
    lastLbNumber: coolerFields.lastLbNumber.getSQL(),
  }),
  from: sql`${coolers} inner join ${partNumbers} on ${partNumbers.id} = ${coolers.partNumberId}`,
  // Only the cooler's own columns are filtered, so counting `coolers` alone counts the same rows.
  countFrom: sql`${coolers}`,
  filters: serialFilters(coolers.serialNumber, 'serialNumber', (query: CoolerListQuery) => query.serialNumber),
  sorts: {
    // Serials are unique ignoring case: lower(serial_number) orders every row.
    serialNumber: { by: sql`lower(${coolers.serialNumber})`, unique: true },
    partNumber: { by: sql`lower(${partNumbers.partNumber})` },
    dateOfManufacture: { by: coolers.dateOfManufacture },
  },
  sortOf: sortOfOrder('serialNumber'),
  tieBreak: coolers.id,
  item: (row) => ({
    id: row.id,
    serialNumber: row.serialNumber,
    partNumber: { id: row.partNumberId, partNumber: row.partNumberText },
    dateOfManufacture: row.dateOfManufacture,
    modelNumber: row.modelNumber,
    lastLbNumber: row.lastLbNumber,
  }),
};

export function listCoolers(db: Db, query: CoolerListQuery): Promise<{ rows: Cooler[]; total: number }> {
  return listPage(db, listed, query);
}

/** The coolers with these serial numbers, ignoring case (an import's batch); locked when `lock`. */
export async function coolersWithSerials(db: Db, serials: string[], lock: boolean): Promise<CoolerRow[]> {
  if (serials.length === 0) return [];
  const rows = withPartNumber(db).where(
    inKeys(
      sql`lower(${coolers.serialNumber})`,
      serials.map((s) => s.toLowerCase()),
      'text',
    ),
  );
  return lock ? rows.for('update', { of: coolers }) : rows;
}

/** The ids of the coolers with these serial numbers, ignoring case (an import's receipts name their coolers so). */
export async function coolerIdsWithSerials(db: Db, serials: string[]): Promise<{ id: string; serialNumber: string }[]> {
  if (serials.length === 0) return [];
  return db
    .select({ id: coolers.id, serialNumber: coolers.serialNumber })
    .from(coolers)
    .where(
      inKeys(
        sql`lower(${coolers.serialNumber})`,
        serials.map((s) => s.toLowerCase()),
        'text',
      ),
    );
}

/** Many new coolers in one statement (an import's batch); a taken serial fails it. */
export async function insertCoolers(db: Db, rows: (CoolerValues & { id: string })[]): Promise<void> {
  if (rows.length > 0) await db.insert(coolers).values(rows);
}

/** The cooler of an id, prepared once per database handle (docs/decisions/287). */
const coolerById = preparedPerDb((db) =>
  withPartNumber(db)
    .where(eq(coolers.id, sql.placeholder('id')))
    .prepare('cooler_by_id'),
);

export async function findCooler(db: Db, id: string): Promise<CoolerRow | undefined> {
  const [row] = await coolerById(db).execute({ id });
  return row;
}

/**
 * The cooler as it is now, locked until the transaction ends (FOR UPDATE OF coolers: the part
 * number row is read, not locked), so a concurrent change waits and then reads this one's result.
 */
export async function lockCooler(tx: Db, id: string): Promise<CoolerRow | undefined> {
  const [row] = await withPartNumber(tx).where(eq(coolers.id, id)).for('update', { of: coolers });
  return row;
}

/** False when the id — or the serial number — is already taken (see lib/create-once). */
export async function insertCooler(db: Db, id: string, values: CoolerValues): Promise<boolean> {
  const rows = await db
    .insert(coolers)
    .values({ id, ...values })
    .onConflictDoNothing()
    .returning({ id: coolers.id });
  return rows.length > 0;
}

export async function updateCooler(db: Db, id: string, values: Omit<CoolerValues, 'modelNumber'>, by: { username: string }): Promise<void> {
  await db
    .update(coolers)
    .set({ ...values, ...nextVersion(coolers, by) })
    .where(eq(coolers.id, id));
}

export async function deleteCooler(db: Db, id: string): Promise<void> {
  await db.delete(coolers).where(eq(coolers.id, id));
}

export const versions = tableVersions(coolers);

/** 400 on `serialNumber` when another cooler has it, ignoring case. */
export function assertSerialFree(db: Db, serialNumber: string, exceptId?: string): Promise<void> {
  return assertUnique(db, {
    table: coolers,
    column: coolers.serialNumber,
    idColumn: coolers.id,
    value: serialNumber,
    exceptId,
    field: 'serialNumber',
  });
}

/** 400 naming the rows that still use the cooler (db/references). */
export async function assertCoolerUnused(db: Db, id: string): Promise<void> {
  const usages = await usagesOf(db, coolers, id);
  if (usages.length > 0) throw new ConflictError(inUseMessage('coolers', usages));
}
