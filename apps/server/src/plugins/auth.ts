/**
 * The permission guard (docs/architecture.md §5, §8.3). Every route registered after this plugin
 * must declare `config: { public: true }` or `config: { permission }`; one that declares neither
 * (or both) stops the app at startup. Protected routes verify the Bearer token, reload the user by
 * id and compare its token version, then check the permission against the user's CURRENT role.
 * It runs on onRequest, before the body is read, so anonymous callers cannot make us parse uploads.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_INVALID, TOKEN_NOT_FOUND } from '@cooler-hub/contract/auth';
import type { Permission } from '@cooler-hub/contract/permissions';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { TokenService } from '../lib/tokens';
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
    /** Set by the guard on every protected route; null on public ones. */
    user: AuthUser | null;
  }
}

export interface AuthPluginOptions {
  tokens: TokenService;
  /** Primary-key lookup of the token's user; undefined when deleted. */
  loadUser(id: number): Promise<AuthUser | undefined>;
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

const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { tokens, loadUser }) => {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const isPublic = config.public === true;
    const permission = config.permission;
    if (isPublic === Boolean(permission)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare exactly one of config.public or config.permission`,
      );
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
    const verified = await tokens.verify(token);
    const user = await loadUser(verified.userId);
    // A deleted user, or one whose password or role changed since signing, has no valid token.
    if (!user || user.tokenVersion !== verified.version) throw new UnauthorizedError(TOKEN_INVALID);
    request.user = user;
    if (permission !== SIGNED_IN && !request.user.permissions.includes(permission)) throw new ForbiddenError();
  });
};

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });
