/**
 * /api/dashboard — one call per figure (docs/decisions/255), for whoever may see receipts: the
 * Receipts ability, as Master Data, where every figure links.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard.service';
import * as ops from '@cooler-hub/contract/operations/dashboard';
import { routeOf } from '../../lib/route-of';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.route(routeOf(ops.getReceiptsPerDay, (request) => dashboard.receiptsPerDay(request.query.days)));

  app.route(routeOf(ops.getScrapByReason, (request) => dashboard.scrapByReason(request.query.days)));

  app.route(routeOf(ops.getTurnaround, (request) => dashboard.turnaround(request.query.days)));

  app.route(routeOf(ops.getNotOnNoteByAge, () => dashboard.notOnNoteByAge()));

  app.route(routeOf(ops.getNotExported, () => dashboard.notExported()));
};
