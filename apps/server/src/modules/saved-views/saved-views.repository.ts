/** SQL for saved views (docs/decisions/253). Every function takes `db`, which may be a transaction. */
import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { SAVED_VIEWS_ANSWER_MAX, type SavedViewList } from '@cooler-hub/contract/saved-views';
import type { Db } from '../../db/client';
import { nextVersion, tableVersions, versionOf } from '../../db/versions';
import { savedViewDefaults, savedViews, users } from '../../db/schema';

export type SavedViewValues = Pick<typeof savedViews.$inferInsert, 'name' | 'query' | 'visibleColumns' | 'shared'>;

const viewColumns = {
  id: savedViews.id,
  listKey: savedViews.listKey,
  name: savedViews.name,
  query: savedViews.query,
  visibleColumns: savedViews.visibleColumns,
  shared: savedViews.shared,
  ownerId: savedViews.ownerId,
  ownerName: users.username,
  version: versionOf(savedViews),
};

/** A view as the API reads it, for `userId`: with its owner's name and whether it is that user's default. */
export type SavedViewRecord = Awaited<ReturnType<typeof listSavedViews>>[number];

/** Views with their owner's name and whether each is `userId`'s default; `where` is ANDed with "theirs or shared". */
const viewsVisibleTo = (db: Db, userId: number, where: SQL) =>
  db
    .select({ ...viewColumns, isDefault: sql<boolean>`${savedViewDefaults.viewId} is not null` })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .leftJoin(
      savedViewDefaults,
      and(
        eq(savedViewDefaults.userId, userId),
        eq(savedViewDefaults.listKey, savedViews.listKey),
        eq(savedViewDefaults.viewId, savedViews.id),
      ),
    )
    .where(and(where, or(eq(savedViews.ownerId, userId), eq(savedViews.shared, true))));

/** What `userId` sees of a list: their own views and everyone's shared ones, by name. */
export function listSavedViews(db: Db, userId: number, listKey: SavedViewList) {
  return viewsVisibleTo(db, userId, eq(savedViews.listKey, listKey))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id))
    .limit(SAVED_VIEWS_ANSWER_MAX);
}

/** One view as `userId` may see it (theirs or shared); undefined otherwise. */
export async function findVisibleView(db: Db, userId: number, id: number): Promise<SavedViewRecord | undefined> {
  const [row] = await viewsVisibleTo(db, userId, eq(savedViews.id, id));
  return row;
}

/** Locks a view for a change (FOR UPDATE); its owner and list, or undefined. */
export async function lockView(tx: Db, id: number): Promise<{ ownerId: number; listKey: string; shared: boolean } | undefined> {
  const [row] = await tx
    .select({ ownerId: savedViews.ownerId, listKey: savedViews.listKey, shared: savedViews.shared })
    .from(savedViews)
    .where(eq(savedViews.id, id))
    .for('update');
  return row;
}

export async function countOwnViews(db: Db, ownerId: number, listKey: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.listKey, listKey)));
  return row?.n ?? 0;
}

/** Whether the owner already has a view of this name on this list (ignoring case), other than `exceptId`. */
export async function nameTaken(db: Db, ownerId: number, listKey: string, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(sql`lower(${savedViews.name})`, name.toLowerCase()),
        eq(savedViews.ownerId, ownerId),
        eq(savedViews.listKey, listKey),
        exceptId === undefined ? undefined : ne(savedViews.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertView(
  db: Db,
  owner: { id: number; username: string },
  listKey: string,
  values: SavedViewValues,
): Promise<number> {
  const [row] = await db
    .insert(savedViews)
    .values({ ownerId: owner.id, listKey, ...values, updatedBy: owner.username })
    .returning({ id: savedViews.id });
  return row!.id;
}

export async function updateView(db: Db, id: number, values: SavedViewValues, by: { username: string }): Promise<void> {
  await db
    .update(savedViews)
    .set({ ...values, ...nextVersion(savedViews, by) })
    .where(eq(savedViews.id, id));
}

export async function deleteView(db: Db, id: number): Promise<void> {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}

/** Makes `viewId` the user's default of its list, replacing the one they had. */
export async function setDefault(db: Db, userId: number, listKey: string, viewId: number): Promise<void> {
  await db
    .insert(savedViewDefaults)
    .values({ userId, listKey, viewId })
    .onConflictDoUpdate({ target: [savedViewDefaults.userId, savedViewDefaults.listKey], set: { viewId } });
}

export async function clearDefault(db: Db, userId: number, viewId: number): Promise<void> {
  await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.viewId, viewId)));
}

/** A view made private is nobody else's default any more. */
export async function clearOthersDefaults(db: Db, ownerId: number, viewId: number): Promise<void> {
  await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.viewId, viewId), ne(savedViewDefaults.userId, ownerId)));
}

export const versions = tableVersions(savedViews);
