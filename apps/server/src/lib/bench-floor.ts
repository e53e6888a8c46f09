/**
 * GET /api/bench/floor — the bench's HTTP floor (docs/decisions/284): a list call whose handler does
 * nothing, through everything a list call passes — the guard (the token, the signed-in user's
 * prepared lookup, the permission), the query checked by a list's zod schema, the answer written by
 * the serializer compiled from a list's response schema — answering an empty page. What a list call
 * costs above it is its own work.
 *
 * Registered only when the server is started with BENCH_FLOOR_ROUTE=1, which `npm run bench` alone
 * sets (main.ts); not an API call, so not in the contract (docs/decisions/281) and hidden from the
 * OpenAPI document. It reads and writes nothing beyond the guard's lookup.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supplierList, supplierListQuery } from '@cooler-hub/contract/customers';
import { ABILITIES } from '@cooler-hub/contract/permissions';

export const BENCH_FLOOR_PATH = '/api/bench/floor';

export const benchFloorRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: BENCH_FLOOR_PATH,
    config: { permission: ABILITIES.settings },
    schema: { hide: true, querystring: supplierListQuery, response: { 200: supplierList } },
    handler: (request) => ({ page: request.query.page, perPage: request.query.perPage, pagesCount: 0, items: [], totalCount: 0 }),
  });
};
