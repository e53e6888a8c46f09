/** SQL for CC codes. Every function takes `db`, which may be a transaction. */
import { eq, sql, type AnyColumn } from 'drizzle-orm';
import type { CcCode, CcCodeDropDownQuery, CcCodeListQuery } from '@cooler-hub/contract/settings';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions } from '../../db/versions';
import { aliased, containsFilter, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { CATALOG } from '../../db/list-counts';
import type { PageQuery } from '../../db/paging';
import { removeUnlessUsed } from '../../db/remove-unused';
import { ccCodes } from '../../db/schema';
import { assertUnique } from '../../db/unique';

export type CcCodeRow = typeof ccCodes.$inferSelect;
export type CcCodeValues = Pick<typeof ccCodes.$inferInsert, 'code' | 'name' | 'pricePence'>;

type CcCodeFilters = { code?: string | undefined; name?: string | undefined };
type CcCodeOption = { id: string; code: string; name: string };

/** The list and its dropdown: the same filters and sorts, the list with the price. */
function ccCodesListed<Q extends CcCodeFilters & PageQuery, Raw extends CcCodeOption, Item>(
  name: string,
  columns: Record<string, AnyColumn>,
  item: (row: Raw) => Item,
): ListDefinition<Q, Raw, Item> {
  return {
    name,
    list: CATALOG,
    columns: aliased(columns),
    from: sql`${ccCodes}`,
    countFrom: sql`${ccCodes}`,
    filters: {
      code: containsFilter(ccCodes.code, 'code', (query: Q) => query.code),
      name: containsFilter(ccCodes.name, 'name', (query: Q) => query.name),
    },
    sorts: {
      // Codes are unique ignoring case: lower(code) orders every row.
      code: { by: sql`lower(${ccCodes.code})`, unique: true },
      name: { by: sql`lower(${ccCodes.name})` },
      price: { by: ccCodes.pricePence },
    },
    sortOf: sortOfOrder('code'),
    tieBreak: ccCodes.id,
    item,
  };
}

const option = { id: ccCodes.id, code: ccCodes.code, name: ccCodes.name };
const listed = ccCodesListed<CcCodeListQuery, CcCodeOption & { pricePence: number }, CcCode>(
  'cc_codes',
  { ...option, pricePence: ccCodes.pricePence },
  (row) => ({ id: row.id, code: row.code, name: row.name, price: { amount: row.pricePence, currency: 'GBP' } }),
);
const options = ccCodesListed<CcCodeDropDownQuery, CcCodeOption, CcCodeOption>('cc_code_options', option, (row) => ({
  id: row.id,
  code: row.code,
  name: row.name,
}));

export function listCcCodes(db: Db, query: CcCodeListQuery) {
  return listPage(db, listed, query);
}

/** The dropdown of docs/product.md §7: id, code and name, by code. */
export function listCcCodeOptions(db: Db, query: CcCodeDropDownQuery) {
  return listPage(db, options, query);
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
