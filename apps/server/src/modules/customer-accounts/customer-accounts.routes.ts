/** /api/customer_accounts and /api/customer_accounts_drop_down — ROLE_ADMIN_USER (docs/architecture.md §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, withVersion } from '@cooler-hub/contract/common';
import {
  customerAccount,
  customerAccountBody,
  customerAccountDropDown,
  customerAccountDropDownQuery,
  customerAccountList,
  customerAccountListQuery,
} from '@cooler-hub/contract/customers';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CustomerAccountsService } from './customer-accounts.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['customer accounts'];

export const customerAccountsRoutes: FastifyPluginAsyncZod<{ customerAccounts: CustomerAccountsService }> = async (
  app,
  { customerAccounts },
) => {
  app.get(
    '/api/customer_accounts',
    {
      config,
      schema: {
        tags,
        summary: 'List customer accounts (name: contains, any case; client: a client id)',
        querystring: customerAccountListQuery,
        response: { 200: customerAccountList },
      },
    },
    (request) => customerAccounts.list(request.query),
  );

  app.get(
    '/api/customer_accounts_drop_down',
    {
      config,
      schema: {
        tags,
        summary: 'Customer accounts for a dropdown (id, name; by name)',
        querystring: customerAccountDropDownQuery,
        response: { 200: customerAccountDropDown },
      },
    },
    (request) => customerAccounts.dropDown(request.query),
  );

  app.get(
    '/api/customer_accounts/:id',
    { config, schema: { tags, summary: 'One customer account', params: idParams, response: { 200: withVersion(customerAccount) } } },
    (request) => customerAccounts.get(request.params.id),
  );

  app.post(
    '/api/customer_accounts',
    { config, schema: { tags, summary: 'Create a customer account', body: customerAccountBody, response: { 201: withVersion(customerAccount) } } },
    async (request, reply) => reply.code(201).send(await customerAccounts.create(signedInUser(request), request.body)),
  );

  app.put(
    '/api/customer_accounts/:id',
    {
      config,
      schema: { tags, summary: 'Update (with If-Match: only while it has that version, else 409) a customer account', params: idParams, body: customerAccountBody, response: { 200: withVersion(customerAccount) } },
    },
    (request) => customerAccounts.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
  );

  app.delete(
    '/api/customer_accounts/:id',
    { config, schema: { tags, summary: 'Delete a customer account that nothing uses', params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await customerAccounts.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
