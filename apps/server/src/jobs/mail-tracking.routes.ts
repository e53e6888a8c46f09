/**
 * GET /api/mail/t/{token}.gif — the read-tracking image of a message (public: the unguessable token
 * is the only key; docs/architecture.md §4). Every well-formed request gets the same transparent 1×1 GIF, so the
 * answer says nothing about whether a token exists; the first GET of a real one sets viewed_at.
 * Any other name under /api/mail/t/ is the usual 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as ops from '@cooler-hub/contract/operations/mail';
import { routeOf } from '../lib/route-of';
import type { MailQueue } from './mail-queue';

/** A transparent 1×1 GIF (43 bytes). */
export const TRACKING_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const mailTrackingRoutes: FastifyPluginAsyncZod<{ mail: MailQueue }> = async (app, { mail }) => {
  app.route(
    routeOf(ops.getMailTrackingImage, async (request, reply) => {
      // HEAD (link checkers, prefetchers) answers without counting as a read.
      if (request.method === 'GET') {
        await mail.markViewed(request.params.token).catch((err: unknown) => {
          // The image still loads; the read is simply not recorded this time.
          request.log.error({ err }, 'tracking image: could not record the read');
        });
      }
      return (
        reply
          .type('image/gif')
          .header('cache-control', 'no-store, no-cache, must-revalidate, private')
          .header('pragma', 'no-cache')
          // Mail clients load it from their own origin.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(TRACKING_GIF)
      );
    }),
  );
};
