/** /api/part_numbers — ROLE_ADMIN_USER (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { PartNumbersService } from './part-numbers.service';
import * as ops from '@cooler-hub/contract/operations/part-numbers';
import { routeOf } from '../../lib/route-of';

export const partNumbersRoutes: FastifyPluginAsyncZod<{ partNumbers: PartNumbersService }> = async (app, { partNumbers }) => {
  app.route(routeOf(ops.listPartNumbers, (request) => partNumbers.list(request.query)));

  app.route(routeOf(ops.getPartNumber, (request) => partNumbers.get(request.params.id)));

  app.route(
    routeOf(ops.createPartNumber, async (request, reply) =>
      reply.code(201).send(await partNumbers.create(signedInUser(request), request.body)),
    ),
  );

  app.route(
    routeOf(ops.updatePartNumber, (request) =>
      partNumbers.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
    ),
  );

  app.route(
    routeOf(ops.deletePartNumber, async (request, reply) => {
      await partNumbers.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
