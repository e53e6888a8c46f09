/** /api/hub_users — ROLE_MASTER_ACCOUNT only (docs/architecture.md §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, withVersion } from '@cooler-hub/contract/common';
import {
  hubUser,
  hubUserCreateBody,
  hubUserList,
  hubUserListQuery,
  hubUserUpdateBody,
} from '@cooler-hub/contract/users';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { UsersService } from './users.service';

const config = { permission: 'ROLE_MASTER_ACCOUNT' } as const;
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/hub_users',
    { config, schema: { tags, summary: 'List hub users', querystring: hubUserListQuery, response: { 200: hubUserList } } },
    (request) => users.list(request.query),
  );

  app.get(
    '/api/hub_users/:id',
    { config, schema: { tags, summary: 'One hub user, with its version (what an editor saves against)', params: idParams, response: { 200: withVersion(hubUser) } } },
    (request) => users.get(request.params.id),
  );

  app.post(
    '/api/hub_users',
    { config, schema: { tags, summary: 'Create a hub user', body: hubUserCreateBody, response: { 201: withVersion(hubUser) } } },
    async (request, reply) => reply.code(201).send(await users.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/hub_users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a hub user (an empty plainPassword keeps the old one); with If-Match, only while it has that version (else 409)',
        params: idParams,
        body: hubUserUpdateBody,
        response: { 200: withVersion(hubUser) },
      },
    },
    (request) => users.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/hub_users/:id',
    {
      config,
      schema: { tags, summary: 'Delete a hub user', params: idParams, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await users.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
