/** GET /api/search — any signed-in user; each kind is searched only with the ability that opens it (docs/decisions/249). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { SearchService } from './search.service';
import * as ops from '@cooler-hub/contract/operations/search';
import { routeOf } from '../../lib/route-of';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.route(routeOf(ops.search, (request) => search.search(request.query.q, signedInUser(request).permissions)));
};
