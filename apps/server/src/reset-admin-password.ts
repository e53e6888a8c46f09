/**
 * `npm run reset-admin-password -w apps/server`: a new password for the admin account, with the same
 * configuration as the server (ADMIN_PASSWORD if set, else one is generated and printed once).
 * With the embedded database the server must be stopped first: while it runs, it holds the store's
 * lock and this command is refused (docs/decisions/190).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { adminPasswordBanner } from './lib/banner';
import { DataDirError, prepareDataDir } from './lib/data-dir';
import { NoAdminError, resetAdminPassword } from './modules/users/reset-admin-password';
import { migrationsFolder } from './paths';

async function run(): Promise<void> {
  // npm runs workspace scripts inside apps/server; a relative DATA_DIR means where npm was started,
  // as it does for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  if (!config.databaseUrl) await prepareDataDir(config.dataDir, { create: true });
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate(migrationsFolder);
    const reset = await resetAdminPassword(database.db, config.adminPassword);
    process.stdout.write(
      reset.generated
        ? adminPasswordBanner('Cooler Hub: admin password reset', reset.username, reset.password)
        : `The password of '${reset.username}' is now the value of ADMIN_PASSWORD; its old sessions are signed out.\n`,
    );
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof NoAdminError || err instanceof DataDirError ? err.message : err);
  process.exit(1);
});
