/** /api/delivery-emails (docs/product.md §7): dropdown, create, a customer account's default. Customers ability. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { DeliveryEmailsService } from './delivery-emails.service';
import * as ops from '@cooler-hub/contract/operations/delivery-emails';
import { routeOf } from '../../lib/route-of';

export const deliveryEmailsRoutes: FastifyPluginAsyncZod<{ emails: DeliveryEmailsService }> = async (app, { emails }) => {
  app.route(routeOf(ops.listDeliveryEmailOptions, (request) => emails.dropDown(request.query)));

  app.route(
    routeOf(ops.createDeliveryEmail, async (request, reply) => {
      const { row, created } = await emails.create(signedInUser(request), request.body);
      return reply.code(created ? 201 : 200).send(row);
    }),
  );

  app.route(routeOf(ops.createDeliveryEmailFromCustomerAccount, (request) => emails.forCustomerAccount(request.params.customerAccountId)));
};
