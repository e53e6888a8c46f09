/**
 * Sign-in (docs/product.md §2.3, §7; docs/architecture.md §5): user name or e-mail plus password → JWT. Throttled so that
 * guessing stays impractical while nobody can lock a person out from elsewhere (docs/decisions/012):
 * - one account from one address: after MAX_FAILURES_PER_PAIR failures within PAIR_WINDOW_SECONDS
 *   that address is refused for that account (429), even with the right password; other addresses
 *   are not;
 * - one account from all addresses: its password checks are queued, each at least `accountSpacingMs`
 *   after the one before; the spacing grows with the checks since the last success and applies to
 *   right and wrong passwords alike, so at most MAX_CHECKS_PER_ACCOUNT_HOUR guesses an hour get
 *   through from addresses it never signed in from, and a right password waits at most two
 *   spacings; an address where the account signed in within 30 days is not queued behind strangers
 *   (its own lock still holds);
 * - one address across names: a growing delay before every check (spraying names).
 * A success clears the account's counts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { accountBusy, INVALID_CREDENTIALS, tooManyAttemptsFromHere, type LoginCheckBody } from '@cooler-hub/contract/auth';
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import { findUserByLogin } from '../users/users.repository';
import * as throttle from './login-throttle.repository';

/** The hard lock of one account from one address. */
export const PAIR_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_PAIR = 5;
/** How long an account's checks count towards its spacing (and how long any row is kept). */
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;

export interface LoginThrottleTimings {
  /** Checks of an account since its last success that go through without spacing. */
  freeChecks: number;
  /** The first spacing after the free checks; it doubles with each further check … */
  firstSpacingMs: number;
  /** … up to this. */
  maxSpacingMs: number;
}
export const DEFAULT_LOGIN_THROTTLE: LoginThrottleTimings = { freeChecks: 5, firstSpacingMs: 1000, maxSpacingMs: 20_000 };

/** The least time between two checks of an account that has had `checks` within the hour. */
export function accountSpacingMs(checks: number, t: LoginThrottleTimings = DEFAULT_LOGIN_THROTTLE): number {
  if (checks < t.freeChecks) return 0;
  return Math.min(t.maxSpacingMs, t.firstSpacingMs * 2 ** Math.min(30, checks - t.freeChecks));
}
/** A check is queued at most two spacings ahead: behind the one now waiting, and no further. */
export const maxQueueWaitMs = (spacingMs: number) => 2 * spacingMs;

/** The most password checks of one account an hour can hold, from any number of addresses. */
export function maxChecksPerAccountHour(t: LoginThrottleTimings = DEFAULT_LOGIN_THROTTLE): number {
  let checks = 0;
  let elapsed = 0;
  while (elapsed <= ACCOUNT_WINDOW_SECONDS * 1000) {
    elapsed += accountSpacingMs(checks, t);
    if (elapsed <= ACCOUNT_WINDOW_SECONDS * 1000) checks += 1;
  }
  return checks;
}
export const MAX_CHECKS_PER_ACCOUNT_HOUR = maxChecksPerAccountHour();

/** From this many failures within PAIR_WINDOW_SECONDS, every sign-in from the address waits before it is checked … */
export const SLOW_DOWN_AFTER_ADDRESS_FAILURES = 50;
/** … ADDRESS_DELAY_STEP_MS for the first, one step more for each further failure, up to ADDRESS_DELAY_MAX_MS. */
export const ADDRESS_DELAY_STEP_MS = 250;
export const ADDRESS_DELAY_MAX_MS = 10_000;

/** How long a sign-in from an address with `failures` recent failures waits (0 below the threshold). */
export function addressDelayMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_ADDRESS_FAILURES) return 0;
  return Math.min(ADDRESS_DELAY_MAX_MS, (failures - SLOW_DOWN_AFTER_ADDRESS_FAILURES + 1) * ADDRESS_DELAY_STEP_MS);
}

/** The account key of a name no user has: a digest of what was typed, which may be a mistyped password. */
export const typedNameKey = (typed: string) => `name:${sha256(typed.trim().toLowerCase())}`;

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly timings: LoginThrottleTimings = DEFAULT_LOGIN_THROTTLE,
  ) {}

  async login(body: LoginCheckBody, clientIp: string): Promise<{ token: string }> {
    const user = await findUserByLogin(this.db, body.username);
    // Unknown names are counted too, under a digest of what was typed: people sometimes type their
    // password into the name field, and it must not sit in the table in clear.
    const account = user ? `user:${user.id}` : typedNameKey(body.username);
    const address = `ip:${clientIp}`;
    const pair = `pair:${account}@${address}`;

    // Spraying names from one address gets slower and slower, while a person there who knows their
    // password still gets in; the wait comes first, so it is the same for right and wrong passwords.
    const fromAddress = await throttle.countRecentFailures(this.db, address, PAIR_WINDOW_SECONDS);
    const delay = addressDelayMs(fromAddress.failures);
    if (delay > 0) await sleep(delay);
    await this.assertPairNotLocked(pair);

    const reservation = await throttle.reserveCheck(
      this.db,
      account,
      address,
      ACCOUNT_WINDOW_SECONDS,
      (checks) => accountSpacingMs(checks, this.timings),
      maxQueueWaitMs,
    );
    if (reservation.kind === 'busy')
      throw new TooManyRequestsError(accountBusy(reservation.retryAfterSeconds), reservation.retryAfterSeconds);
    if (reservation.kind === 'scheduled' && reservation.waitMs > 0) await sleep(reservation.waitMs);

    const valid = user ? await verifyPassword(user.passwordHash, body.password) : (await verifyAgainstDummy(body.password), false);
    if (!user || !valid) {
      await throttle.recordFailures(this.db, [pair, address], ACCOUNT_WINDOW_SECONDS);
      throw new UnauthorizedError(INVALID_CREDENTIALS);
    }
    await throttle.clearAccount(this.db, account);
    await throttle.recordKnownAddress(this.db, account, address);
    const token = await this.tokens.sign({
      id: user.id,
      username: user.username,
      role: user.role,
      tokenVersion: user.tokenVersion,
    });
    return { token };
  }

  /** A successful password reset proves who the user is: lift every block and wait on the account. */
  async clearAccountBlock(userId: number): Promise<void> {
    await throttle.clearAccount(this.db, `user:${userId}`);
  }

  private async assertPairNotLocked(pair: string): Promise<void> {
    const { failures, oldest } = await throttle.countRecentFailures(this.db, pair, PAIR_WINDOW_SECONDS);
    if (failures < MAX_FAILURES_PER_PAIR) return;
    const retryAfter = oldest ? Math.max(1, Math.ceil(PAIR_WINDOW_SECONDS - (Date.now() - oldest.getTime()) / 1000)) : PAIR_WINDOW_SECONDS;
    throw new TooManyRequestsError(tooManyAttemptsFromHere(retryAfter), retryAfter);
  }
}
