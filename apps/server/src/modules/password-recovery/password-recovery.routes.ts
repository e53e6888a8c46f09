/** /api/password_recovery/{request,verify,reset} — public (docs/architecture.md §4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryRequestBody,
  recoveryRequestResponse,
  recoveryResetBody,
  recoveryResetResponse,
  recoveryVerifyBody,
  recoveryVerifyResponse,
} from '@cooler-hub/contract/password-recovery';
import type { PasswordRecoveryService } from './password-recovery.service';

const config = { public: true } as const;
const tags = ['password recovery'];

export const passwordRecoveryRoutes: FastifyPluginAsyncZod<{ recovery: PasswordRecoveryService }> = async (
  app,
  { recovery },
) => {
  app.post(
    '/api/password_recovery/request',
    {
      config,
      schema: {
        tags,
        summary: 'E-mail a 6-digit code (same answer whether or not the user exists)',
        body: recoveryRequestBody,
        response: { 200: recoveryRequestResponse },
      },
    },
    // Only queues the request (the same statement for any name); the job does the rest.
    (request) => recovery.request(request.body.username),
  );

  app.post(
    '/api/password_recovery/verify',
    {
      config,
      schema: {
        tags,
        summary: 'Exchange the e-mailed code for a single-use reset token',
        body: recoveryVerifyBody,
        response: { 200: recoveryVerifyResponse },
      },
    },
    (request) => recovery.verify(request.body.username, request.body.code),
  );

  app.post(
    '/api/password_recovery/reset',
    {
      config,
      schema: {
        tags,
        summary: 'Set a new password with the reset token',
        body: recoveryResetBody,
        response: { 200: recoveryResetResponse },
      },
    },
    (request) => recovery.reset(request.body.resetToken, request.body.plainPassword),
  );
};
