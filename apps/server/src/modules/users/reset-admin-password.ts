/**
 * Sets a new password for the admin account (README "Admin password"): the user named `admin`, or,
 * when it was renamed, the oldest Admin. Its tokens stop working and its sign-in block is lifted.
 */
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { clearAccount } from '../auth/login-throttle.repository';
import { lockAdminAccount, recordPasswordHistory, setAdminPassword } from './users.repository';

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
    const admin = await lockAdminAccount(tx);
    if (!admin) throw new NoAdminError('There is no admin user to reset (the database has no Admin).');
    await setAdminPassword(tx, admin.id, passwordHash);
    await recordPasswordHistory(tx, admin.id, passwordHash);
    await clearAccount(tx, `user:${admin.id}`);
    return { username: admin.username, password: newPassword, generated: password === undefined };
  });
}
