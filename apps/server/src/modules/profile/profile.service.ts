/**
 * The signed-in user's own account (docs/product.md §2.5; docs/architecture.md §5). The role in the body is ignored, so
 * nobody promotes themselves. A new password revokes older tokens, so the answer carries a fresh
 * one for the web to store at once. A new password or e-mail needs the current password, checked
 * like a sign-in (same throttle), and a new e-mail is told to the old address (docs/decisions/263).
 */
import type { CurrentUser } from '@cooler-hub/contract/auth';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  type ProfileUpdateBody,
  type ProfileUpdateResponse,
} from '@cooler-hub/contract/users';
import type { Versioned } from '@cooler-hub/contract/common';
import type { Db } from '../../db/client';
import type { MailQueue } from '../../jobs/mail-queue';
import { FieldError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import type { AuthService } from '../auth/auth.service';
import type { UploadsService } from '../uploads/uploads.service';
import { toAuthUser, type AuthUser } from '../users/signed-in-user';
import * as usersRepo from '../users/users.repository';
import { assertUniqueIdentity } from '../users/users.service';
import { EMAIL_CHANGED_MAIL_KIND, emailChangedRef, registerEmailChangedMail } from './email-changed-mail';

export const INVALID_AVATAR = 'Upload the image first, then save the profile.';

/** E-mail addresses are unique ignoring case, and a change of case alone reaches the same mailbox. */
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function toCurrentUser(user: AuthUser): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    permissions: user.permissions,
  };
}

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly uploads: UploadsService,
    private readonly auth: AuthService,
    private readonly mail: MailQueue,
  ) {
    registerEmailChangedMail(mail);
  }

  /** The signed-in user as stored now, with the version of the row (docs/decisions/200). */
  get(user: AuthUser): Promise<Versioned<CurrentUser>> {
    return usersRepo.versions.read(this.db, user.id, async () => {
      const row = await usersRepo.findUserById(this.db, user.id);
      if (!row) throw new NotFoundError();
      return toCurrentUser(toAuthUser(row, (id) => this.uploads.urlFor(id)));
    });
  }

  /**
   * `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200).
   * `clientIp`: where the request came from, for the sign-in throttle the current password counts against.
   */
  async update(actor: AuthUser, body: ProfileUpdateBody, clientIp: string, expected?: string): Promise<ProfileUpdateResponse> {
    const avatarUploadId = await this.avatarUploadId(body.avatar);
    const checked = Boolean(body.plainPassword) || !sameAddress(actor.email, body.email);
    if (checked) await this.assertCurrentPassword(actor, body.currentPassword, clientIp);
    const passwordHash = body.plainPassword ? await hashPassword(body.plainPassword) : undefined;
    const updated = await this.db.transaction(async (tx) => {
      await usersRepo.versions.lock(tx, actor.id, expected, 'profile');
      const before = await usersRepo.findUserById(tx, actor.id);
      if (!before) throw new NotFoundError();
      const emailChanged = !sameAddress(before.email, body.email);
      // The e-mail may have changed since the request was read: a change found only now is not let through unchecked.
      if (emailChanged && !checked) throw new FieldError('currentPassword', CURRENT_PASSWORD_REQUIRED);
      await assertUniqueIdentity(tx, body, actor.id);
      const row = await usersRepo.updateUser(
        tx,
        actor.id,
        {
          username: body.username,
          email: body.email,
          ...(avatarUploadId === undefined ? {} : { avatarUploadId }),
          ...(passwordHash ? { passwordHash, tokenVersion: usersRepo.bumpedTokenVersion } : {}),
        },
        actor,
      );
      if (!row) throw new NotFoundError();
      if (passwordHash) await usersRepo.recordPasswordHistory(tx, actor.id, passwordHash);
      if (emailChanged) {
        await this.mail.enqueueMail(tx, {
          kind: EMAIL_CHANGED_MAIL_KIND,
          ref: emailChangedRef(actor.id, row.email),
          recipients: [before.email],
        });
      }
      return { row, version: await usersRepo.versions.now(tx, actor.id) };
    });
    const current = toAuthUser(updated.row, (id) => this.uploads.urlFor(id));
    const token = await this.tokens.sign({ ...current, tokenVersion: updated.row.tokenVersion });
    return { ...toCurrentUser(current), version: updated.version, token };
  }

  /**
   * The current password, checked as a sign-in of this user from `clientIp` (AuthService.login): its
   * failures count towards the same locks and queue, so a stolen token gives no unlimited guessing
   * (docs/decisions/263). A wrong one is a 400 on the field, never the 401 that signs the web out.
   */
  private async assertCurrentPassword(user: AuthUser, currentPassword: string | undefined, clientIp: string): Promise<void> {
    if (currentPassword === undefined) throw new FieldError('currentPassword', CURRENT_PASSWORD_REQUIRED);
    let token: string;
    try {
      ({ token } = await this.auth.login({ username: user.username, password: currentPassword }, clientIp));
    } catch (err) {
      if (err instanceof UnauthorizedError) throw new FieldError('currentPassword', CURRENT_PASSWORD_WRONG);
      throw err;
    }
    // The name signs in this user unless it was renamed meanwhile and another took the name: that proves nothing.
    if ((await this.tokens.verify(token)).userId !== user.id) throw new FieldError('currentPassword', CURRENT_PASSWORD_WRONG);
  }

  /**
   * undefined keeps the stored avatar and null clears it; otherwise it must be the URL of an existing
   * upload, stored as that upload's id.
   */
  private async avatarUploadId(avatar: string | null | undefined): Promise<string | null | undefined> {
    if (avatar === undefined || avatar === null) return avatar;
    const id = this.uploads.idFromUrl(avatar);
    if (!id || !(await this.uploads.exists(id))) throw new FieldError('avatar', INVALID_AVATAR);
    return id;
  }
}
