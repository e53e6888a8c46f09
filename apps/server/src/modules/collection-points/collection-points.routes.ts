/**
 * /api/collection_points — ROLE_ADMIN_USER (docs/architecture.md §5). The create, update and remove paths are
 * those of docs/product.md §7 (`/create`, `/{id}/update`, `/{id}/remove`).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, withVersion } from '@cooler-hub/contract/common';
import {
  collectionPoint,
  collectionPointBody,
  collectionPointList,
  collectionPointListQuery,
} from '@cooler-hub/contract/settings';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CollectionPointsService } from './collection-points.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['collection points'];

export const collectionPointsRoutes: FastifyPluginAsyncZod<{ collectionPoints: CollectionPointsService }> = async (
  app,
  { collectionPoints },
) => {
  app.get(
    '/api/collection_points',
    {
      config,
      schema: { tags, summary: 'List collection points (name: contains, any case)', querystring: collectionPointListQuery, response: { 200: collectionPointList } },
    },
    (request) => collectionPoints.list(request.query),
  );

  app.get(
    '/api/collection_points/:id',
    { config, schema: { tags, summary: 'One collection point', params: idParams, response: { 200: withVersion(collectionPoint) } } },
    (request) => collectionPoints.get(request.params.id),
  );

  app.post(
    '/api/collection_points/create',
    { config, schema: { tags, summary: 'Create a collection point', body: collectionPointBody, response: { 201: withVersion(collectionPoint) } } },
    async (request, reply) => reply.code(201).send(await collectionPoints.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/collection_points/:id/update',
    {
      config,
      schema: { tags, summary: 'Rename (with If-Match: only while it has that version, else 409) a collection point', params: idParams, body: collectionPointBody, response: { 200: withVersion(collectionPoint) } },
    },
    (request) => collectionPoints.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/collection_points/:id/remove',
    { config, schema: { tags, summary: 'Delete a collection point that nothing uses', params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await collectionPoints.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
