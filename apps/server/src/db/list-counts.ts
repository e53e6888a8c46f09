/**
 * Exact list totals without counting a million rows on every page (docs/decisions/274).
 * A total is remembered per list and filter together with the version of the
 * list it was counted under, read in the same statement (so from the same snapshot). Any change
 * to the list's tables gives it a new version (triggers, migration 0002), so a remembered total is
 * used only while it is still exact — in every app instance, since the version lives in PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { listVersions } from './schema';
import { preparedPerDb } from './rows';

/** Receipts and coolers: their lists filter each other (a receipt by its cooler's serial). */
export const INVENTORY = 'inventory';
/** The delivery notes' lists (migration 0018): a note created, deleted, or changed in type, status or account. */
export const DELIVERIES = 'deliveries';
/** The reference lists: users, part numbers, customer accounts and clients, collection points, CC codes, scrap reasons, suppliers, delivery e-mails: one version for all of them. */
export const CATALOG = 'catalog';

/** Values kept per database at most; the oldest is forgotten first. */
const MAX_REMEMBERED = 5000;
const rememberedByDb = new WeakMap<Db, Map<string, { version: string; value: unknown }>>();

/** A value and the list version it was read under, from the same statement (null: the list has no version row). */
export interface ReadUnderVersion<T> {
  version: string | null;
  value: T;
}

/**
 * `read()`'s value, or the one remembered under `key` while `list`'s version is the one it was read
 * under (docs/decisions/274): a total, a dashboard figure. `versionRead`: the version as a statement
 * of this request already read it, which spares asking it again.
 */
export async function rememberedUnderVersion<T>(
  db: Db,
  list: string,
  key: string,
  read: () => Promise<ReadUnderVersion<T>>,
  versionRead?: string,
): Promise<T> {
  const known = rememberedByDb.get(db)?.get(key);
  if (known && (versionRead === known.version || (await listVersion(db, list)) === known.version)) return known.value as T;
  const { version, value } = await read();
  remember(db, key, version, value);
  return value;
}

/** The total remembered under `key` and the list version it was counted under (list-statements). */
export function recallTotal(db: Db, key: string): { version: string; total: number } | undefined {
  const known = rememberedByDb.get(db)?.get(key);
  return known && { version: known.version, total: known.value as number };
}

/** Remembers `value` under `key` while the list's version is `version` (null: forgets it); the newest last. */
export function remember(db: Db, key: string, version: string | null, value: unknown): void {
  let memo = rememberedByDb.get(db);
  if (!memo) rememberedByDb.set(db, (memo = new Map()));
  memo.delete(key);
  if (version !== null) memo.set(key, { version, value });
  if (memo.size > MAX_REMEMBERED) memo.delete(memo.keys().next().value!);
}

/** The version of a list, read on every remembered total: prepared by name, planned once per connection. */
const versionStatement = preparedPerDb((db) =>
  db
    .select({ version: sql<string>`${listVersions.version}::text` })
    .from(listVersions)
    .where(eq(listVersions.list, sql.placeholder('list')))
    .prepare('list_version'),
);

/** The version of `list` now (one primary-key read): what a figure remembered under it is checked against. */
export async function listVersion(db: Db, list: string): Promise<string | undefined> {
  const [current] = await versionStatement(db).execute({ list });
  return current?.version;
}

/**
 * Makes the changes of this transaction to the list's tables leave its version alone until
 * `bumpVersion`: for a long transaction, which would otherwise hold the version row's lock (and
 * stall every other writer) from its first change to its commit.
 */
export async function deferVersion(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('cooler_hub.defer_inventory_version', 'on', true)`);
}

/** A new version for `list`, now (its lock is held until the transaction ends). */
export async function bumpVersion(tx: Db, list: string): Promise<void> {
  await tx
    .update(listVersions)
    .set({ version: sql`nextval('list_version_seq')` })
    .where(eq(listVersions.list, list));
}
