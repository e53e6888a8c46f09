/**
 * LB tags of receipts as PDF (docs/decisions/217): one receipt's, or up to 500 in one file, a page
 * per label. The Receipts ability (ROLE_ADMIN_USER), as every receipt screen. The PDF is streamed
 * as it is drawn.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';
import type { LbTagsFile, LbTagsService } from './lb-tags.service';
import * as ops from '@cooler-hub/contract/operations/lb-tags';
import { routeOf } from '../../lib/route-of';

const sendPdf = (reply: FastifyReply, { filename, pdf }: LbTagsFile) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);

export const lbTagsRoutes: FastifyPluginAsyncZod<{ lbTags: LbTagsService }> = async (app, { lbTags }) => {
  app.route(
    routeOf(ops.printReceiptLbTag, async (request, reply) => {
      return sendPdf(reply, await lbTags.printOne(signedInUser(request), request.params.id, request.query.preset));
    }),
  );

  app.route(
    routeOf(ops.printReceiptLbTags, async (request, reply) => {
      const { ids, preset } = request.body;
      return sendPdf(reply, await lbTags.printMany(signedInUser(request), ids, preset));
    }),
  );
};
