/**
 * /api/end_of_day_sheet and /api/end_of_day_sheet_csv — End Of Day Sheet ability (ROLE_ADMIN_USER) —
 * and Master Data's selected receipts in the same CSV, /api/receipts/export_csv — Receipts ability
 * (docs/decisions/257).
 */
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findPgError } from '../../plugins/errors';
import { DownloadAbortedError, type CsvSink, type EndOfDayService } from './end-of-day.service';
import * as ops from '@cooler-hub/contract/operations/end-of-day';
import { routeOf } from '../../lib/route-of';
/** How often `flush` looks whether the kernel took the last rows (the socket tells no event for it). */
const FLUSH_POLL_MS = 5;

/**
 * The response body as a CsvSink. A write waits while the client is slower than the database
 * (backpressure) and fails once the connection is gone — a client that takes nothing for
 * RESPONSE_STALL_TIMEOUT_MS has its connection cut (plugins/stalled-response.ts). `flush` resolves
 * true once nothing written waits in the body, the response or its socket (the kernel took it all),
 * `end` once Node has handed the last byte to the connection ('finish'); either false when the
 * connection closed before.
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
    async flush() {
      const waiting = () => body.readableLength + body.writableLength + raw.writableLength;
      while (waiting() > 0 && !gone()) await new Promise((resolve) => setTimeout(resolve, FLUSH_POLL_MS));
      return !gone();
    },
    end() {
      body.end();
      return delivered;
    },
  };
}

export const endOfDayRoutes: FastifyPluginAsyncZod<{ endOfDay: EndOfDayService }> = async (app, { endOfDay }) => {
  app.route(routeOf(ops.getEndOfDaySheet, (request) => endOfDay.list(request.query)));

  app.route(
    routeOf(ops.exportReceiptsCsv, async (request, reply) => {
      const { filename, csv } = await endOfDay.exportSelected(request.body.ids);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    }),
  );

  app.route(
    routeOf(ops.exportEndOfDayCsv, async (request, reply) => {
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
    }),
  );
};
