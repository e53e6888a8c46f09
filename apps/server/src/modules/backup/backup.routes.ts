/** GET /api/backup — the whole database as a backup file, streamed (backup ability, ROLE_MASTER_ACCOUNT). */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ABILITIES } from '@cooler-hub/contract/permissions';
import { backupFileName, type BackupService } from './backup.service';

export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  app.get(
    '/api/backup',
    {
      config: { permission: ABILITIES.backup },
      schema: {
        tags: ['backup'],
        summary: 'A backup of the whole database: a plain-SQL PostgreSQL dump with a checked end line (streamed)',
      },
    },
    async (request, reply) => {
      const body = new PassThrough();
      void reply
        .type('application/sql; charset=utf-8')
        .header('content-disposition', `attachment; filename="${backupFileName()}"`)
        .header('cache-control', 'no-store')
        .send(body);
      try {
        await backups.write(body);
        request.log.info('backup downloaded');
      } catch (err) {
        // The status line is gone already: cut the body short; the file has no end line, so it is refused.
        body.destroy();
        request.log.error({ err }, 'backup download failed');
      }
      return reply;
    },
  );
};
