/** /api/password_recovery/{request,verify,reset} — public (docs/architecture.md §4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordRecoveryService } from './password-recovery.service';
import * as ops from '@cooler-hub/contract/operations/password-recovery';
import { routeOf } from '../../lib/route-of';

export const passwordRecoveryRoutes: FastifyPluginAsyncZod<{ recovery: PasswordRecoveryService }> = async (app, { recovery }) => {
  app.route(routeOf(ops.requestPasswordRecoveryCode, (request) => recovery.request(request.body.username, request.ip)));

  app.route(routeOf(ops.verifyPasswordRecoveryCode, (request) => recovery.verify(request.body.username, request.body.code, request.ip)));

  app.route(routeOf(ops.resetPassword, (request) => recovery.reset(request.body.resetToken, request.body.plainPassword)));
};
