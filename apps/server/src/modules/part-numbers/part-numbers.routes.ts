/** /api/part_numbers — ROLE_ADMIN_USER (docs/architecture.md §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParams, withVersion } from '@cooler-hub/contract/common';
import {
  partNumber,
  partNumberCreateBody,
  partNumberList,
  partNumberListQuery,
  partNumberUpdateBody,
} from '@cooler-hub/contract/settings';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { PartNumbersService } from './part-numbers.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['part numbers'];

export const partNumbersRoutes: FastifyPluginAsyncZod<{ partNumbers: PartNumbersService }> = async (app, { partNumbers }) => {
  app.get(
    '/api/part_numbers',
    {
      config,
      schema: { tags, summary: 'List part numbers (partNumber: contains, any case)', querystring: partNumberListQuery, response: { 200: partNumberList } },
    },
    (request) => partNumbers.list(request.query),
  );

  app.get(
    '/api/part_numbers/:id',
    { config, schema: { tags, summary: 'One part number', params: uuidParams, response: { 200: withVersion(partNumber) } } },
    (request) => partNumbers.get(request.params.id),
  );

  app.post(
    '/api/part_numbers',
    {
      config,
      schema: {
        tags,
        summary: 'Create a part number with a client-generated id (a retry with the same id and values creates nothing)',
        body: partNumberCreateBody,
        response: { 201: withVersion(partNumber) },
      },
    },
    async (request, reply) => reply.code(201).send(await partNumbers.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/part_numbers/:id',
    { config, schema: { tags, summary: 'Update (with If-Match: only while it has that version, else 409) a part number', params: uuidParams, body: partNumberUpdateBody, response: { 200: withVersion(partNumber) } } },
    (request) => partNumbers.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/part_numbers/:id',
    { config, schema: { tags, summary: 'Delete a part number that nothing uses', params: uuidParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await partNumbers.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
