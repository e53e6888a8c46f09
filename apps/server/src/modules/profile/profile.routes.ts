/** GET and PUT /api/profile — any signed-in user, on their own account only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { ProfileService } from './profile.service';
import * as ops from '@cooler-hub/contract/operations/profile';
import { routeOf } from '../../lib/route-of';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.route(routeOf(ops.getProfile, (request) => profile.get(signedInUser(request))));

  app.route(routeOf(ops.updateProfile, (request) => profile.update(signedInUser(request), request.body, request.ip, ifMatch(request))));
};
