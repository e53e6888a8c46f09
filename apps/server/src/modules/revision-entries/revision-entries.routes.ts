/** /api/revision_entries — the history of one receipt or cooler; ROLE_ADMIN_USER (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RevisionEntriesService } from './revision-entries.service';
import * as ops from '@cooler-hub/contract/operations/revision-entries';
import { routeOf } from '../../lib/route-of';

export const revisionEntriesRoutes: FastifyPluginAsyncZod<{ revisionEntries: RevisionEntriesService }> = async (
  app,
  { revisionEntries },
) => {
  app.route(routeOf(ops.listRevisionEntries, (request) => revisionEntries.list(request.query)));
};
