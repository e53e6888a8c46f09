/** /api/webhooks…, declared in the contract (operations/webhooks.ts) — ability manageWebhooks (docs/decisions/280). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as ops from '@cooler-hub/contract/operations/webhooks';
import { routeOf } from '../../lib/route-of';
import type { WebhooksService } from './webhooks.service';

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.route(routeOf(ops.listWebhooks, (request) => webhooks.list(request.query)));
  app.route(routeOf(ops.createWebhook, async (request, reply) => reply.code(201).send(await webhooks.create(request.body))));
  app.route(routeOf(ops.getWebhook, (request) => webhooks.get(request.params.id)));
  app.route(routeOf(ops.updateWebhook, (request) => webhooks.update(request.params.id, request.body)));
  app.route(
    routeOf(ops.deleteWebhook, async (request, reply) => {
      await webhooks.remove(request.params.id);
      return reply.code(204).send();
    }),
  );
  app.route(routeOf(ops.rotateWebhookSecret, (request) => webhooks.rotateSecret(request.params.id)));
  app.route(routeOf(ops.listWebhookDeliveries, (request) => webhooks.deliveries(request.params.id, request.query)));
  app.route(
    routeOf(ops.redeliverWebhookDelivery, async (request, reply) =>
      reply.code(202).send(await webhooks.redeliver(request.params.id, request.params.deliveryId)),
    ),
  );
};
