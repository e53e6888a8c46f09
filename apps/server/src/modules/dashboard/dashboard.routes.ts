/**
 * /api/dashboard — one call per figure (docs/decisions/255), for whoever may see receipts: the
 * Receipts ability, as Master Data, where every figure links.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardPeriodQuery, notExported, notOnNoteByAge, receiptsPerDay, scrapByReason, turnaround } from '@cooler-hub/contract/dashboard';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import type { DashboardService } from './dashboard.service';

const config = { permission: ABILITIES.receipts };
const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/api/dashboard/receipts_per_day',
    {
      config,
      schema: {
        tags,
        summary: 'Receipts per London day of the last 30 or 90 days, per process option',
        querystring: dashboardPeriodQuery,
        response: { 200: receiptsPerDay },
      },
    },
    (request) => dashboard.receiptsPerDay(request.query.days),
  );

  app.get(
    '/api/dashboard/scrap_by_reason',
    {
      config,
      schema: {
        tags,
        summary: 'Receipts of the last 30 or 90 days, and those with each scrap reason',
        querystring: dashboardPeriodQuery,
        response: { 200: scrapByReason },
      },
    },
    (request) => dashboard.scrapByReason(request.query.days),
  );

  app.get(
    '/api/dashboard/turnaround',
    {
      config,
      schema: {
        tags,
        summary: 'Days from receipt to approved transfer or scrap note (median, 90th percentile) of the notes approved in the last 30 or 90 days',
        querystring: dashboardPeriodQuery,
        response: { 200: turnaround },
      },
    },
    (request) => dashboard.turnaround(request.query.days),
  );

  app.get(
    '/api/dashboard/not_on_note_by_age',
    { config, schema: { tags, summary: 'Receipts on no transfer or scrap note, by age (0–7, 8–30, 31–90, > 90 days)', response: { 200: notOnNoteByAge } } },
    () => dashboard.notOnNoteByAge(),
  );

  app.get(
    '/api/dashboard/not_exported',
    { config, schema: { tags, summary: 'Receipts not yet exported in an end-of-day CSV', response: { 200: notExported } } },
    () => dashboard.notExported(),
  );
};
