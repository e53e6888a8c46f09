/** POST /api/login_check (public). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';
import * as ops from '@cooler-hub/contract/operations/auth';
import { routeOf } from '../../lib/route-of';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.route(routeOf(ops.signIn, (request) => auth.login(request.body, request.ip)));
};
