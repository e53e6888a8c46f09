/** Production entry: config → database → migrate → seed → listen; graceful shutdown on SIGTERM/SIGINT. */
import path from 'node:path';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { describeMigration, MigrationError } from './db/migrate';
import { ADMIN_USERNAME, seed } from './db/seed';
import { adminPasswordBanner } from './lib/banner';
import { listenControlSocket } from './modules/backup/backup-control';
import { backupFolder, scheduleBackups } from './modules/backup/backup-schedule';
import { BackupService } from './modules/backup/backup.service';
import { DataDirError, prepareDataDir } from './lib/data-dir';
import { UploadsService } from './modules/uploads/uploads.service';
import { resolveJwtSecret } from './lib/jwt-secret';
import { migrationsFolder, webRoot } from './paths';

/**
 * After each full collection the old heap may grow to 1.5× what survived it, not V8's default of up
 * to 4×: the server's resident memory then follows what it holds, not the garbage of the last
 * seconds, and stays within the 250 MB of docs/architecture.md §6 while a CSV streams
 * (docs/decisions/273). Read by V8 at every collection, so setting it at the start is enough.
 */
const HEAP_GROWING_PERCENT = 50;

async function main(): Promise<void> {
  const started = performance.now();
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Owner-only DATA_DIR (docs/decisions/191); embedded, the store needs it, so it is created now.
  const dataDir = await prepareDataDir(config.dataDir, { create: !config.databaseUrl });

  // At LOG_LEVEL=trace every SQL statement is logged (`msg: "sql"`); set once the app's logger exists.
  const sqlLog: { write?: (query: string, params: unknown[]) => void } = {};
  const database = await openDatabase({
    ...(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') }),
    ...(config.logLevel === 'trace' ? { logQuery: (query, params) => sqlLog.write?.(query, params) } : {}),
  });
  const migration = await database.migrate(migrationsFolder);
  const seeded = await seed(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
  const jwtSecret = await resolveJwtSecret({
    configured: config.jwtSecret,
    driver: database.driver,
    dataDir: config.dataDir,
    db: database.db,
  });

  // BENCH_FLOOR_ROUTE=1 is set by `npm run bench` alone: its no-op call, the HTTP floor (docs/decisions/284).
  const benchFloor = process.env.BENCH_FLOOR_ROUTE === '1';
  const app = await buildApp({ config, database, jwtSecret, webRoot, checkResponses: false, benchFloor });
  sqlLog.write = (sql, params) => app.log.trace({ sql, params }, 'sql');
  if (dataDir.closed > 0) {
    app.log.warn(
      { dataDir: config.dataDir, closed: dataDir.closed },
      'DATA_DIR was open to other accounts: closed to them (owner only now)',
    );
  }
  app.log.info({ migrationsApplied: migration.applied.length }, describeMigration(migration));
  const sweepTimer = sweepOrphanUploadsHourly(app, new UploadsService(database.db, config.publicUrl));
  // The embedded store's backups are taken here, by its one owner (docs/decisions/198).
  const backups = new BackupService(database);
  const stopBackups =
    database.driver === 'pglite' && config.backupIntervalHours > 0
      ? scheduleBackups(
          backups,
          { dir: backupFolder(config), intervalHours: config.backupIntervalHours, keepDays: config.backupKeepDays },
          app.log,
        )
      : () => {};
  const closeControlSocket = database.driver === 'pglite' ? await listenControlSocket(config.dataDir, backups, app.log) : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(sweepTimer);
    stopBackups();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await closeControlSocket();
      await database.close();
      clearTimeout(force);
      // pino writes synchronously to stdout, so this line is out before the exit.
      app.log.info({ signal }, 'stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ driver: database.driver, seeded: seeded.seeded, startupMs: Math.round(performance.now() - started) }, 'Cooler Hub ready');
  if (seeded.generatedAdminPassword) {
    // Printed once, last, on the run that created the user; it is not stored anywhere in clear.
    process.stdout.write(adminPasswordBanner('Cooler Hub: admin user created', ADMIN_USERNAME, seeded.generatedAdminPassword));
  }
}

/** At start and every hour: uploads nothing refers to are removed after their grace period. */
function sweepOrphanUploadsHourly(app: FastifyInstance, uploads: UploadsService): NodeJS.Timeout {
  const sweep = () =>
    void uploads
      .removeOrphans()
      .then((removed) => removed > 0 && app.log.info({ removed }, 'orphan uploads removed'))
      .catch((err: unknown) => app.log.error({ err }, 'orphan upload sweep failed'));
  sweep();
  return setInterval(sweep, 60 * 60 * 1000).unref();
}

main().catch((err: unknown) => {
  console.error('Cooler Hub failed to start:', err instanceof Error ? err.message : err);
  // A failed migration or a DATA_DIR problem (in use, another account's, read-only) says all there
  // is to say in its one message (docs/decisions/194); anything else gets its stack.
  if (err instanceof Error && err.stack && !(err instanceof MigrationError) && !(err instanceof DataDirError)) console.error(err.stack);
  process.exit(1);
});
