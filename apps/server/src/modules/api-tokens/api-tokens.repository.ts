/** SQL for API tokens (docs/decisions/279). Every function takes `db`, which may be a transaction. */
import { and, count, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AllApiTokensQuery, ApiTokenScope } from '@cooler-hub/contract/api-tokens';
import type { Db } from '../../db/client';
import { containsText, findPage, orderByOf } from '../../db/paging';
import { apiTokens, users } from '../../db/schema';

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  shown: apiTokens.shown,
  ownerId: apiTokens.userId,
  ownerName: users.username,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

const selectTokens = (db: Db) => db.select(tokenColumns).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId));

/** A token as the lists read it, with its owner's name. */
export type ApiTokenRecord = NonNullable<Awaited<ReturnType<typeof findToken>>>;

export async function findToken(db: Db, id: number) {
  const [row] = await selectTokens(db).where(eq(apiTokens.id, id));
  return row;
}

/** One person's tokens, newest first (at most API_TOKENS_PER_USER). */
export function listOwnTokens(db: Db, userId: number) {
  return selectTokens(db)
    .where(eq(apiTokens.userId, userId))
    .orderBy(sql`${apiTokens.createdAt} desc`, sql`${apiTokens.id} desc`);
}

const SORT_COLUMNS = {
  createdAt: apiTokens.createdAt,
  expiresOn: apiTokens.expiresAt,
  lastUsedAt: sql`coalesce(${apiTokens.lastUsedAt}, '-infinity'::timestamptz)`,
  name: sql`lower(${apiTokens.name})`,
} as const;

/** Every user's tokens, one page; the owner's name filter is a subquery, so the count needs no join. */
export function listAllTokens(db: Db, query: AllApiTokensQuery) {
  const where = query.username
    ? inArray(apiTokens.userId, db.select({ id: users.id }).from(users).where(containsText(users.username, query.username)))
    : undefined;
  const order = orderByOf(query.order ?? { createdAt: 'desc' }, SORT_COLUMNS, 'createdAt', apiTokens.id);
  return findPage(db, selectTokens(db).$dynamic(), apiTokens, where, order, query);
}

export async function countOwnTokens(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return row?.n ?? 0;
}

/** Whether the user already has a token of this name, ignoring case. */
export async function nameTaken(db: Db, userId: number, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(sql`lower(${apiTokens.name})`, name.toLowerCase()), eq(apiTokens.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertToken(
  db: Db,
  values: { userId: number; name: string; scope: ApiTokenScope; secretHash: string; shown: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row!.id;
}

/** Deletes a token (of `userId` only, when given); whether one was deleted. */
export async function deleteToken(db: Db, id: number, userId?: number): Promise<boolean> {
  const where: SQL | undefined = and(eq(apiTokens.id, id), userId === undefined ? undefined : eq(apiTokens.userId, userId));
  const deleted = await db.delete(apiTokens).where(where).returning({ id: apiTokens.id });
  return deleted.length > 0;
}

/** What the guard needs of a token, by the hash of its secret (a prepared statement: it runs on every call made with one). */
export function tokenBySecretStatement(db: Db) {
  const statement = db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      name: apiTokens.name,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, sql.placeholder('hash')))
    .prepare('api_token_by_secret');
  return async (hash: string) => {
    const [row] = await statement.execute({ hash });
    return row;
  };
}

/** Marks a token used now, unless it was already marked less than `minSeconds` ago (by the database's clock). */
export async function touchToken(db: Db, id: number, minSeconds: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - make_interval(secs => ${minSeconds})`)),
      ),
    );
}

/** Sets a token's end (tests make a token expire without waiting a day). */
export async function setExpiry(db: Db, id: number, expiresAt: Date): Promise<void> {
  await db.update(apiTokens).set({ expiresAt }).where(eq(apiTokens.id, id));
}
