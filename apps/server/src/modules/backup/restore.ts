/**
 * Restoring a backup file into an empty embedded store or an empty PostgreSQL database
 * (docs/decisions/197). Everything that can be checked is checked before the target is touched:
 * the file's end line and checksum, then its schema level against this build's. The dump then runs
 * in one transaction, so a failure leaves the target as empty as it was. The next start of the
 * server brings an older level forward with the usual migrations.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../db/client';
import { appSchemaLevel, BackupFileError, describeLevel, verifyBackupFile, type BackupHeader } from './backup-file';

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
  const tables = 'url' in target ? await restoreIntoPostgres(file, target.url) : await restoreIntoPglite(file, target.dataDir);
  return { header, tables };
}

function refuseNonEmpty(where: string, tables: number): never {
  throw new BackupFileError(
    `${where} already holds data (${tables} tables): a backup is restored only into an empty one, so nothing is overwritten. Choose an empty DATA_DIR or an empty database. Nothing was restored.`,
  );
}

/** psql meta-commands newer pg_dump versions write around a plain dump; PGlite runs SQL only. */
const PSQL_ONLY = /^\\(restrict|unrestrict) \S+$/gm;

async function restoreIntoPglite(file: string, dataDir: string): Promise<number> {
  const existed = await fs.stat(dataDir).then(() => true, () => false);
  const database = await openDatabase({ dataDir });
  let restored = false;
  try {
    const client = (database.connection as { client: PGlite }).client;
    const held = (await client.query<{ n: number }>(USER_TABLES)).rows[0]!.n;
    if (held > 0) refuseNonEmpty(`The embedded store in ${dataDir}`, held);
    const sql = (await fs.readFile(file, 'utf8')).replace(PSQL_ONLY, '');
    try {
      await client.exec(`BEGIN;\n${sql}\nCOMMIT;`);
    } catch (err) {
      if (client.isInTransaction()) await client.exec('ROLLBACK');
      throw new BackupFileError(`${file} could not be restored: ${err instanceof Error ? err.message : String(err)}. Nothing was restored.`);
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

async function restoreIntoPostgres(file: string, url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const count = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const version = Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num);
      return { tables: (await client.query<{ n: number }>(USER_TABLES)).rows[0]!.n, version };
    } finally {
      await client.end();
    }
  };
  const before = await count();
  if (before.tables > 0) refuseNonEmpty('The database of DATABASE_URL', before.tables);
  const skip = new Set(NEWER_SETTINGS.filter(([min]) => before.version < min).map(([, line]) => line));
  const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  psql.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; error?: NodeJS.ErrnoException }>((resolve) => {
    psql.once('error', (error) => resolve({ code: null, error }));
    psql.once('close', (code) => resolve({ code }));
  });
  await pipeline(createReadStream(file, 'utf8'), withoutLines(skip), psql.stdin).catch(() => {
    // psql stopped reading (it failed): its exit code and message below say why.
  });
  const { code, error } = await exited;
  if (error?.code === 'ENOENT') {
    throw new BackupFileError('psql was not found: install the PostgreSQL client tools (Debian/Ubuntu: apt install postgresql-client), then restore again. Nothing was restored.');
  }
  if (error || code !== 0) {
    throw new BackupFileError(`${file} could not be restored: ${(error?.message ?? stderr.trim()) || `psql exit code ${code}`}. Nothing was restored.`);
  }
  return (await count()).tables;
}

/** Drops whole lines equal to one of `lines` (only the preamble's settings are ever listed). */
function withoutLines(lines: Set<string>): Transform {
  let rest = '';
  return new Transform({
    transform(chunk: string, _encoding, done) {
      if (lines.size === 0) return done(null, chunk);
      const text = rest + chunk;
      const cut = text.lastIndexOf('\n') + 1;
      rest = text.slice(cut);
      done(null, text.slice(0, cut).split('\n').filter((l) => !lines.has(l)).join('\n'));
    },
    flush(done) {
      done(null, rest);
    },
  });
}
