/** /api/customer_accounts and /api/customer_accounts_drop_down — ROLE_ADMIN_USER (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CustomerAccountsService } from './customer-accounts.service';
import * as ops from '@cooler-hub/contract/operations/customer-accounts';
import { routeOf } from '../../lib/route-of';

export const customerAccountsRoutes: FastifyPluginAsyncZod<{ customerAccounts: CustomerAccountsService }> = async (
  app,
  { customerAccounts },
) => {
  app.route(routeOf(ops.listCustomerAccounts, (request) => customerAccounts.list(request.query)));

  app.route(routeOf(ops.listCustomerAccountOptions, (request) => customerAccounts.dropDown(request.query)));

  app.route(routeOf(ops.getCustomerAccount, (request) => customerAccounts.get(request.params.id)));

  app.route(
    routeOf(ops.createCustomerAccount, async (request, reply) =>
      reply.code(201).send(await customerAccounts.create(signedInUser(request), request.body)),
    ),
  );

  app.route(
    routeOf(ops.updateCustomerAccount, (request) =>
      customerAccounts.update(signedInUser(request), request.params.id, request.body, ifMatch(request)),
    ),
  );

  app.route(
    routeOf(ops.deleteCustomerAccount, async (request, reply) => {
      await customerAccounts.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
