/**
 * Restoring a backup file into an empty embedded store or an empty PostgreSQL database.
 * Everything that can be checked is checked before the target is touched:
 * the file's end line and checksum, its schema level against this build's, then every statement in
 * it (dump-script.ts: nothing but SQL, docs/decisions/266). The statements then run in one
 * transaction over a connection of ours (no psql), so a failure leaves the target as empty as it
 * was. The next start of the server brings an older level forward with the usual migrations.
 */
import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../db/client';
import { appSchemaLevel, BackupFileError, describeLevel, verifyBackupFile, type BackupHeader } from './backup-file';
import { checkDumpScript, dumpStatements } from './dump-script';

export type RestoreTarget = { url: string } | { dataDir: string };

export interface RestoreResult {
  header: BackupHeader & { bytes: number };
  tables: number;
}

/** Tables outside PostgreSQL's own schemas: any at all means the target holds data. */
const USER_TABLES = `select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace
  where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`;

/** Checks the file and the level, then fills the target; throws a BackupFileError naming what stopped it. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const header = await verifyBackupFile(file);
  const app = await appSchemaLevel();
  if (header.level.migrations > app.migrations) {
    throw new BackupFileError(
      `${file} was taken by a newer Cooler Hub (${describeLevel(header.level)}); this one goes up to ${describeLevel(app)}. Restore it with that version or a later one. Nothing was restored.`,
    );
  }
  if (app.tags[header.level.migrations - 1] !== header.level.tag) {
    throw new BackupFileError(
      `${file} is at ${describeLevel(header.level)}, a schema this Cooler Hub does not know (its migration ${header.level.migrations} is ${app.tags[header.level.migrations - 1] ?? 'missing'}). Nothing was restored.`,
    );
  }
  await checkDumpScript(file);
  const tables = 'url' in target ? await restoreIntoPostgres(file, target.url) : await restoreIntoPglite(file, target.dataDir);
  return { header, tables };
}

function refuseNonEmpty(where: string, tables: number): never {
  throw new BackupFileError(
    `${where} already holds data (${tables} tables): a backup is restored only into an empty one, so nothing is overwritten. Choose an empty DATA_DIR or an empty database. Nothing was restored.`,
  );
}

/**
 * A restored database never keeps a signing key, whatever the file holds (backups from before
 * docs/decisions/266 carried it): the next start generates a new one, so every token signed before
 * the backup is refused.
 */
const FORGET_SECRETS = `DO $$ BEGIN IF pg_catalog.to_regclass('public.app_secrets') IS NOT NULL THEN DELETE FROM public.app_secrets; END IF; END $$`;

/** Statements are sent in batches of about this many characters (complete statements only). */
const BATCH_CHARS = 1 << 20;

/**
 * Sends the file's statements through `exec` (inside a transaction the caller opened), skipping the
 * statements listed in `skip`, then forgets the stored secrets. A failure names the lines it came from.
 */
async function runStatements(file: string, exec: (sql: string) => Promise<unknown>, skip: Set<string>): Promise<void> {
  let batch = '';
  let from = 1;
  let to = 1;
  const flush = async () => {
    if (!batch) return;
    try {
      await exec(batch);
    } catch (err) {
      const where = from === to ? `line ${from}` : `lines ${from}–${to}`;
      throw new BackupFileError(
        `${file} could not be restored: ${err instanceof Error ? err.message : String(err)} (in ${where}). Nothing was restored.`,
      );
    }
    batch = '';
  };
  for await (const statement of dumpStatements(file)) {
    if (skip.has(statement.text.trim())) continue;
    if (!batch) from = statement.line;
    batch += statement.text;
    to = statement.line + (statement.text.match(/\n/g)?.length ?? 0);
    if (batch.length >= BATCH_CHARS) await flush();
  }
  await flush();
  await exec(FORGET_SECRETS);
}

async function restoreIntoPglite(file: string, dataDir: string): Promise<number> {
  const existed = await fs.stat(dataDir).then(
    () => true,
    () => false,
  );
  const database = await openDatabase({ dataDir });
  let restored = false;
  try {
    const client = (database.connection as { client: PGlite }).client;
    const held = (await client.query<{ n: number }>(USER_TABLES)).rows[0]!.n;
    if (held > 0) refuseNonEmpty(`The embedded store in ${dataDir}`, held);
    await client.exec('BEGIN');
    try {
      await runStatements(file, (sql) => client.exec(sql), new Set());
      await client.exec('COMMIT');
    } catch (err) {
      if (client.isInTransaction()) await client.exec('ROLLBACK');
      throw err;
    }
    restored = true;
    return (await client.query<{ n: number }>(USER_TABLES)).rows[0]!.n;
  } finally {
    await database.close();
    // A store this run created and could not fill is removed again: the folder is as it was.
    if (!restored && !existed) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Statements a dump from a newer PostgreSQL (PGlite is PostgreSQL 18) sets in its preamble that an
 * older server does not know; they only reset session settings to their defaults.
 */
const NEWER_SETTINGS: [minVersion: number, line: string][] = [[170000, 'SET transaction_timeout = 0;']];

/** Over one connection of our own, in one transaction: a failure leaves the database as empty as it was. */
async function restoreIntoPostgres(file: string, url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num);
    const held = (await client.query<{ n: number }>(USER_TABLES)).rows[0]!.n;
    if (held > 0) refuseNonEmpty('The database of DATABASE_URL', held);
    const skip = new Set(NEWER_SETTINGS.filter(([min]) => version < min).map(([, line]) => line));
    await client.query('BEGIN');
    try {
      await runStatements(file, (sql) => client.query(sql), skip);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
    // The dump emptied the session's search path; the count names its schemas.
    return (await client.query<{ n: number }>(USER_TABLES)).rows[0]!.n;
  } finally {
    await client.end();
  }
}
