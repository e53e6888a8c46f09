/** /api/saved_views — ROLE_ADMIN_USER, and each list's own ability (docs/decisions/253). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  savedView,
  savedViewCreateBody,
  savedViewListQuery,
  savedViewListResponse,
  savedViewParams,
  savedViewUpdateBody,
} from '@cooler-hub/contract/saved-views';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { SavedViewsService } from './saved-views.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['saved views'];

export const savedViewsRoutes: FastifyPluginAsyncZod<{ savedViews: SavedViewsService }> = async (app, { savedViews }) => {
  app.get(
    '/api/saved_views',
    {
      config,
      schema: { tags, summary: "A list's views: the user's own and everyone's shared ones, by name", querystring: savedViewListQuery, response: { 200: savedViewListResponse } },
    },
    (request) => savedViews.list(signedInUser(request), request.query.list),
  );

  app.get(
    '/api/saved_views/:id',
    { config, schema: { tags, summary: 'One view (own or shared)', params: savedViewParams, response: { 200: savedView } } },
    (request) => savedViews.get(signedInUser(request), request.params.id),
  );

  app.post(
    '/api/saved_views',
    { config, schema: { tags, summary: 'Save a view', body: savedViewCreateBody, response: { 201: savedView } } },
    async (request, reply) => reply.code(201).send(await savedViews.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/saved_views/:id',
    {
      config,
      schema: { tags, summary: 'Change one of your views (with If-Match: only while it has that version, else 409)', params: savedViewParams, body: savedViewUpdateBody, response: { 200: savedView } },
    },
    (request) => savedViews.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/saved_views/:id',
    { config, schema: { tags, summary: 'Delete one of your views', params: savedViewParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await savedViews.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/saved_views/:id/default',
    { config, schema: { tags, summary: "Make a view (own or shared) the user's default of its list", params: savedViewParams, response: { 200: savedView } } },
    (request) => savedViews.setDefault(signedInUser(request), request.params.id),
  );

  app.delete(
    '/api/saved_views/:id/default',
    { config, schema: { tags, summary: "Stop a view being the user's default of its list", params: savedViewParams, response: { 200: savedView } } },
    (request) => savedViews.clearDefault(signedInUser(request), request.params.id),
  );
};
