/** /api/revision_entries — the history of one receipt or cooler; ROLE_ADMIN_USER (docs/architecture.md §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { revisionEntryList, revisionEntryListQuery } from '@cooler-hub/contract/revisions';
import type { RevisionEntriesService } from './revision-entries.service';

export const revisionEntriesRoutes: FastifyPluginAsyncZod<{ revisionEntries: RevisionEntriesService }> = async (app, { revisionEntries }) => {
  app.get(
    '/api/revision_entries',
    {
      config: { permission: ABILITIES.inventory },
      schema: {
        tags: ['revision entries'],
        summary: 'The history of one receipt or cooler (entryKind, entryRef), newest first',
        querystring: revisionEntryListQuery,
        response: { 200: revisionEntryList },
      },
    },
    (request) => revisionEntries.list(request.query),
  );
};
