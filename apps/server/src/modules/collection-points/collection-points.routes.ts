/**
 * /api/collection_points — ROLE_ADMIN_USER (docs/architecture.md §5). The create, update and remove paths are
 * those of docs/product.md §7 (`/create`, `/{id}/update`, `/{id}/remove`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CollectionPointsService } from './collection-points.service';
import * as ops from '@cooler-hub/contract/operations/collection-points';
import { routeOf } from '../../lib/route-of';

export const collectionPointsRoutes: FastifyPluginAsyncZod<{ collectionPoints: CollectionPointsService }> = async (
  app,
  { collectionPoints },
) => {
  app.route(routeOf(ops.listCollectionPoints, (request) => collectionPoints.list(request.query)));

  app.route(routeOf(ops.getCollectionPoint, (request) => collectionPoints.get(request.params.id)));

  app.route(
    routeOf(ops.createCollectionPoint, async (request, reply) =>
      reply.code(201).send(await collectionPoints.create(signedInUser(request), request.body)),
    ),
  );

  app.route(
    routeOf(ops.updateCollectionPoint, (request) =>
      collectionPoints.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
    ),
  );

  app.route(
    routeOf(ops.deleteCollectionPoint, async (request, reply) => {
      await collectionPoints.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
