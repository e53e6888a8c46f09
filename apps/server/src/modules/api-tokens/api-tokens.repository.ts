/** SQL for API tokens (docs/decisions/279). Every function takes `db`, which may be a transaction. */
import { and, count, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AllApiTokensQuery, ApiToken, ApiTokenScope } from '@cooler-hub/contract/api-tokens';
import { londonDay } from '@cooler-hub/contract/london-time';
import type { Db } from '../../db/client';
import { aliased, containsFilter, isoTime, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { apiTokens, users } from '../../db/schema';

/** A token with its owner's name, the times as the API writes them (isoTime): what every list of tokens reads. */
const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  shown: apiTokens.shown,
  ownerId: apiTokens.userId,
  ownerName: users.username,
  createdAt: isoTime(apiTokens.createdAt),
  expiresAt: isoTime(apiTokens.expiresAt),
  lastUsedAt: isoTime(apiTokens.lastUsedAt),
};

const selectTokens = (db: Db) => db.select(tokenColumns).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId));

/** A token as the lists read it, with its owner's name. */
export type ApiTokenRecord = NonNullable<Awaited<ReturnType<typeof findToken>>>;

/** A token as the contract's, every field named (docs/decisions/259); `expired` as of `now` (ms). */
export function apiTokenOf(row: ApiTokenRecord, now: number): ApiToken {
  const expiresAt = Date.parse(row.expiresAt);
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    shown: row.shown,
    owner: { id: row.ownerId, username: row.ownerName },
    createdAt: row.createdAt,
    // expires_at is the end of the last day: the instant before it is still that day in London.
    expiresOn: londonDay(new Date(expiresAt - 1)),
    expired: expiresAt <= now,
    lastUsedAt: row.lastUsedAt,
  };
}

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

const ownerName = containsFilter(users.username, 'username', (query: AllApiTokensQuery) => query.username);

/**
 * Every user's tokens, newest first by default. No list version follows api_tokens (made, revoked and
 * marked used without one), so the total is counted when a page needs it.
 */
const listed: ListDefinition<AllApiTokensQuery, ApiTokenRecord, ApiToken> = {
  name: 'api_tokens',
  columns: aliased(tokenColumns),
  from: sql`${apiTokens} inner join ${users} on ${users.id} = ${apiTokens.userId}`,
  countFrom: sql`${apiTokens}`,
  filters: {
    // The owner's name as a subquery, so the count needs no join.
    username: { ...ownerName, condition: sql`${apiTokens.userId} in (select ${users.id} from ${users} where ${ownerName.condition})` },
  },
  sorts: {
    createdAt: { by: apiTokens.createdAt },
    expiresOn: { by: apiTokens.expiresAt },
    lastUsedAt: { by: sql`coalesce(${apiTokens.lastUsedAt}, '-infinity'::timestamptz)` },
    name: { by: sql`lower(${apiTokens.name})` },
  },
  sortOf: sortOfOrder('createdAt', 'desc'),
  tieBreak: apiTokens.id,
  item: (row) => apiTokenOf(row, Date.now()),
};

export function listAllTokens(db: Db, query: AllApiTokensQuery) {
  return listPage(db, listed, query);
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
