/** SQL for CC codes. Every function takes `db`, which may be a transaction. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CcCodeDropDownQuery, CcCodeListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions } from '../../db/versions';
import { containsText, findPage, orderByOf } from '../../db/paging';
import { CATALOG } from '../../db/list-counts';
import { removeUnlessUsed } from '../../db/remove-unused';
import { ccCodes } from '../../db/schema';
import { assertUnique } from '../../db/unique';

export type CcCodeRow = typeof ccCodes.$inferSelect;
export type CcCodeValues = Pick<typeof ccCodes.$inferInsert, 'code' | 'name' | 'pricePence'>;

const SORT_COLUMNS = {
  code: sql`lower(${ccCodes.code})`,
  name: sql`lower(${ccCodes.name})`,
  price: ccCodes.pricePence,
} as const;

function whereOf(query: { code?: string | undefined; name?: string | undefined }): SQL | undefined {
  const filters: SQL[] = [];
  if (query.code) filters.push(containsText(ccCodes.code, query.code));
  if (query.name) filters.push(containsText(ccCodes.name, query.name));
  return filters.length ? and(...filters) : undefined;
}

export function listCcCodes(db: Db, query: CcCodeListQuery) {
  const orderBy = orderByOf(query.order, SORT_COLUMNS, 'code', ccCodes.id, ['code']);
  return findPage(db, db.select().from(ccCodes).$dynamic(), ccCodes, whereOf(query), orderBy, query, CATALOG);
}

/** The dropdown of docs/product.md §7: id, code and name, by code. */
export function listCcCodeOptions(db: Db, query: CcCodeDropDownQuery) {
  const options = db.select({ id: ccCodes.id, code: ccCodes.code, name: ccCodes.name }).from(ccCodes).$dynamic();
  return findPage(db, options, ccCodes, whereOf(query), orderByOf(undefined, SORT_COLUMNS, 'code', ccCodes.id, ['code']), query, CATALOG);
}

export function findCcCode(db: Db, id: string): Promise<CcCodeRow | undefined> {
  return db.query.ccCodes.findFirst({ where: eq(ccCodes.id, id) });
}

/** Undefined when the id — or another unique value — is already taken (see lib/create-once). */
export async function insertCcCode(db: Db, id: string, values: CcCodeValues): Promise<CcCodeRow | undefined> {
  const [row] = await db
    .insert(ccCodes)
    .values({ id, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateCcCode(db: Db, id: string, values: CcCodeValues, by: { username: string }): Promise<CcCodeRow | undefined> {
  const [row] = await db
    .update(ccCodes)
    .set({ ...values, ...nextVersion(ccCodes, by) })
    .where(eq(ccCodes.id, id))
    .returning();
  return row;
}

export const versions = tableVersions(ccCodes);

/** 400 on `code` when another CC code has it, ignoring case. */
export function assertCodeFree(db: Db, code: string, exceptId?: string): Promise<void> {
  return assertUnique(db, { table: ccCodes, column: ccCodes.code, idColumn: ccCodes.id, value: code, exceptId, field: 'code' });
}

/** Deleted only while no other row uses it (db/remove-unused). */
export function removeCcCode(db: Db, id: string): Promise<void> {
  return removeUnlessUsed(db, ccCodes, ccCodes.id, id);
}
