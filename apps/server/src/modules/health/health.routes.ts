/** /healthz: the process answers. /readyz: the database answers too (for load balancers). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as ops from '@cooler-hub/contract/operations/health';
import { routeOf } from '../../lib/route-of';

/** What the readiness probe asks: the database answers (db/client's Database). */
export interface Pingable {
  ping(): Promise<void>;
}

export const healthRoutes: FastifyPluginAsyncZod<{ database: Pingable }> = async (app, { database }) => {
  // Probes hit these every few seconds: log only warnings, unless the app is quieter still.
  const quieter = ['silent', 'fatal', 'error'] as const;
  const logLevel = quieter.find((level) => level === app.log.level) ?? 'warn';
  app.route(
    routeOf(
      ops.getLiveness,
      () => ({
        status: 'ok' as const,
      }),
      { logLevel },
    ),
  );

  app.route(
    routeOf(
      ops.getReadiness,
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const };
        } catch (err) {
          request.log.warn({ err }, 'readiness check failed: database unreachable');
          return reply.code(503).send({ status: 'unavailable' as const });
        }
      },
      { logLevel },
    ),
  );
};
