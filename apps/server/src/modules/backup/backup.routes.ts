/**
 * GET /api/backup — the whole database as a backup file (backup ability, ROLE_MASTER_ACCOUNT).
 * The file is written in full to a private temporary file first, so the dump (pg_dump and its
 * database connection, or the embedded store) is done before the first byte is sent, whatever the
 * client does (docs/decisions/266); it is then sent from that file, and a client that takes nothing
 * is cut off like any response (plugins/stalled-response.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupFileName, type BackupService } from './backup.service';
import * as ops from '@cooler-hub/contract/operations/backup';
import { routeOf } from '../../lib/route-of';

export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  app.route(
    routeOf(ops.downloadBackup, async (request, reply) => {
      // A client that leaves while the backup is written stops the dump.
      const left = new AbortController();
      const onClose = () => left.abort();
      reply.raw.once('close', onClose);
      const spooled = await backups
        .spool(left.signal)
        .catch((err: unknown) => {
          if (left.signal.aborted) return undefined;
          throw err;
        })
        .finally(() => reply.raw.off('close', onClose));
      if (!spooled) {
        request.log.info('backup download: the client left before the backup was written');
        return reply.hijack();
      }
      const body = spooled.handle.createReadStream();
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) request.log.info({ bytes: spooled.bytes }, 'backup downloaded');
        body.destroy();
      });
      return reply
        .type('application/sql; charset=utf-8')
        .header('content-disposition', `attachment; filename="${backupFileName()}"`)
        .header('content-length', spooled.bytes)
        .header('cache-control', 'no-store')
        .send(body);
    }),
  );
};
