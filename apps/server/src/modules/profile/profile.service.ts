/**
 * The signed-in user's own account (docs/product.md §2.5; docs/architecture.md §5). The role in the body is ignored, so
 * nobody promotes themselves. A new password revokes older tokens, so the answer carries a fresh
 * one for the web to store at once.
 */
import type { CurrentUser } from '@cooler-hub/contract/auth';
import type { ProfileUpdateBody, ProfileUpdateResponse } from '@cooler-hub/contract/users';
import type { Versioned } from '@cooler-hub/contract/common';
import type { Db } from '../../db/client';
import { FieldError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import type { UploadsService } from '../uploads/uploads.service';
import { toAuthUser, type AuthUser } from '../users/signed-in-user';
import type { Actor } from '../revision-entries/revisions';
import * as usersRepo from '../users/users.repository';
import { assertUniqueIdentity } from '../users/users.service';

export const INVALID_AVATAR = 'Upload the image first, then save the profile.';

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
  ) {}

  /** The signed-in user as stored now, with the version of the row (docs/decisions/200). */
  get(user: AuthUser): Promise<Versioned<CurrentUser>> {
    return usersRepo.versions.read(this.db, user.id, async () => {
      const row = await usersRepo.findUserById(this.db, user.id);
      if (!row) throw new NotFoundError();
      return toCurrentUser(toAuthUser(row, (id) => this.uploads.urlFor(id)));
    });
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  async update(actor: Actor, body: ProfileUpdateBody, expected?: string): Promise<ProfileUpdateResponse> {
    const avatarUploadId = await this.avatarUploadId(body.avatar);
    const passwordHash = body.plainPassword ? await hashPassword(body.plainPassword) : undefined;
    const updated = await this.db.transaction(async (tx) => {
      await usersRepo.versions.lock(tx, actor.id, expected, 'profile');
      await assertUniqueIdentity(tx, body, actor.id);
      const row = await usersRepo.updateUser(tx, actor.id, {
        username: body.username,
        email: body.email,
        ...(avatarUploadId === undefined ? {} : { avatarUploadId }),
        ...(passwordHash ? { passwordHash, tokenVersion: usersRepo.bumpedTokenVersion } : {}),
      }, actor);
      if (!row) throw new NotFoundError();
      if (passwordHash) await usersRepo.recordPasswordHistory(tx, actor.id, passwordHash);
      return { row, version: await usersRepo.versions.now(tx, actor.id) };
    });
    const current = toAuthUser(updated.row, (id) => this.uploads.urlFor(id));
    const token = await this.tokens.sign({ ...current, tokenVersion: updated.row.tokenVersion });
    return { ...toCurrentUser(current), version: updated.version, token };
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
