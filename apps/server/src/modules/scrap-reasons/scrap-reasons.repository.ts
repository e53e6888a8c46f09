/** SQL for scrap reasons. Every function takes `db`, which may be a transaction. */
import { and, eq, sql } from 'drizzle-orm';
import type { ScrapReasonListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions } from '../../db/versions';
import { containsText, findPage, orderByOf } from '../../db/paging';
import { CATALOG } from '../../db/list-counts';
import { removeUnlessUsed } from '../../db/remove-unused';
import { scrapReasons } from '../../db/schema';
import { assertUnique } from '../../db/unique';

export const versions = tableVersions(scrapReasons);

export type ScrapReasonValues = { code: number; reason: string };

const fields = { id: scrapReasons.id, code: scrapReasons.code, reason: scrapReasons.reason };
const SORT_COLUMNS = { id: scrapReasons.id, code: scrapReasons.code, reason: sql`lower(${scrapReasons.reason})` } as const;

export function listScrapReasons(db: Db, query: ScrapReasonListQuery) {
  // The list's `name` filter searches the reason text (the form calls the reason its name).
  const where = and(
    query.name ? containsText(scrapReasons.reason, query.name) : undefined,
    query.code === undefined ? undefined : eq(scrapReasons.code, query.code),
  );
  const orderBy = orderByOf(query.order, SORT_COLUMNS, 'code', scrapReasons.id, ['code']);
  return findPage(db, db.select(fields).from(scrapReasons).$dynamic(), scrapReasons, where, orderBy, query, CATALOG);
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
