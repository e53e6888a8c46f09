/**
 * /api/printers… and /api/printers_drop_down, declared in the contract (operations/printers.ts):
 * Admins manage printers (managePrinters); printing tags needs the receipts ability (docs/decisions/283).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as ops from '@cooler-hub/contract/operations/printers';
import { routeOf } from '../../lib/route-of';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { PrintersService } from './printers.service';

export const printersRoutes: FastifyPluginAsyncZod<{ printers: PrintersService }> = async (app, { printers }) => {
  app.route(routeOf(ops.listPrinters, (request) => printers.list(request.query)));
  app.route(
    routeOf(ops.createPrinter, async (request, reply) => reply.code(201).send(await printers.create(signedInUser(request), request.body))),
  );
  app.route(routeOf(ops.getPrinter, (request) => printers.get(request.params.id)));
  app.route(
    routeOf(ops.updatePrinter, (request) => printers.update(signedInUser(request), request.params.id, request.body, ifMatch(request))),
  );
  app.route(
    routeOf(ops.deletePrinter, async (request, reply) => {
      await printers.remove(request.params.id);
      return reply.code(204).send();
    }),
  );
  app.route(routeOf(ops.listPrinterChoices, (request) => printers.choices(request.query)));
  app.route(routeOf(ops.testPrinter, (request) => printers.test(signedInUser(request), request.params.id)));
  app.route(
    routeOf(ops.createPrintJob, async (request, reply) =>
      reply.code(201).send(await printers.print(signedInUser(request), request.params.id, request.body)),
    ),
  );
};
