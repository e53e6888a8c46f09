/**
 * /api/coolers — Coolers ability (ROLE_ADMIN_USER); deleting needs Manipulate Inventory
 * (ROLE_REMOVE_INVENTORY), the ability the web's delete icon asks about (docs/product.md §6, docs/architecture.md §5).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CoolersService } from './coolers.service';
import * as ops from '@cooler-hub/contract/operations/coolers';
import { routeOf } from '../../lib/route-of';

export const coolersRoutes: FastifyPluginAsyncZod<{ coolers: CoolersService }> = async (app, { coolers }) => {
  app.route(routeOf(ops.listCoolers, (request) => coolers.list(request.query)));

  app.route(routeOf(ops.getCooler, (request) => coolers.get(request.params.id)));

  app.route(routeOf(ops.getCoolerTimeline, (request) => coolers.timeline(request.params.id, request.query)));

  app.route(
    routeOf(ops.createCooler, async (request, reply) => reply.code(201).send(await coolers.create(signedInUser(request), request.body))),
  );

  app.route(
    routeOf(ops.updateCooler, (request) => coolers.update(signedInUser(request), request.params.id, request.body, ifMatch(request))),
  );

  app.route(
    routeOf(ops.deleteCooler, async (request, reply) => {
      await coolers.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
