/**
 * Hub user rules (docs/product.md §2.4, §3, §5.2; docs/architecture.md §5): unique name and e-mail ignoring case, colour only
 * for Production, the last Admin can be neither deleted nor demoted, nobody deletes themselves, and
 * a new password or role revokes the user's tokens. Each change is one transaction.
 */
import type { ListResponse, Versioned } from '@cooler-hub/contract/common';
import {
  ALREADY_USED,
  type HubUser,
  type HubUserCreateBody,
  type HubUserListQuery,
  type HubUserUpdateBody,
} from '@cooler-hub/contract/users';
import type { Role } from '@cooler-hub/contract/permissions';
import type { Color } from '@cooler-hub/contract/users';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { hashPassword } from '../../lib/passwords';
import type { Actor } from '../revision-entries/revisions';
import * as repo from './users.repository';
import type { UserRow } from './users.repository';

export const LAST_ADMIN_DELETE = 'The last Admin user cannot be deleted.';
export const LAST_ADMIN_DEMOTE = 'The last Admin user cannot be given another role.';
export const SELF_DELETE = 'You cannot delete your own account.';

export function toHubUser(row: UserRow & { version: string }): Versioned<HubUser> {
  return { id: row.id, username: row.username, email: row.email, role: row.role, color: row.color, version: row.version };
}

/** The colour belongs to Production users only; any other role clears it (docs/product.md §3, §4). */
export function colorFor(role: Role, color: Color | null | undefined): Color | null {
  return role === 'Production' ? (color ?? null) : null;
}

/** 400 on `username` and/or `email` when another user already has them (case-insensitive). */
export async function assertUniqueIdentity(db: Db, fields: { username: string; email: string }, exceptId?: number): Promise<void> {
  const taken = await repo.findTakenFields(db, fields, exceptId);
  const violations = (['username', 'email'] as const)
    .filter((field) => taken[field])
    .map((field) => ({ propertyPath: field, title: ALREADY_USED, message: ALREADY_USED }));
  if (violations.length) throw new ValidationError(violations);
}

export class UsersService {
  constructor(private readonly db: Db) {}

  async list(query: HubUserListQuery): Promise<ListResponse<Versioned<HubUser>>> {
    const { rows, total } = await repo.listUsers(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: number): Promise<Versioned<HubUser>> {
    return repo.versions
      .read(this.db, id, async () => {
        const row = await repo.findUserById(this.db, id);
        if (!row) throw new NotFoundError();
        return row;
      })
      .then(toHubUser);
  }

  async create(_actor: Actor, body: HubUserCreateBody): Promise<Versioned<HubUser>> {
    await assertUniqueIdentity(this.db, body);
    // Hash outside the transaction: argon2 is deliberately slow and needs no lock.
    const passwordHash = await hashPassword(body.plainPassword);
    const created = await this.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        username: body.username,
        email: body.email,
        role: body.role,
        color: colorFor(body.role, body.color),
        passwordHash,
      });
      await repo.recordPasswordHistory(tx, user.id, passwordHash);
      return { ...user, version: await repo.versions.now(tx, user.id) };
    });
    return toHubUser(created);
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  async update(actor: Actor, id: number, body: HubUserUpdateBody, expected?: string): Promise<Versioned<HubUser>> {
    const passwordHash = body.plainPassword ? await hashPassword(body.plainPassword) : undefined;
    const updated = await this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'user');
      const current = await repo.findUserById(tx, id);
      if (!current) throw new NotFoundError();
      await assertUniqueIdentity(tx, body, id);
      if (current.role === 'Admin' && body.role !== 'Admin') {
        const otherAdmins = (await repo.lockAdminIds(tx)).filter((adminId) => adminId !== id);
        if (otherAdmins.length === 0) throw new ConflictError(LAST_ADMIN_DEMOTE);
      }
      const revokeTokens = passwordHash !== undefined || body.role !== current.role;
      const user = await repo.updateUser(
        tx,
        id,
        {
          username: body.username,
          email: body.email,
          role: body.role,
          color: colorFor(body.role, body.color),
          ...(passwordHash ? { passwordHash } : {}),
          ...(revokeTokens ? { tokenVersion: repo.bumpedTokenVersion } : {}),
        },
        actor,
      );
      if (!user) throw new NotFoundError();
      if (passwordHash) await repo.recordPasswordHistory(tx, id, passwordHash);
      return { ...user, version: await repo.versions.now(tx, id) };
    });
    return toHubUser(updated);
  }

  /** Deleting the row is what revokes the user's tokens: the guard finds no user for them. */
  async remove(actor: Actor, id: number): Promise<void> {
    if (actor.id === id) throw new ConflictError(SELF_DELETE);
    await this.db.transaction(async (tx) => {
      const current = await repo.findUserById(tx, id);
      if (!current) throw new NotFoundError();
      if (current.role === 'Admin') {
        const otherAdmins = (await repo.lockAdminIds(tx)).filter((adminId) => adminId !== id);
        if (otherAdmins.length === 0) throw new ConflictError(LAST_ADMIN_DELETE);
      }
      await repo.deleteUser(tx, id);
    });
  }
}
