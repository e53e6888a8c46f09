/** /api/scrap_reasons, declared in the contract (operations/scrap-reasons.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as ops from '@cooler-hub/contract/operations/scrap-reasons';
import { routeOf } from '../../lib/route-of';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { ScrapReasonsService } from './scrap-reasons.service';

export const scrapReasonsRoutes: FastifyPluginAsyncZod<{ scrapReasons: ScrapReasonsService }> = async (app, { scrapReasons }) => {
  app.route(routeOf(ops.listScrapReasons, (request) => scrapReasons.list(request.query)));
  app.route(routeOf(ops.getScrapReason, (request) => scrapReasons.get(request.params.id)));
  app.route(
    routeOf(ops.createScrapReason, async (request, reply) =>
      reply.code(201).send(await scrapReasons.create(signedInUser(request), request.body)),
    ),
  );
  app.route(
    routeOf(ops.updateScrapReason, (request) =>
      scrapReasons.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
    ),
  );
  app.route(
    routeOf(ops.deleteScrapReason, async (request, reply) => {
      await scrapReasons.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
