/**
 * `npm run backup [-- FILE or FOLDER]`: one backup file (docs/decisions/197), by default into
 * BACKUP_DIR or DATA_DIR/backups. With the embedded store the running server takes it (it alone
 * may open the store); when none runs, this command opens the store itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { BackupFileError, verifyBackupFile } from './modules/backup/backup-file';
import { requestBackup } from './modules/backup/backup-control';
import { BackupError, BackupService, backupFileName, writeBackupFile } from './modules/backup/backup.service';
import { backupFolder } from './modules/backup/backup-schedule';

/** The file to write: the argument (a folder gets a dated name inside it), else the backup folder. */
async function target(arg: string | undefined, folder: string): Promise<string> {
  if (!arg) return path.join(folder, backupFileName());
  const resolved = path.resolve(arg);
  const isFolder =
    arg.endsWith('/') ||
    (await fs.stat(resolved).then(
      (s) => s.isDirectory(),
      () => false,
    ));
  return isFolder ? path.join(resolved, backupFileName()) : resolved;
}

async function run(): Promise<void> {
  // npm runs workspace scripts inside apps/server; relative paths mean where npm was started.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const file = await target(process.argv[2], backupFolder(config));
  const started = performance.now();
  let how: string;
  let written: { file: string; bytes: number };
  const fromServer = config.databaseUrl ? undefined : await requestBackup(config.dataDir);
  if (fromServer) {
    how = 'by the running server';
    written = await writeBackupFile(file, async (out) => {
      await pipeline(fromServer, out).catch(() => {
        throw new BackupError('The running server stopped sending the backup before its end (its log says why). Nothing was written.');
      });
      await verifyBackupFile(`${file}.partial`);
    });
  } else {
    const storeDir = path.join(config.dataDir, 'pglite');
    if (
      !config.databaseUrl &&
      !(await fs.stat(storeDir).then(
        () => true,
        () => false,
      ))
    ) {
      throw new BackupError(`There is no Cooler Hub data in ${config.dataDir} (DATA_DIR): nothing to back up.`);
    }
    how = config.databaseUrl ? 'with pg_dump from DATABASE_URL' : 'from the embedded store';
    const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, pool: { max: 1 } } : { dataDir: storeDir });
    try {
      written = await writeBackupFile(file, (out) => new BackupService(database).write(out));
    } finally {
      await database.close();
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Backup taken ${how}: ${written.file} (${(written.bytes / 1e6).toFixed(1)} MB, ${seconds} s)\n`);
}

run().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof BackupError || err instanceof BackupFileError;
  console.error(known ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
