/**
 * /api/profile/tokens — any signed-in person, their own tokens; /api/tokens — every user's, ability
 * manageApiTokens (docs/decisions/279). An API token is refused on all of them (plugins/auth): no token
 * makes or sees tokens.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { ApiTokensService } from './api-tokens.service';
import * as ops from '@cooler-hub/contract/operations/api-tokens';
import { routeOf } from '../../lib/route-of';

export const apiTokensRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (app, { apiTokens }) => {
  app.route(routeOf(ops.listMyApiTokens, (request) => apiTokens.listOwn(signedInUser(request))));

  app.route(
    routeOf(ops.createApiToken, async (request, reply) =>
      reply.code(201).send(await apiTokens.create(signedInUser(request), request.body)),
    ),
  );

  app.route(
    routeOf(ops.revokeMyApiToken, async (request, reply) => {
      await apiTokens.revokeOwn(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );

  app.route(routeOf(ops.listAllApiTokens, (request) => apiTokens.listAll(request.query)));

  app.route(
    routeOf(ops.revokeApiToken, async (request, reply) => {
      await apiTokens.revoke(request.params.id);
      return reply.code(204).send();
    }),
  );
};
