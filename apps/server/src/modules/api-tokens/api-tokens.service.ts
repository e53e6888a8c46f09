/**
 * Personal API tokens (docs/decisions/279). The secret is `chub_` and 32 random bytes (base64url); it is
 * answered once, by the create, and only its SHA-256 is stored, with its first characters to tell
 * tokens apart. A name is unique per person, ignoring case. Revoking deletes the token: it is refused
 * from the next call on. The permission guard (plugins/auth) calls `authenticate` for a Bearer token
 * that starts with `chub_`.
 */
import {
  API_TOKEN_EXPIRED,
  API_TOKEN_INVALID,
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_LENGTH,
  API_TOKENS_PER_USER,
  TOO_MANY_TOKENS,
  type AllApiTokensQuery,
  type ApiTokenCreateBody,
  type ApiTokenCreated,
  type ApiTokenList,
  type ApiTokenScope,
} from '@cooler-hub/contract/api-tokens';
import { londonDayStart, nextDay } from '@cooler-hub/contract/london-time';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { DomainError, FieldError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import * as repo from './api-tokens.repository';
import type { ApiTokenRecord } from './api-tokens.repository';

/** A token the guard accepted: whose it is, its name (for history) and its scope. */
export interface ApiTokenUse {
  id: number;
  userId: number;
  name: string;
  scope: ApiTokenScope;
}

/** 'Last used' is written at most this often per token, so a busy script does not write on every call. */
export const LAST_USED_EVERY_SECONDS = 60;

const listOf = (rows: ApiTokenRecord[]): ApiTokenList => {
  const now = Date.now();
  return listResponseOf(
    { page: 1, perPage: Math.max(rows.length, 1) },
    rows.map((r) => repo.apiTokenOf(r, now)),
    rows.length,
  );
};

export class ApiTokensService {
  private readonly bySecret: ReturnType<typeof repo.tokenBySecretStatement>;

  constructor(private readonly db: Db) {
    this.bySecret = repo.tokenBySecretStatement(db);
  }

  async listOwn(actor: { id: number }): Promise<ApiTokenList> {
    return listOf(await repo.listOwnTokens(this.db, actor.id));
  }

  async listAll(query: AllApiTokensQuery): Promise<ApiTokenList> {
    const { rows, total } = await repo.listAllTokens(this.db, query);
    return listResponseOf(query, rows, total);
  }

  /** Makes a token of the actor's; the answer holds its secret, the only time it is ever told. */
  create(actor: { id: number }, body: ApiTokenCreateBody): Promise<ApiTokenCreated> {
    return this.db.transaction(async (tx) => {
      if ((await repo.countOwnTokens(tx, actor.id)) >= API_TOKENS_PER_USER) throw new DomainError(TOO_MANY_TOKENS);
      if (await repo.nameTaken(tx, actor.id, body.name)) throw new FieldError('name', ALREADY_USED);
      const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      const id = await repo.insertToken(tx, {
        userId: actor.id,
        name: body.name,
        scope: body.scope,
        secretHash: sha256(token),
        shown: token.slice(0, API_TOKEN_SHOWN_LENGTH),
        expiresAt: londonDayStart(nextDay(body.expiresOn)),
      });
      const row = await repo.findToken(tx, id);
      return { ...repo.apiTokenOf(row!, Date.now()), token };
    });
  }

  /** Revokes one of the actor's own tokens; another person's is 404, as if it did not exist. */
  async revokeOwn(actor: { id: number }, id: number): Promise<void> {
    if (!(await repo.deleteToken(this.db, id, actor.id))) throw new NotFoundError();
  }

  /** Revokes anyone's token (ability manageApiTokens). */
  async revoke(id: number): Promise<void> {
    if (!(await repo.deleteToken(this.db, id))) throw new NotFoundError();
  }

  /**
   * The token of a Bearer secret, or 401: unknown (never made, revoked, or its user deleted) or past
   * its last day. Marks it used (at most once a minute).
   */
  async authenticate(secret: string): Promise<ApiTokenUse> {
    const row = await this.bySecret(sha256(secret));
    if (!row) throw new UnauthorizedError(API_TOKEN_INVALID);
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) throw new UnauthorizedError(API_TOKEN_EXPIRED);
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_SECONDS * 1000) {
      await repo.touchToken(this.db, row.id, LAST_USED_EVERY_SECONDS);
    }
    return { id: row.id, userId: row.userId, name: row.name, scope: row.scope };
  }
}
