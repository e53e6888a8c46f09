/**
 * /api/end_of_day_sheet and /api/end_of_day_sheet_csv — End Of Day Sheet ability (ROLE_ADMIN_USER) —
 * and Master Data's selected receipts in the same CSV, /api/receipts/export_csv — Receipts ability
 * (docs/decisions/257).
 */
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { endOfDayCsvQuery, endOfDayList, endOfDayQuery, receiptsExportBody } from '@cooler-hub/contract/end-of-day';
import { findPgError } from '../../plugins/errors';
import { DownloadAbortedError, type CsvSink, type EndOfDayService } from './end-of-day.service';

const config = { permission: ABILITIES.endOfDaySheet };
const tags = ['end of day sheet'];

/**
 * The response body as a CsvSink. A write waits while the client is slower than the database
 * (backpressure) and fails once the connection is gone; `end` resolves true only when Node has
 * handed the last byte to the connection ('finish'), false when it closed before that.
 */
function responseSink(body: PassThrough, raw: ServerResponse): CsvSink {
  const delivered = new Promise<boolean>((resolve) => {
    raw.once('finish', () => resolve(true));
    raw.once('close', () => resolve(raw.writableFinished));
  });
  const gone = () => raw.destroyed || body.destroyed;
  return {
    async write(chunk) {
      if (gone()) throw new DownloadAbortedError('the client left during the end-of-day CSV');
      if (body.write(chunk)) return;
      const drained = await Promise.race([
        new Promise<boolean>((resolve) => body.once('drain', () => resolve(true))),
        delivered.then(() => false),
      ]);
      if (!drained || gone()) throw new DownloadAbortedError('the client left during the end-of-day CSV');
    },
    end() {
      body.end();
      return delivered;
    },
  };
}

export const endOfDayRoutes: FastifyPluginAsyncZod<{ endOfDay: EndOfDayService }> = async (app, { endOfDay }) => {
  app.get(
    '/api/end_of_day_sheet',
    {
      config,
      schema: {
        tags,
        summary: 'The receipts of one day in Europe/London (default today), oldest first; reading marks nothing exported',
        querystring: endOfDayQuery,
        response: { 200: endOfDayList },
      },
    },
    (request) => endOfDay.list(request.query),
  );

  app.post(
    '/api/receipts/export_csv',
    {
      config: { permission: ABILITIES.receipts },
      schema: {
        tags: ['receipts'],
        summary: "Up to 1000 receipts by id as the end-of-day CSV's columns, in the order of ids; marks nothing exported",
        body: receiptsExportBody,
      },
    },
    async (request, reply) => {
      const { filename, csv } = await endOfDay.exportSelected(request.body.ids);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(csv);
    },
  );

  app.get(
    '/api/end_of_day_sheet_csv',
    {
      config,
      schema: {
        tags,
        summary: 'The sheet as CSV (streamed); its receipts become exported when the whole file was delivered',
        querystring: endOfDayCsvQuery,
      },
    },
    async (request, reply) => {
      const body = new PassThrough();
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${endOfDay.filename(request.query)}"`)
        .header('cache-control', 'no-store')
        .send(body);
      try {
        const rows = await endOfDay.exportCsv(request.query, responseSink(body, reply.raw));
        request.log.info({ rows }, 'end-of-day CSV delivered and exported');
      } catch (err) {
        // The status line is gone already: cut the body short so the client sees a failed download.
        body.destroy();
        if (err instanceof DownloadAbortedError) {
          request.log.info('end-of-day CSV not delivered: nothing marked exported');
        } else {
          // The driver's error, not drizzle's wrapper: that one lists the statement's parameters.
          request.log.error({ err: findPgError(err) ?? err }, 'end-of-day CSV failed: nothing marked exported');
        }
      }
      return reply;
    },
  );
};
