/** /api/hub_users — ROLE_MASTER_ACCOUNT only (DESIGN.md §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@cooler-hub/contract/common';
import {
  hubUser,
  hubUserCreateBody,
  hubUserList,
  hubUserListQuery,
  hubUserUpdateBody,
} from '@cooler-hub/contract/users';
import { signedInUser } from '../../plugins/auth';
import { NotFoundError } from '../../lib/errors';
import type { UsersService } from './users.service';

const config = { permission: 'ROLE_MASTER_ACCOUNT' } as const;
const tags = ['users'];
/** Ids beyond PostgreSQL's integer cannot exist: answer 404 rather than let the cast fail. */
const MAX_SERIAL = 2_147_483_647;
function existingId(id: number): number {
  if (id > MAX_SERIAL) throw new NotFoundError();
  return id;
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/hub_users',
    { config, schema: { tags, summary: 'List hub users', querystring: hubUserListQuery, response: { 200: hubUserList } } },
    (request) => users.list(request.query),
  );

  app.post(
    '/api/hub_users',
    { config, schema: { tags, summary: 'Create a hub user', body: hubUserCreateBody, response: { 201: hubUser } } },
    async (request, reply) => reply.code(201).send(await users.create(request.body)),
  );

  app.put(
    '/api/hub_users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a hub user (an empty plainPassword keeps the old one)',
        params: idParams,
        body: hubUserUpdateBody,
        response: { 200: hubUser },
      },
    },
    (request) => users.update(existingId(request.params.id), request.body),
  );

  app.delete(
    '/api/hub_users/:id',
    {
      config,
      schema: { tags, summary: 'Delete a hub user', params: idParams, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await users.remove(signedInUser(request).id, existingId(request.params.id));
      return reply.code(204).send();
    },
  );
};
