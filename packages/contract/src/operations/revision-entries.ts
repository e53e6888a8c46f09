/** The revision entries calls, declared once for the server and the web (docs/decisions/281). */
import { revisionEntryList, revisionEntryListQuery } from '../revisions';
import { operation } from '../operation';

export const listRevisionEntries = operation({
  operationId: 'listRevisionEntries',
  method: 'GET',
  path: '/api/revision_entries',
  summary: 'List the history of a receipt or cooler',
  description: 'entryKind and entryRef name it; newest first.',
  tags: ['revision entries'],
  ability: 'inventory',
  query: revisionEntryListQuery,
  response: { 200: revisionEntryList },
});
