/** /api/hub_users — ROLE_MASTER_ACCOUNT only (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { UsersService } from './users.service';
import * as ops from '@cooler-hub/contract/operations/users';
import { routeOf } from '../../lib/route-of';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.route(routeOf(ops.listHubUsers, (request) => users.list(request.query)));

  app.route(routeOf(ops.getHubUser, (request) => users.get(request.params.id)));

  app.route(
    routeOf(ops.createHubUser, async (request, reply) => reply.code(201).send(await users.create(signedInUser(request), request.body))),
  );

  app.route(
    routeOf(ops.updateHubUser, (request) => users.update(signedInUser(request), request.params.id, request.body, ifMatch(request))),
  );

  app.route(
    routeOf(ops.deleteHubUser, async (request, reply) => {
      await users.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
