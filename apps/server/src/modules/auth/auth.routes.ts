/** POST /api/login_check (public). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginCheckBody, tokenResponse } from '@cooler-hub/contract/auth';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/login_check',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with user name or e-mail',
        body: loginCheckBody,
        response: { 200: tokenResponse },
      },
    },
    (request) => auth.login(request.body, request.ip),
  );
};
