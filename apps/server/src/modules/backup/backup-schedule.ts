/**
 * Scheduled backups of the embedded store (docs/decisions/198): every BACKUP_INTERVAL_HOURS (24 by
 * default; 0 turns them off) into BACKUP_DIR or DATA_DIR/backups, keeping BACKUP_KEEP_DAYS days
 * (the newest is always kept). The schedule follows the newest file, so a restart neither skips a
 * due backup nor takes an extra one; the first comes a minute after a start with none due earlier.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { listBackups, pruneBackups, type BackupService } from './backup.service';

const FIRST_DELAY_MS = 60_000;

export function backupFolder(config: Pick<Config, 'backupDir' | 'dataDir'>): string {
  return config.backupDir ?? path.join(config.dataDir, 'backups');
}

/** Starts the schedule; returns a function that stops it (a backup under way finishes). */
export function scheduleBackups(
  backups: BackupService,
  options: { dir: string; intervalHours: number; keepDays: number; firstDelayMs?: number },
  log: FastifyBaseLogger,
): () => void {
  const intervalMs = options.intervalHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = (delayMs: number) => {
    if (!stopped) timer = setTimeout(() => void take(), Math.max(0, delayMs)).unref();
  };
  const take = async () => {
    try {
      const started = performance.now();
      const { file, bytes } = await backups.writeToFolder(options.dir);
      const removed = await pruneBackups(options.dir, options.keepDays);
      log.info({ file, bytes, ms: Math.round(performance.now() - started), removed: removed.length }, 'scheduled backup written');
    } catch (err) {
      log.error({ err, dir: options.dir }, `scheduled backup failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    next(intervalMs);
  };
  void listBackups(options.dir)
    .catch(() => [])
    .then(([newest]) => {
      const due = newest ? newest.mtimeMs + intervalMs - Date.now() : 0;
      next(Math.max(due, options.firstDelayMs ?? FIRST_DELAY_MS));
    });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
