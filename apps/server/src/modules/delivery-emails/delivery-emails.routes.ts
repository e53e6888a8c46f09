/** /api/delivery-emails (docs/product.md §7): dropdown, create, a customer account's default. Customers ability. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerAccountIdParams,
  deliveryEmail,
  deliveryEmailCreateBody,
  deliveryEmailDropDownQuery,
  deliveryEmailList,
} from '@cooler-hub/contract/delivery-emails';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { signedInUser } from '../../plugins/auth';
import type { DeliveryEmailsService } from './delivery-emails.service';

const config = { permission: ABILITIES.customers };
const tags = ['delivery e-mails'];

export const deliveryEmailsRoutes: FastifyPluginAsyncZod<{ emails: DeliveryEmailsService }> = async (app, { emails }) => {
  app.get(
    '/api/delivery-emails/dropdown',
    {
      config,
      schema: { tags, summary: 'Recipients for the search-select (searchEmail: contains, any case)', querystring: deliveryEmailDropDownQuery, response: { 200: deliveryEmailList } },
    },
    (request) => emails.dropDown(request.query),
  );

  app.post(
    '/api/delivery-emails/create',
    {
      config,
      schema: {
        tags,
        summary: 'Add a recipient address (201); one already stored is answered as it is (200)',
        body: deliveryEmailCreateBody,
        response: { 200: deliveryEmail, 201: deliveryEmail },
      },
    },
    async (request, reply) => {
      const { row, created } = await emails.create(signedInUser(request), request.body);
      return reply.code(created ? 201 : 200).send(row);
    },
  );

  app.post(
    '/api/delivery-emails/customer_account_exchange/:customerAccountId',
    {
      config,
      schema: {
        tags,
        summary: "The customer account's e-mail as a delivery e-mail (created if needed); 404 when it has none",
        params: customerAccountIdParams,
        response: { 200: deliveryEmail },
      },
    },
    (request) => emails.forCustomerAccount(request.params.customerAccountId),
  );
};
