/** /healthz: the process answers. /readyz: the database answers too (for load balancers). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the readiness probe asks: the database answers (db/client's Database). */
export interface Pingable {
  ping(): Promise<void>;
}

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Pingable }> = async (app, { database }) => {
  // Probes hit these every few seconds: log only warnings, unless the app is quieter still.
  const quieter = ['silent', 'fatal', 'error'] as const;
  const logLevel = quieter.find((level) => level === app.log.level) ?? 'warn';
  app.get(
    '/healthz',
    { config: { public: true }, logLevel, schema: { tags: ['health'], response: { 200: status } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { config: { public: true }, logLevel, schema: { tags: ['health'], response: { 200: status, 503: status } } },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
