/** /api/cc_codes and /api/cc_codes_drop_down — ROLE_ADMIN_USER (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { CcCodesService } from './cc-codes.service';
import * as ops from '@cooler-hub/contract/operations/cc-codes';
import { routeOf } from '../../lib/route-of';

export const ccCodesRoutes: FastifyPluginAsyncZod<{ ccCodes: CcCodesService }> = async (app, { ccCodes }) => {
  app.route(routeOf(ops.listCcCodes, (request) => ccCodes.list(request.query)));

  app.route(routeOf(ops.listCcCodeOptions, (request) => ccCodes.dropDown(request.query)));

  app.route(routeOf(ops.getCcCode, (request) => ccCodes.get(request.params.id)));

  app.route(
    routeOf(ops.createCcCode, async (request, reply) => reply.code(201).send(await ccCodes.create(signedInUser(request), request.body))),
  );

  app.route(
    routeOf(ops.updateCcCode, (request) => ccCodes.update(signedInUser(request), request.params.id, request.body, ifMatch(request))),
  );

  app.route(
    routeOf(ops.deleteCcCode, async (request, reply) => {
      await ccCodes.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    }),
  );
};
