/**
 * /api/scrap_reasons — ROLE_ADMIN_USER (docs/architecture.md §5). The create, update and remove paths are those of
 * docs/product.md §7 (`/create`, `/{id}/update`, `/{id}/remove`).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, withVersion } from '@cooler-hub/contract/common';
import { scrapReason, scrapReasonBody, scrapReasonList, scrapReasonListQuery } from '@cooler-hub/contract/settings';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { ScrapReasonsService } from './scrap-reasons.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['scrap reasons'];

export const scrapReasonsRoutes: FastifyPluginAsyncZod<{ scrapReasons: ScrapReasonsService }> = async (app, { scrapReasons }) => {
  app.get(
    '/api/scrap_reasons',
    {
      config,
      schema: { tags, summary: 'List scrap reasons (name: the reason contains, any case)', querystring: scrapReasonListQuery, response: { 200: scrapReasonList } },
    },
    (request) => scrapReasons.list(request.query),
  );

  app.get(
    '/api/scrap_reasons/:id',
    { config, schema: { tags, summary: 'One scrap reason', params: idParams, response: { 200: withVersion(scrapReason) } } },
    (request) => scrapReasons.get(request.params.id),
  );

  app.post(
    '/api/scrap_reasons/create',
    { config, schema: { tags, summary: 'Create a scrap reason (number = code, name = reason)', body: scrapReasonBody, response: { 201: withVersion(scrapReason) } } },
    async (request, reply) => reply.code(201).send(await scrapReasons.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/scrap_reasons/:id/update',
    {
      config,
      schema: { tags, summary: 'Update (with If-Match: only while it has that version, else 409) a scrap reason (number = code, name = reason)', params: idParams, body: scrapReasonBody, response: { 200: withVersion(scrapReason) } },
    },
    (request) => scrapReasons.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/scrap_reasons/:id/remove',
    { config, schema: { tags, summary: 'Delete a scrap reason that nothing uses', params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await scrapReasons.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
