/**
 * /api/receipts — Receipts ability (ROLE_ADMIN_USER), deleting included: docs/architecture.md §5 reserves
 * ROLE_REMOVE_INVENTORY for coolers and deliveries.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { ReceiptsService } from './receipts.service';
import * as ops from '@cooler-hub/contract/operations/receipts';
import { routeOf } from '../../lib/route-of';

export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  app.route(routeOf(ops.listReceipts, (request) => receipts.list(request.query)));

  app.route(routeOf(ops.getReceipt, (request) => receipts.get(request.params.id)));

  app.route(
    routeOf(ops.createReceipt, async (request, reply) => reply.code(201).send(await receipts.create(signedInUser(request), request.body))),
  );

  app.route(
    routeOf(ops.updateReceipt, (request) => receipts.update(signedInUser(request), request.params.id, request.body, ifMatch(request))),
  );

  app.route(
    routeOf(ops.deleteReceipt, async (request, reply) => {
      await receipts.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
