/**
 * Sign-in (spec 2.3, 7; DESIGN.md §5): user name or e-mail plus password → JWT. Failures are
 * throttled (docs/decisions/012): an account with too many recent failures answers 429 even to the
 * right password, so guessing one password cannot continue; an address with many failures across
 * names is only slowed down, never locked out, because behind a proxy without TRUST_PROXY, or in an
 * office behind one NAT, that address is everybody. A success clears the account's counter.
 */
import { setTimeout as sleep } from 'node:timers/promises';
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
/** From this many failures within the window, every sign-in from the address waits before it is checked … */
export const SLOW_DOWN_AFTER_ADDRESS_FAILURES = 50;
/** … ADDRESS_DELAY_STEP_MS for the first, one step more for each further failure, up to ADDRESS_DELAY_MAX_MS. */
export const ADDRESS_DELAY_STEP_MS = 250;
export const ADDRESS_DELAY_MAX_MS = 10_000;

/** How long a sign-in from an address with `failures` recent failures waits (0 below the threshold). */
export function addressDelayMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_ADDRESS_FAILURES) return 0;
  return Math.min(ADDRESS_DELAY_MAX_MS, (failures - SLOW_DOWN_AFTER_ADDRESS_FAILURES + 1) * ADDRESS_DELAY_STEP_MS);
}

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

    // Spraying names from one address gets slower and slower, while a person there who knows their
    // password still gets in; the wait comes first, so it is the same for right and wrong passwords.
    const fromAddress = await throttle.countRecentFailures(this.db, addressKey, LOGIN_WINDOW_SECONDS);
    const delay = addressDelayMs(fromAddress.failures);
    if (delay > 0) await sleep(delay);
    await this.assertAccountNotBlocked(accountKey);

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

  private async assertAccountNotBlocked(key: string): Promise<void> {
    const { failures, oldest } = await throttle.countRecentFailures(this.db, key, LOGIN_WINDOW_SECONDS);
    if (failures < MAX_FAILURES_PER_ACCOUNT) return;
    const retryAfter = oldest
      ? Math.max(1, Math.ceil(LOGIN_WINDOW_SECONDS - (Date.now() - oldest.getTime()) / 1000))
      : LOGIN_WINDOW_SECONDS;
    throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, retryAfter);
  }
}
