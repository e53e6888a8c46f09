/** SQL for part numbers. Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { PartNumber, PartNumberListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions } from '../../db/versions';
import { aliased, containsFilter, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { CATALOG } from '../../db/list-counts';
import { removeUnlessUsed } from '../../db/remove-unused';
import { partNumbers } from '../../db/schema';
import { assertUnique } from '../../db/unique';

export type PartNumberRow = typeof partNumbers.$inferSelect;
export type PartNumberValues = Pick<typeof partNumbers.$inferInsert, 'partNumber' | 'description'>;

const listed: ListDefinition<PartNumberListQuery, PartNumber, PartNumber> = {
  name: 'part_numbers',
  list: CATALOG,
  columns: aliased({ id: partNumbers.id, partNumber: partNumbers.partNumber, description: partNumbers.description }),
  from: sql`${partNumbers}`,
  countFrom: sql`${partNumbers}`,
  filters: { partNumber: containsFilter(partNumbers.partNumber, 'partNumber', (query: PartNumberListQuery) => query.partNumber) },
  sorts: {
    // Part numbers are unique ignoring case: lower(part_number) orders every row.
    partNumber: { by: sql`lower(${partNumbers.partNumber})`, unique: true },
    description: { by: sql`lower(${partNumbers.description})` },
  },
  sortOf: sortOfOrder('partNumber'),
  tieBreak: partNumbers.id,
  item: (row) => ({ id: row.id, partNumber: row.partNumber, description: row.description }),
};

export function listPartNumbers(db: Db, query: PartNumberListQuery) {
  return listPage(db, listed, query);
}

export function findPartNumber(db: Db, id: string): Promise<PartNumberRow | undefined> {
  return db.query.partNumbers.findFirst({ where: eq(partNumbers.id, id) });
}

/** Undefined when the id — or another unique value — is already taken (see lib/create-once). */
export async function insertPartNumber(db: Db, id: string, values: PartNumberValues): Promise<PartNumberRow | undefined> {
  const [row] = await db
    .insert(partNumbers)
    .values({ id, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updatePartNumber(
  db: Db,
  id: string,
  values: PartNumberValues,
  by: { username: string },
): Promise<PartNumberRow | undefined> {
  const [row] = await db
    .update(partNumbers)
    .set({ ...values, ...nextVersion(partNumbers, by) })
    .where(eq(partNumbers.id, id))
    .returning();
  return row;
}

export const versions = tableVersions(partNumbers);

/** 400 on `partNumber` when another row has it, ignoring case. */
export function assertNumberFree(db: Db, partNumber: string, exceptId?: string): Promise<void> {
  return assertUnique(db, {
    table: partNumbers,
    column: partNumbers.partNumber,
    idColumn: partNumbers.id,
    value: partNumber,
    exceptId,
    field: 'partNumber',
  });
}

/** Deleted only while no other row uses it (db/remove-unused). */
export function removePartNumber(db: Db, id: string): Promise<void> {
  return removeUnlessUsed(db, partNumbers, partNumbers.id, id);
}
