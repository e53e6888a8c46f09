/** /api/delivery_lines (docs/architecture.md §4): the lines of a note or of an LB number; deleting one. Customers ability. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { DeliveryLinesService } from './delivery-lines.service';
import * as ops from '@cooler-hub/contract/operations/delivery-lines';
import { routeOf } from '../../lib/route-of';

export const deliveryLinesRoutes: FastifyPluginAsyncZod<{ lines: DeliveryLinesService }> = async (app, { lines }) => {
  app.route(routeOf(ops.listDeliveryLines, (request) => lines.list(request.query)));

  app.route(
    routeOf(ops.deleteDeliveryLine, async (request, reply) => {
      await lines.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
