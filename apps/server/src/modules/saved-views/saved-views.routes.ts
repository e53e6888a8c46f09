/** /api/saved_views — ROLE_ADMIN_USER, and each list's own ability (docs/decisions/253). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { SavedViewsService } from './saved-views.service';
import * as ops from '@cooler-hub/contract/operations/saved-views';
import { routeOf } from '../../lib/route-of';

export const savedViewsRoutes: FastifyPluginAsyncZod<{ savedViews: SavedViewsService }> = async (app, { savedViews }) => {
  app.route(routeOf(ops.listSavedViews, (request) => savedViews.list(signedInUser(request), request.query.list)));

  app.route(routeOf(ops.getSavedView, (request) => savedViews.get(signedInUser(request), request.params.id)));

  app.route(
    routeOf(ops.createSavedView, async (request, reply) =>
      reply.code(201).send(await savedViews.create(signedInUser(request), request.body)),
    ),
  );

  app.route(
    routeOf(ops.updateSavedView, (request) => savedViews.update(signedInUser(request), request.params.id, request.body, ifMatch(request))),
  );

  app.route(
    routeOf(ops.deleteSavedView, async (request, reply) => {
      await savedViews.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );

  app.route(routeOf(ops.setDefaultSavedView, (request) => savedViews.setDefault(signedInUser(request), request.params.id)));

  app.route(routeOf(ops.unsetDefaultSavedView, (request) => savedViews.clearDefault(signedInUser(request), request.params.id)));
};
