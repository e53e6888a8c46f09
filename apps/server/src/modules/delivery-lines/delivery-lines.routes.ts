/** /api/delivery_lines (docs/architecture.md §4): the lines of a note or of an LB number; deleting one. Customers ability. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@cooler-hub/contract/common';
import { deliveryLineList, deliveryLineListQuery } from '@cooler-hub/contract/delivery-lines';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { signedInUser } from '../../plugins/auth';
import type { DeliveryLinesService } from './delivery-lines.service';

const config = { permission: ABILITIES.customers };
const tags = ['delivery lines'];

export const deliveryLinesRoutes: FastifyPluginAsyncZod<{ lines: DeliveryLinesService }> = async (app, { lines }) => {
  app.get(
    '/api/delivery_lines',
    {
      config,
      schema: {
        tags,
        summary: 'Lines of a note (deliveryId) or of an LB number (lbNumber, exact), in the order added',
        querystring: deliveryLineListQuery,
        response: { 200: deliveryLineList },
      },
    },
    (request) => lines.list(request.query),
  );

  app.delete(
    '/api/delivery_lines/:id',
    { config, schema: { tags, summary: 'Remove a line from a pending note (not its last one)', params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await lines.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
