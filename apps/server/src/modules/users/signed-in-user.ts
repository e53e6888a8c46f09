/**
 * The user as the permission guard (plugins/auth) and the services see it on every protected
 * request: reloaded by id from the token, with the permissions of the role it has NOW.
 */
import { eq, sql } from 'drizzle-orm';
import { permissionsOf, type Permission, type Role } from '@cooler-hub/contract/permissions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  /** The avatar's URL, or null. */
  avatar: string | null;
  tokenVersion: number;
  permissions: Permission[];
}

export type SignedInUserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'email' | 'role' | 'avatarUploadId' | 'tokenVersion'
>;

/** Upload id → the URL the API answers (UploadsService.urlFor). */
export type AvatarUrl = (uploadId: string) => string;

export function toAuthUser(row: SignedInUserRow, avatarUrl: AvatarUrl): AuthUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    avatar: row.avatarUploadId ? avatarUrl(row.avatarUploadId) : null,
    tokenVersion: row.tokenVersion,
    permissions: permissionsOf(row.role),
  };
}

/**
 * The guard's lookup, run on every authenticated request: a named prepared statement, so neither
 * drizzle nor PostgreSQL builds and plans it again each time (docs/decisions/024).
 */
export function signedInUserLoader(db: Db, avatarUrl: AvatarUrl): (id: number) => Promise<AuthUser | undefined> {
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
    return row ? toAuthUser(row, avatarUrl) : undefined;
  };
}
