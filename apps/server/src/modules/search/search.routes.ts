/** GET /api/search — any signed-in user; each kind is searched only with the ability that opens it (docs/decisions/249). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '@cooler-hub/contract/search';
import { SIGNED_IN, signedInUser } from '../../plugins/auth';
import type { SearchService } from './search.service';

const config = { permission: SIGNED_IN } as const;
const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/search',
    {
      config,
      schema: {
        tags,
        summary: 'Search from the top bar: exact LB number, serial or delivery note number first, then up to 5 partial matches per kind the user may open',
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
    },
    (request) => search.search(request.query.q, signedInUser(request).permissions),
  );
};
