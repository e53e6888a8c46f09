/**
 * `npm run restore FILE`: a backup file into an empty DATA_DIR, or the empty database of
 * DATABASE_URL (docs/decisions/197). The next `npm start` brings it to this version's schema.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { BackupFileError, describeLevel } from './modules/backup/backup-file';
import { restoreBackup } from './modules/backup/restore';

async function run(): Promise<void> {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const file = process.argv[2];
  if (!file) throw new BackupFileError('Usage: npm run restore FILE — FILE is a backup written by npm run backup or Download backup.');
  const started = performance.now();
  const target = config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') };
  const { header, tables } = await restoreBackup(path.resolve(file), target);
  const where = config.databaseUrl ? 'the database of DATABASE_URL' : `the embedded store in ${config.dataDir}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Restored ${file} (taken ${header.takenAt.toISOString()}, ${describeLevel(header.level)}) into ${where}: ${tables} tables, ${seconds} s.\n` +
      'Start Cooler Hub on it with npm start.\n',
  );
}

run().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof BackupFileError;
  console.error(known ? err.message : `Restore failed, nothing was restored: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
