/** /api/delivery_addresses (docs/product.md §7): used addresses, create (geocoded on the server), look-up. Customers ability. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressLookupQuery,
  deliveryAddress,
  deliveryAddressCreateBody,
  deliveryAddressList,
  lookedUpAddress,
  usedAddressesQuery,
} from '@cooler-hub/contract/delivery-addresses';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { signedInUser } from '../../plugins/auth';
import type { DeliveryAddressesService } from './delivery-addresses.service';

const config = { permission: ABILITIES.customers };
const tags = ['delivery addresses'];

export const deliveryAddressesRoutes: FastifyPluginAsyncZod<{ addresses: DeliveryAddressesService }> = async (app, { addresses }) => {
  app.get(
    '/api/delivery_addresses/used',
    {
      config,
      schema: { tags, summary: 'Addresses notes use (addressType: dispatch or invoice), newest first', querystring: usedAddressesQuery, response: { 200: deliveryAddressList } },
    },
    (request) => addresses.used(request.query),
  );

  app.get(
    '/api/delivery_addresses/lookup',
    {
      config,
      schema: {
        tags,
        summary: 'Geocode a typed address (GB only) without storing it; without a geocoder, or when it fails, only the search text comes back',
        querystring: addressLookupQuery,
        response: { 200: lookedUpAddress },
      },
    },
    (request) => addresses.lookup(request.query),
  );

  app.post(
    '/api/delivery_addresses',
    {
      config,
      schema: {
        tags,
        summary: 'Store an address typed in a picker, geocoded on the server (201); the same text for the same target again answers the stored one (200)',
        body: deliveryAddressCreateBody,
        response: { 200: deliveryAddress, 201: deliveryAddress },
      },
    },
    async (request, reply) => {
      const { address, created } = await addresses.create(signedInUser(request), request.body);
      return reply.code(created ? 201 : 200).send(address);
    },
  );
};
