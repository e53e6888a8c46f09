/**
 * LB tags of receipts as PDF (docs/decisions/217): one receipt's, or up to 500 in one file, a page
 * per label. The Receipts ability (ROLE_ADMIN_USER), as every receipt screen. The PDF is streamed
 * as it is drawn.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParams } from '@cooler-hub/contract/common';
import { lbTagQuery, lbTagsBody } from '@cooler-hub/contract/lb-tags';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { signedInUser } from '../../plugins/auth';
import type { LbTagsFile, LbTagsService } from './lb-tags.service';

const config = { permission: ABILITIES.receipts };
const tags = ['receipts'];

const sendPdf = (reply: FastifyReply, { filename, pdf }: LbTagsFile) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(pdf);

export const lbTagsRoutes: FastifyPluginAsyncZod<{ lbTags: LbTagsService }> = async (app, { lbTags }) => {
  app.get(
    '/api/receipts/:id/lb_tag.pdf',
    {
      config,
      schema: {
        tags,
        summary: "The receipt's LB tag: a PDF whose page is the label of the preset; recorded in the receipt's history",
        params: uuidParams,
        querystring: lbTagQuery,
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await lbTags.printOne(signedInUser(request), request.params.id, request.query.preset));
    },
  );

  app.post(
    '/api/receipts/lb_tags.pdf',
    {
      config,
      schema: {
        tags,
        summary: "LB tags of up to 500 receipts in one PDF, a page per label in the order of ids; recorded in each receipt's history",
        body: lbTagsBody,
      },
    },
    async (request, reply) => {
      const { ids, preset } = request.body;
      return sendPdf(reply, await lbTags.printMany(signedInUser(request), ids, preset));
    },
  );
};
