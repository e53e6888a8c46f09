/**
 * Sets a new password for the admin account (README "Admin password"): the user named `admin`, or,
 * when it was renamed, the oldest Admin. Its tokens stop working and its sign-in block is lifted.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ADMIN_USERNAME } from '../../db/seed';
import { nextVersion } from '../../db/versions';
import { randomToken } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { clearAccount } from '../auth/login-throttle.repository';
import { bumpedTokenVersion, recordPasswordHistory } from './users.repository';

export interface AdminPasswordReset {
  username: string;
  password: string;
  /** True when no password was given and one was made up (the caller prints it). */
  generated: boolean;
}

export class NoAdminError extends Error {
  override name = 'NoAdminError';
}

export async function resetAdminPassword(db: Db, password?: string): Promise<AdminPasswordReset> {
  const newPassword = password ?? randomToken(12);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${ADMIN_USERNAME} or ${users.role} = 'Admin'`)
      .orderBy(sql`lower(${users.username}) = ${ADMIN_USERNAME} desc`, asc(users.id))
      .limit(1)
      .for('update');
    if (!admin) throw new NoAdminError('There is no admin user to reset (the database has no Admin).');
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: bumpedTokenVersion, ...nextVersion(users, { username: 'reset-admin-password' }) })
      .where(eq(users.id, admin.id));
    await recordPasswordHistory(tx, admin.id, passwordHash);
    await clearAccount(tx, `user:${admin.id}`);
    return { username: admin.username, password: newPassword, generated: password === undefined };
  });
}
