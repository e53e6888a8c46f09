/**
 * Password recovery (docs/product.md §2.3; docs/architecture.md §5; docs/decisions/014): request → e-mailed 6-digit code
 * (15 minutes, RECOVERY_MAX_ATTEMPTS tries) → verify → single-use reset token (15 minutes) → new
 * password, which must differ from the current one and the last PASSWORD_HISTORY_SIZE.
 *
 * The request answers the same whether or not the name exists, and in the same time: its answer
 * path only queues a job with the name typed — the same statement for every name — and answers
 * once that job is stored. The job does what differs for a real user:
 * the lookup, the hourly limit, the new code and, in that same transaction, the mail (src/jobs),
 * so a crash after the answer loses nothing. The code itself is never stored: it is derived from
 * the server secret and the job's id, which the mail's ref carries, and only its HMAC is kept.
 */
import { z } from 'zod';
import {
  INVALID_CODE,
  INVALID_RESET_TOKEN,
  PASSWORD_REUSED,
  RECOVERY_CODE_TTL_MINUTES,
  RECOVERY_MAX_ATTEMPTS,
  tooManyRecoveryAttempts,
} from '@cooler-hub/contract/password-recovery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobAttempt, JobQueue } from '../../jobs/job-queue';
import type { BuiltMail, MailQueue } from '../../jobs/mail-queue';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { DomainError, FieldError, TooManyRequestsError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { ACCOUNT_WINDOW_SECONDS, typedNameKey, type AuthService } from '../auth/auth.service';
import * as throttle from '../auth/login-throttle.repository';
import * as usersRepo from '../users/users.repository';
import * as repo from './password-recovery.repository';

export const RESET_TOKEN_TTL_MINUTES = 15;
/** More requests than this per hour and account send nothing more (no mail bombing). */
export const MAX_CODES_PER_HOUR = 5;
export const RECOVERY_SUBJECT = 'Your Cooler Hub password reset code';
export const RECOVERY_JOB = 'password-recovery-request';
export const RECOVERY_MAIL_KIND = 'recovery';
/** A done request job (it holds the name typed, perhaps a mistyped password) is kept an hour. */
const KEEP_DONE_REQUESTS_SECONDS = 3600;

/**
 * Uses of request and verify allowed per client address and per name within `windowSeconds`
 * (docs/decisions/262); a name is the account when verify finds one, else the digest of what was typed.
 */
export interface RecoveryThrottle {
  windowSeconds: number;
  request: { perAddress: number; perName: number };
  verify: { perAddress: number; perName: number };
}
export const DEFAULT_RECOVERY_THROTTLE: RecoveryThrottle = {
  windowSeconds: 15 * 60,
  request: { perAddress: 20, perName: 10 },
  verify: { perAddress: 30, perName: 10 },
};

const recoveryJobData = z.object({ login: z.string() });
/** A recovery mail's ref: `<user id>:<request job id>`. */
const RECOVERY_REF = /^(\d+):([0-9a-f-]{36})$/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The code is the only 6-digit number in the message. */
export function recoveryMessage(to: string, username: string, code: string): BuiltMail & { to: string } {
  const text = [
    `Hello ${username},`,
    '',
    `Your Cooler Hub password reset code is: ${code}`,
    '',
    `Enter it on the password reset screen within ${RECOVERY_CODE_TTL_MINUTES} minutes.`,
    'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escapeHtml(username)},</p>
<p>Your Cooler Hub password reset code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>Enter it on the password reset screen within ${RECOVERY_CODE_TTL_MINUTES} minutes.</p>
<p>If you did not ask to reset your password, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { to, subject: RECOVERY_SUBJECT, text, html };
}

export class PasswordRecoveryService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly mail: MailQueue,
    private readonly auth: AuthService,
    /** Keys the code digests, so a leaked table cannot be brute-forced offline. */
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
    private readonly throttle: RecoveryThrottle = DEFAULT_RECOVERY_THROTTLE,
  ) {
    jobs.define(RECOVERY_JOB, {
      handler: (data, attempt) => this.issueCode(data, attempt),
      keepCompletedSeconds: KEEP_DONE_REQUESTS_SECONDS,
    });
    mail.registerMailKind(RECOVERY_MAIL_KIND, { build: (db, ref) => this.buildMessage(db, ref) });
  }

  private codeDigest(userId: number, code: string): string {
    return hmac(this.secret, `recovery-code:${userId}:${code}`);
  }

  /** The code of one request: 6 digits from the secret and the request's job id (never stored). */
  private codeFor(requestId: string): string {
    const digest = Buffer.from(hmac(this.secret, `recovery-mail-code:${requestId}`), 'base64url');
    return String(digest.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
  }

  /**
   * Takes the request's uses (per address, per name typed), queues it — the same statements for any
   * name — and answers once it is stored.
   */
  async request(login: string, clientIp: string): Promise<{ sent: true }> {
    await this.limit('request', clientIp, typedNameKey(login));
    await this.jobs.enqueue(this.db, RECOVERY_JOB, { login });
    return { sent: true };
  }

  /** One use of `step` from the address and for the name, or 429 with the wait (docs/decisions/262). */
  private async limit(step: 'request' | 'verify', clientIp: string, name: string): Promise<void> {
    const t = this.throttle;
    for (const [key, limit] of [
      [`recovery-${step}:ip:${clientIp}`, t[step].perAddress],
      [`recovery-${step}:${name}`, t[step].perName],
    ] as const) {
      const retryAfter = await throttle.takeUse(this.db, key, t.windowSeconds, limit);
      if (retryAfter > 0) throw new TooManyRequestsError(tooManyRecoveryAttempts(retryAfter), retryAfter);
    }
    // Made-up names and addresses leave rows behind: gone after the sign-in throttle's longest window.
    await throttle.prune(this.db, ACCOUNT_WINDOW_SECONDS);
  }

  /** The request job: for a real user, a new code and its mail, in one transaction. */
  private async issueCode(data: unknown, attempt: JobAttempt): Promise<void> {
    const parsed = recoveryJobData.safeParse(data);
    if (!parsed.success) return;
    const user = await usersRepo.findUserByLogin(this.db, parsed.data.login);
    if (!user) return;
    const ref = `${user.id}:${attempt.id}`;
    const issued = await this.db.transaction(async (tx) => {
      // One request at a time per user, so a burst cannot slip past the hourly limit.
      await usersRepo.lockUser(tx, user.id);
      // A retry of a request that got this far already (the worker stopped before finishing it).
      if (await this.mail.latestMail(tx, RECOVERY_MAIL_KIND, ref)) return true;
      if ((await repo.countCodesSince(tx, user.id, 60)) >= MAX_CODES_PER_HOUR) return false;
      await repo.invalidateCodes(tx, user.id);
      await repo.insertCode(tx, user.id, this.codeDigest(user.id, this.codeFor(attempt.id)), RECOVERY_CODE_TTL_MINUTES);
      await this.mail.enqueueMail(tx, { kind: RECOVERY_MAIL_KIND, ref, recipients: [user.email] });
      return true;
    });
    if (!issued) this.log.warn({ userId: user.id }, 'password recovery: hourly limit reached, no mail sent');
  }

  /**
   * The mail, at send time: to the user's current address, with the request's code — unless that
   * code is no longer the live one (used, expired or replaced by a newer request): nothing to send.
   */
  private async buildMessage(db: Db, ref: string): Promise<BuiltMail | null> {
    const match = RECOVERY_REF.exec(ref);
    if (!match) return null;
    const user = await usersRepo.findUserById(db, Number(match[1]));
    if (!user) return null;
    const code = this.codeFor(match[2]!);
    const active = await repo.findActiveCode(db, user.id, RECOVERY_MAX_ATTEMPTS);
    if (!active || !safeEqual(this.codeDigest(user.id, code), active.codeHash)) return null;
    return recoveryMessage(user.email, user.username, code);
  }

  /** A guess at the code: counted before it is judged (at most RECOVERY_MAX_ATTEMPTS per code, docs/decisions/262). */
  async verify(login: string, code: string, clientIp: string): Promise<{ resetToken: string }> {
    const user = await usersRepo.findUserByLogin(this.db, login);
    await this.limit('verify', clientIp, user ? `user:${user.id}` : typedNameKey(login));
    const active = user ? await repo.takeAttempt(this.db, user.id, RECOVERY_MAX_ATTEMPTS) : undefined;
    if (!user || !active || !safeEqual(this.codeDigest(user.id, code), active.codeHash)) throw new FieldError('code', INVALID_CODE);
    const resetToken = randomToken(32);
    await this.db.transaction(async (tx) => {
      if (!(await repo.consumeCode(tx, active.id))) throw new FieldError('code', INVALID_CODE);
      await repo.insertResetToken(tx, user.id, sha256(resetToken), RESET_TOKEN_TTL_MINUTES);
    });
    return { resetToken };
  }

  async reset(resetToken: string, plainPassword: string): Promise<{ reset: true }> {
    const token = await repo.findActiveResetToken(this.db, sha256(resetToken));
    const user = token ? await usersRepo.findUserById(this.db, token.userId) : undefined;
    if (!token || !user) throw new DomainError(INVALID_RESET_TOKEN);

    const previous = new Set([user.passwordHash, ...(await usersRepo.recentPasswordHashes(this.db, user.id))]);
    const reused = await Promise.all([...previous].map((h) => verifyPassword(h, plainPassword)));
    if (reused.some(Boolean)) throw new FieldError('plainPassword', PASSWORD_REUSED);

    const passwordHash = await hashPassword(plainPassword);
    await this.db.transaction(async (tx) => {
      if (!(await repo.consumeResetToken(tx, token.id))) throw new DomainError(INVALID_RESET_TOKEN);
      await usersRepo.updateUser(tx, user.id, { passwordHash, tokenVersion: usersRepo.bumpedTokenVersion }, user);
      await usersRepo.recordPasswordHistory(tx, user.id, passwordHash);
      await repo.invalidateCodes(tx, user.id);
      await repo.invalidateResetTokens(tx, user.id);
    });
    await this.auth.clearAccountBlock(user.id);
    return { reset: true };
  }
}
