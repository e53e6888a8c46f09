/**
 * The user as the permission guard (plugins/auth) and the services see it on every protected
 * request: reloaded by id from the token, with the permissions of the role it has NOW.
 */
import { permissionsOf, type Permission, type Role } from '@cooler-hub/contract/permissions';
import type { Db } from '../../db/client';
import { signedInUserStatement, type SignedInUserRow } from './users.repository';

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

/** The guard's lookup, run on every authenticated request (a prepared statement, users.repository). */
export function signedInUserLoader(db: Db, avatarUrl: AvatarUrl): (id: number) => Promise<AuthUser | undefined> {
  const find = signedInUserStatement(db);
  return async (id) => {
    const row = await find(id);
    return row ? toAuthUser(row, avatarUrl) : undefined;
  };
}
