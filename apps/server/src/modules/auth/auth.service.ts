/**
 * Sign-in (spec 2.3, 7; DESIGN.md §5): user name or e-mail plus password → JWT. Failures are
 * throttled per account and per client address (docs/decisions/012); a blocked caller gets 429 even
 * with the right password, so guessing cannot continue. A success clears the account's counter.
 */
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, type LoginCheckBody } from '@cooler-hub/contract/auth';
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import { findUserByLogin } from '../users/users.repository';
import * as throttle from './login-throttle.repository';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Higher than per account: several people may share one office address. */
export const MAX_FAILURES_PER_ADDRESS = 20;

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
  ) {}

  async login(body: LoginCheckBody, clientIp: string): Promise<{ token: string }> {
    const user = await findUserByLogin(this.db, body.username);
    // Unknown names are counted too, under a digest of what was typed: people sometimes type their
    // password into the name field, and it must not sit in the table in clear.
    const accountKey = user ? `user:${user.id}` : `name:${sha256(body.username.trim().toLowerCase())}`;
    const addressKey = `ip:${clientIp}`;

    await this.assertNotBlocked(accountKey, MAX_FAILURES_PER_ACCOUNT);
    await this.assertNotBlocked(addressKey, MAX_FAILURES_PER_ADDRESS);

    const valid = user ? await verifyPassword(user.passwordHash, body.password) : (await verifyAgainstDummy(body.password), false);
    if (!user || !valid) {
      await throttle.recordFailures(this.db, [accountKey, addressKey], LOGIN_WINDOW_SECONDS);
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }
    await throttle.clearFailures(this.db, accountKey);
    const token = await this.tokens.sign({
      id: user.id,
      username: user.username,
      role: user.role,
      tokenVersion: user.tokenVersion,
    });
    return { token };
  }

  /** A successful password reset proves who the user is: lift any block on the account. */
  async clearAccountBlock(userId: number): Promise<void> {
    await throttle.clearFailures(this.db, `user:${userId}`);
  }

  private async assertNotBlocked(key: string, max: number): Promise<void> {
    const { failures, oldest } = await throttle.countRecentFailures(this.db, key, LOGIN_WINDOW_SECONDS);
    if (failures < max) return;
    const retryAfter = oldest
      ? Math.max(1, Math.ceil(LOGIN_WINDOW_SECONDS - (Date.now() - oldest.getTime()) / 1000))
      : LOGIN_WINDOW_SECONDS;
    throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, retryAfter);
  }
}
