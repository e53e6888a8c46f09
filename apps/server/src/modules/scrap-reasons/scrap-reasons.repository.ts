/** SQL for scrap reasons. Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import type { ScrapReasonListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions } from '../../db/versions';
import { aliased, containsFilter, equalsFilter, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { CATALOG } from '../../db/list-counts';
import { removeUnlessUsed } from '../../db/remove-unused';
import { scrapReasons } from '../../db/schema';
import { assertUnique } from '../../db/unique';

export const versions = tableVersions(scrapReasons);

export type ScrapReasonValues = { code: number; reason: string };

const fields = { id: scrapReasons.id, code: scrapReasons.code, reason: scrapReasons.reason };
type ScrapReasonItem = { id: number; code: number; reason: string };

const listed: ListDefinition<ScrapReasonListQuery, ScrapReasonItem, ScrapReasonItem> = {
  name: 'scrap_reasons',
  list: CATALOG,
  columns: aliased(fields),
  from: sql`${scrapReasons}`,
  countFrom: sql`${scrapReasons}`,
  filters: {
    // The list's `name` filter searches the reason text (the form calls the reason its name).
    name: containsFilter(scrapReasons.reason, 'name', (query: ScrapReasonListQuery) => query.name),
    code: equalsFilter(scrapReasons.code, 'code', (query: ScrapReasonListQuery) => query.code),
  },
  // Codes are unique: they order every row.
  sorts: {
    id: { by: scrapReasons.id, unique: true },
    code: { by: scrapReasons.code, unique: true },
    reason: { by: sql`lower(${scrapReasons.reason})` },
  },
  sortOf: sortOfOrder('code'),
  tieBreak: scrapReasons.id,
  item: (row) => ({ id: row.id, code: row.code, reason: row.reason }),
};

export function listScrapReasons(db: Db, query: ScrapReasonListQuery) {
  return listPage(db, listed, query);
}

export async function findScrapReason(db: Db, id: number) {
  const [row] = await db.select(fields).from(scrapReasons).where(eq(scrapReasons.id, id));
  return row;
}

export async function insertScrapReason(db: Db, values: ScrapReasonValues) {
  const [row] = await db.insert(scrapReasons).values(values).returning(fields);
  if (!row) throw new Error('insert into scrap_reasons returned no row');
  return row;
}

export async function updateScrapReason(db: Db, id: number, values: ScrapReasonValues, by: { username: string }) {
  const [row] = await db
    .update(scrapReasons)
    .set({ ...values, ...nextVersion(scrapReasons, by) })
    .where(eq(scrapReasons.id, id))
    .returning(fields);
  return row;
}

/** 400 on `number` (the form's name for the code) when another reason has the code. */
export function assertCodeFree(db: Db, code: number, exceptId?: number): Promise<void> {
  return assertUnique(db, {
    table: scrapReasons,
    column: scrapReasons.code,
    idColumn: scrapReasons.id,
    value: code,
    exceptId,
    field: 'number',
  });
}

/** Deleted only while no other row uses it (db/remove-unused). */
export function removeScrapReason(db: Db, id: number): Promise<void> {
  return removeUnlessUsed(db, scrapReasons, scrapReasons.id, id);
}
