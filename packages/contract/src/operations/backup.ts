/** The backup calls, declared once for the server and the web (docs/decisions/281). */
import { operation } from '../operation';

export const downloadBackup = operation({
  operationId: 'downloadBackup',
  method: 'GET',
  path: '/api/backup',
  summary: 'Download a backup of the whole database',
  description: 'A plain-SQL PostgreSQL dump with a checked end line, written in full before it is sent.',
  tags: ['backup'],
  ability: 'backup',
  produces: ['application/sql'],
});
