/**
 * /api/deliveries (docs/product.md §7): the three lists, one note, create, an edit per type, approve, resend,
 * downloads, and the scan step's LB check. The delivery screens need the Customers ability
 * (ROLE_ADMIN_USER, docs/product.md §6); deleting a note needs Manipulate Inventory (ROLE_REMOVE_INVENTORY).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { DeliveriesService } from './deliveries.service';
import * as ops from '@cooler-hub/contract/operations/deliveries';
import { routeOf } from '../../lib/route-of';

export const deliveriesRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService }> = async (app, { deliveries }) => {
  app.route(routeOf(ops.listTransferDeliveries, (request) => deliveries.list('transfer', request.query)));

  app.route(routeOf(ops.listScrapDeliveries, (request) => deliveries.list('scrap', request.query)));

  app.route(routeOf(ops.listErrorSheetDeliveries, (request) => deliveries.list('error_sheet', request.query)));

  app.route(routeOf(ops.checkLbNumbers, (request) => deliveries.checkLbNumbers(request.body)));

  app.route(routeOf(ops.getDelivery, (request) => deliveries.get(request.params.id)));

  app.route(
    routeOf(ops.createDelivery, async (request, reply) =>
      reply.code(201).send(await deliveries.create(signedInUser(request), request.body)),
    ),
  );

  const none = { customerAccount: null, businessName: null, dispatchAddress: null, invoiceAddress: null };
  app.route(
    routeOf(ops.updateTransferDelivery, (request) =>
      deliveries.update(signedInUser(request), request.params.id, 'transfer', request.body, ifMatch(request)),
    ),
  );
  app.route(
    routeOf(ops.updateScrapDelivery, (request) =>
      deliveries.update(signedInUser(request), request.params.id, 'scrap', { ...none, ...request.body }, ifMatch(request)),
    ),
  );
  app.route(
    routeOf(ops.updateErrorSheetDelivery, (request) =>
      deliveries.update(signedInUser(request), request.params.id, 'error_sheet', { ...none, ...request.body }, ifMatch(request)),
    ),
  );

  app.route(routeOf(ops.approveDelivery, (request) => deliveries.approve(signedInUser(request), request.params.id, ifMatch(request))));

  app.route(routeOf(ops.approveDeliveries, (request) => deliveries.approveSelected(signedInUser(request), request.body.ids, request.log)));

  app.route(routeOf(ops.resendDelivery, (request) => deliveries.resend(signedInUser(request), request.params.id)));

  app.route(
    routeOf(ops.deleteDelivery, async (request, reply) => {
      await deliveries.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );

  app.route(
    routeOf(ops.downloadDelivery, async (request, reply) => {
      const { filename, contentType, content } = await deliveries.download(request.params.id, request.params.format);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .type(contentType)
        .send(content);
    }),
  );
};
