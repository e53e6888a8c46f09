/** /api/delivery_addresses (docs/product.md §7): used addresses, create (geocoded on the server), look-up. Customers ability. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { DeliveryAddressesService } from './delivery-addresses.service';
import * as ops from '@cooler-hub/contract/operations/delivery-addresses';
import { routeOf } from '../../lib/route-of';

export const deliveryAddressesRoutes: FastifyPluginAsyncZod<{ addresses: DeliveryAddressesService }> = async (app, { addresses }) => {
  app.route(routeOf(ops.listUsedDeliveryAddresses, (request) => addresses.used(request.query)));

  app.route(routeOf(ops.lookUpDeliveryAddress, (request) => addresses.lookup(request.query)));

  app.route(
    routeOf(ops.createDeliveryAddress, async (request, reply) => {
      const { address, created } = await addresses.create(signedInUser(request), request.body);
      return reply.code(created ? 201 : 200).send(address);
    }),
  );
};
