/** /api/clients — ROLE_ADMIN_USER (docs/architecture.md §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@cooler-hub/contract/common';
import { client, clientCreateBody, clientList, clientListQuery } from '@cooler-hub/contract/customers';
import { signedInUser } from '../../plugins/auth';
import type { ClientsService } from './clients.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['clients'];

export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  app.get(
    '/api/clients',
    { config, schema: { tags, summary: 'List clients (name: contains, any case)', querystring: clientListQuery, response: { 200: clientList } } },
    (request) => clients.list(request.query),
  );

  app.post(
    '/api/clients',
    { config, schema: { tags, summary: 'Create a client (from the account form)', body: clientCreateBody, response: { 201: client } } },
    async (request, reply) => reply.code(201).send(await clients.create(signedInUser(request), request.body)),
  );

  app.delete(
    '/api/clients/:id',
    { config, schema: { tags, summary: 'Delete a client that has no accounts', params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await clients.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
