/** /api/clients — ROLE_ADMIN_USER (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { ClientsService } from './clients.service';
import * as ops from '@cooler-hub/contract/operations/clients';
import { routeOf } from '../../lib/route-of';

export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  app.route(routeOf(ops.listClients, (request) => clients.list(request.query)));

  app.route(
    routeOf(ops.createClient, async (request, reply) => reply.code(201).send(await clients.create(signedInUser(request), request.body))),
  );

  app.route(
    routeOf(ops.deleteClient, async (request, reply) => {
      await clients.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
