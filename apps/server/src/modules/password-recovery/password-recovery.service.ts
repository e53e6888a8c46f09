/**
 * Password recovery (spec 2.3; DESIGN.md §5; docs/decisions/014): request → e-mailed 6-digit code
 * (15 minutes, RECOVERY_MAX_ATTEMPTS tries) → verify → single-use reset token (15 minutes) → new
 * password, which must differ from the current one and the last PASSWORD_HISTORY_SIZE.
 * The request answers the same whether or not the name exists, and in the same time: the answer
 * path only looks the name up, and everything that differs for a real user (the hourly limit, the
 * new code, the mail) runs after the answer is sent (docs/decisions/063). Until the job queue of the
 * delivery-notes issue exists, that work is a promise the service tracks and drains on shutdown.
 */
import {
  INVALID_CODE,
  INVALID_RESET_TOKEN,
  PASSWORD_REUSED,
  RECOVERY_CODE_TTL_MINUTES,
  RECOVERY_MAX_ATTEMPTS,
} from '@cooler-hub/contract/password-recovery';
import type { Db } from '../../db/client';
import { hmac, randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { DomainError, FieldError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../plugins/mail';
import type { AuthService } from '../auth/auth.service';
import * as usersRepo from '../users/users.repository';
import * as repo from './password-recovery.repository';

export const RESET_TOKEN_TTL_MINUTES = 15;
/** More requests than this per hour and account send nothing more (no mail bombing). */
export const MAX_CODES_PER_HOUR = 5;
export const RECOVERY_SUBJECT = 'Your Cooler Hub password reset code';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The code is the only 6-digit number in the message. */
export function recoveryMessage(to: string, username: string, code: string): MailMessage {
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
    private readonly mailer: Mailer,
    private readonly auth: AuthService,
    /** Keys the code digests, so a leaked table cannot be brute-forced offline. */
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private codeDigest(userId: number, code: string): string {
    return hmac(this.secret, `recovery-code:${userId}:${code}`);
  }

  /**
   * `afterAnswer` runs its callback once the answer is out (the route ties it to the response's
   * 'close' event); the work it starts is tracked until it ends.
   */
  async request(login: string, afterAnswer: (start: () => void) => void): Promise<{ sent: true }> {
    const user = await usersRepo.findUserByLogin(this.db, login);
    if (user) afterAnswer(() => this.track(this.sendCode(user)));
    return { sent: true };
  }

  /** Waits for the work still running after answers (app close). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private readonly pending = new Set<Promise<void>>();

  /** Keeps `work` until it ends, for drain(); a failure is logged, never thrown. */
  private track(work: Promise<void>): void {
    const job = work
      .catch((err: unknown) => this.log.error({ err }, 'password recovery: sending the code failed'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  private async sendCode(user: usersRepo.UserRow): Promise<void> {
    const code = randomDigits(6);
    const issued = await this.db.transaction(async (tx) => {
      // One request at a time per user, so a burst cannot slip past the hourly limit.
      await usersRepo.lockUser(tx, user.id);
      if ((await repo.countCodesSince(tx, user.id, 60)) >= MAX_CODES_PER_HOUR) return false;
      await repo.invalidateCodes(tx, user.id);
      await repo.insertCode(tx, user.id, this.codeDigest(user.id, code), RECOVERY_CODE_TTL_MINUTES);
      return true;
    });
    if (!issued) {
      this.log.warn({ userId: user.id }, 'password recovery: hourly limit reached, no mail sent');
      return;
    }
    this.mailer.sendLater(recoveryMessage(user.email, user.username, code));
  }

  async verify(login: string, code: string): Promise<{ resetToken: string }> {
    const user = await usersRepo.findUserByLogin(this.db, login);
    const active = user ? await repo.findActiveCode(this.db, user.id, RECOVERY_MAX_ATTEMPTS) : undefined;
    if (!user || !active) throw new FieldError('code', INVALID_CODE);
    if (!safeEqual(this.codeDigest(user.id, code), active.codeHash)) {
      await repo.countFailedAttempt(this.db, active.id);
      throw new FieldError('code', INVALID_CODE);
    }
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
      await usersRepo.updateUser(tx, user.id, { passwordHash, tokenVersion: usersRepo.bumpedTokenVersion });
      await usersRepo.recordPasswordHistory(tx, user.id, passwordHash);
      await repo.invalidateCodes(tx, user.id);
      await repo.invalidateResetTokens(tx, user.id);
    });
    await this.auth.clearAccountBlock(user.id);
    return { reset: true };
  }
}
