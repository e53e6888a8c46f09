/** SQL for users and their password history. Every function takes `db`, which may be a transaction. */
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Versioned } from '@cooler-hub/contract/common';
import type { HubUser, HubUserListQuery } from '@cooler-hub/contract/users';
import { PASSWORD_HISTORY_SIZE } from '@cooler-hub/contract/password-recovery';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { aliased, containsFilter, equalsFilter, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { CATALOG } from '../../db/list-counts';
import { passwordHistory, users } from '../../db/schema';
import { ADMIN_USERNAME } from '../../db/seed';
import { nextVersion, tableVersions, versionOf } from '../../db/versions';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * Sign-in and recovery accept the user name or the e-mail, case-insensitively. A user name wins
 * over another user's e-mail when both match.
 */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
    .orderBy(sql`lower(${users.username}) = ${value} desc`)
    .limit(1);
  return rows[0];
}

/** Which of `username` / `email` another user (not `exceptId`) already has, ignoring case. */
export async function findTakenFields(
  db: Db,
  fields: { username: string; email: string },
  exceptId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const username = fields.username.toLowerCase();
  const email = fields.email.toLowerCase();
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})`, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(
        or(eq(sql`lower(${users.username})`, username), eq(sql`lower(${users.email})`, email)),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return { username: rows.some((r) => r.username === username), email: rows.some((r) => r.email === email) };
}

const listed: ListDefinition<HubUserListQuery, Versioned<HubUser>, Versioned<HubUser>> = {
  name: 'hub_users',
  list: CATALOG,
  columns: aliased({
    id: users.id,
    username: users.username,
    email: users.email,
    role: users.role,
    color: users.color,
    version: versionOf(users),
  }),
  from: sql`${users}`,
  countFrom: sql`${users}`,
  filters: {
    username: containsFilter(users.username, 'username', (query: HubUserListQuery) => query.username),
    role: equalsFilter(users.role, 'role', (query: HubUserListQuery) => query.role),
  },
  // User names and e-mails are unique ignoring case: each orders every row.
  sorts: {
    id: { by: users.id, unique: true },
    username: { by: sql`lower(${users.username})`, unique: true },
    email: { by: sql`lower(${users.email})`, unique: true },
    role: { by: users.role },
  },
  sortOf: sortOfOrder('id'),
  tieBreak: users.id,
  item: (row) => ({ id: row.id, username: row.username, email: row.email, role: row.role, color: row.color, version: row.version }),
};

export function listUsers(db: Db, query: HubUserListQuery) {
  return listPage(db, listed, query);
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

export async function updateUser(
  db: Db,
  id: number,
  changes: PgUpdateSetSource<typeof users>,
  by: { username: string },
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...changes, ...nextVersion(users, by) })
    .where(eq(users.id, id))
    .returning();
  return updated;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Holds the user's row until the transaction ends (serialises work per user). */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/**
 * Locks every Admin row until the transaction ends and answers their ids: two concurrent demotions
 * or deletions cannot both see "another Admin is left".
 */
export async function lockAdminIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).for('update');
  return rows.map((r) => r.id);
}

/** `token_version + 1`, computed by the database so concurrent bumps both count. */
export const bumpedTokenVersion = sql`${users.tokenVersion} + 1`;

/** Records a new password hash and keeps only the newest PASSWORD_HISTORY_SIZE of the user. */
export async function recordPasswordHistory(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.insert(passwordHistory).values({ userId, passwordHash });
  const keep = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_SIZE);
  await db.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), sql`${passwordHistory.id} not in (${keep})`));
}

export async function recentPasswordHashes(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_SIZE);
  return rows.map((r) => r.hash);
}

export const versions = tableVersions(users);

export type SignedInUserRow = Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'avatarUploadId' | 'tokenVersion'>;

/**
 * The permission guard's lookup by id: a named prepared statement, so neither drizzle nor
 * PostgreSQL builds and plans it again on each request (docs/decisions/024).
 */
export function signedInUserStatement(db: Db): (id: number) => Promise<SignedInUserRow | undefined> {
  const statement = db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      avatarUploadId: users.avatarUploadId,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('signed_in_user');
  return async (id) => {
    const [row] = await statement.execute({ id });
    return row;
  };
}

/** The admin account, locked: the user named `admin`, or, when it was renamed, the oldest Admin. */
export async function lockAdminAccount(db: Db): Promise<{ id: number; username: string } | undefined> {
  const [admin] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = ${ADMIN_USERNAME} or ${users.role} = 'Admin'`)
    .orderBy(sql`lower(${users.username}) = ${ADMIN_USERNAME} desc`, asc(users.id))
    .limit(1)
    .for('update');
  return admin;
}

/** A new password set from the command line: its tokens stop working, the version names the tool. */
export async function setAdminPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: bumpedTokenVersion, ...nextVersion(users, { username: 'reset-admin-password' }) })
    .where(eq(users.id, id));
}
