/**
 * The permission guard (docs/architecture.md §5, §8.3). Every route registered after this plugin
 * must declare `config: { public: true }` or `config: { permission }`; one that declares neither
 * (or both) stops the app at startup. Protected routes verify the Bearer token, reload the user by
 * id and compare its token version, then check the permission against the user's CURRENT role. A
 * Bearer token starting `chub_` is an API token (docs/decisions/279): looked up by its hash, it acts
 * as its user within its scope, and never on the account's own routes (SIGN_IN_ONLY).
 * It runs on onRequest, before the body is read, so anonymous callers cannot make us parse uploads.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_PREFIX, READ_ONLY_METHODS, READ_ONLY_TOKEN, SIGN_IN_REQUIRED, viaTokenSource } from '@cooler-hub/contract/api-tokens';
import { TOKEN_INVALID, TOKEN_NOT_FOUND } from '@cooler-hub/contract/auth';
import type { Permission } from '@cooler-hub/contract/permissions';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { TokenService } from '../lib/tokens';
import type { ApiTokenUse } from '../modules/api-tokens/api-tokens.service';
import type { Actor } from '../modules/revision-entries/revisions';
import type { AuthUser } from '../modules/users/signed-in-user';

/** Any signed-in user, whatever the role (the profile). */
export const SIGNED_IN = 'SIGNED_IN';
export type RouteAccess = Permission | typeof SIGNED_IN;

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permission?: RouteAccess;
  }
  interface FastifyRequest {
    /**
     * Set by the guard on every protected route; null on public ones. Called with an API token, its
     * `source` ('via token {name}') goes into the history of every change the request makes.
     */
    user: (AuthUser & Pick<Actor, 'source'>) | null;
  }
}

export interface AuthPluginOptions {
  tokens: TokenService;
  /** Primary-key lookup of the token's user; undefined when deleted. */
  loadUser(id: number): Promise<AuthUser | undefined>;
  /**
   * The API token of a `chub_` Bearer secret; throws UnauthorizedError when unknown or expired
   * (docs/decisions/279). Without it, no API token is accepted.
   */
  apiTokens?: { authenticate(secret: string): Promise<ApiTokenUse> };
}

/**
 * The routes no API token may call, whatever its scope (docs/decisions/279): the account itself
 * (profile, password, e-mail, and its tokens: no token makes tokens) and user management. Matched on
 * the route's pattern, so a route added under these paths is covered too.
 */
const SIGN_IN_ONLY = /^\/api\/(profile|tokens|hub_users)(\/|$)/;

/** Throws 403 when an API token may not make this call: a sign-in-only route, or a write with a read-only token. */
function assertTokenMay(request: FastifyRequest, token: ApiTokenUse): void {
  if (SIGN_IN_ONLY.test(request.routeOptions.url ?? '')) throw new ForbiddenError(SIGN_IN_REQUIRED);
  if (token.scope === 'readOnly' && !READ_ONLY_METHODS.includes(request.method)) throw new ForbiddenError(READ_ONLY_TOKEN);
}

/** The signed-in user of a protected route. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError(TOKEN_NOT_FOUND);
  return request.user;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { tokens, loadUser, apiTokens }) => {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const isPublic = config.public === true;
    const permission = config.permission;
    if (isPublic === Boolean(permission)) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare exactly one of config.public or config.permission`);
    }
    if (permission) {
      // Shown in the OpenAPI document: which token and which permission the call needs.
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      route.schema = {
        ...schema,
        security: [{ bearerAuth: [] }],
        description: [schema['description'], `Requires ${permission === SIGNED_IN ? 'a signed-in user' : permission}.`]
          .filter(Boolean)
          .join(' '),
      };
    }
  });

  app.addHook('onRequest', async (request) => {
    const { permission } = request.routeOptions.config;
    if (!permission) return; // public
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedError(TOKEN_NOT_FOUND);
    if (token.startsWith(API_TOKEN_PREFIX)) {
      // An API token acts as its user with the role the user has NOW; its scope only narrows that.
      if (!apiTokens) throw new UnauthorizedError(TOKEN_INVALID);
      const apiToken = await apiTokens.authenticate(token);
      const user = await loadUser(apiToken.userId);
      if (!user) throw new UnauthorizedError(TOKEN_INVALID);
      assertTokenMay(request, apiToken);
      request.user = { ...user, source: viaTokenSource(apiToken.name) };
    } else {
      const verified = await tokens.verify(token);
      const user = await loadUser(verified.userId);
      // A deleted user, or one whose password or role changed since signing, has no valid token.
      if (!user || user.tokenVersion !== verified.version) throw new UnauthorizedError(TOKEN_INVALID);
      request.user = user;
    }
    if (permission !== SIGNED_IN && !request.user.permissions.includes(permission)) throw new ForbiddenError();
  });
};

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });
