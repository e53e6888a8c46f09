/**
 * Backups (docs/decisions/197): a plain-SQL dump of the whole database, taken by whoever holds it —
 * PGlite's own pg_dump (a WASM build running inside this process, on the open store) for the
 * embedded store, the PostgreSQL client's `pg_dump` where DATABASE_URL is set — wrapped in the
 * self-checking envelope of backup-file.ts. Files are written under a `.partial` name and renamed
 * only once complete and flushed, so an interrupted backup never leaves a file that looks whole.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/client';
import { appSchemaLevel, envelope, type SchemaLevel } from './backup-file';
import { spoolBackup } from './backup-spool';
import { lastMigrationWhen } from './backup.repository';
import { passwordInEnvironment } from './pg-password';

/**
 * INSERT statements (not COPY) so the embedded store can replay a dump with one `exec`, 1,000 rows
 * each to keep restores fast; no owners, grants or comments, so any role that may create tables in
 * an empty database can restore it. The app's stored secrets (the JWT signing key with
 * DATABASE_URL) stay out: the table is dumped empty and its owner generates them again
 * (docs/decisions/266).
 */
export const DUMP_ARGS = [
  '--no-owner',
  '--no-privileges',
  '--no-comments',
  '--inserts',
  '--rows-per-insert=1000',
  '--exclude-table-data=public.app_secrets',
];

const FILE_PATTERN = /^cooler-hub-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql$/;
const PARTIAL_SUFFIX = '.partial';

/** A backup that could not be taken or written; the message is for the person who asked. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export function backupFileName(at = new Date()): string {
  return `cooler-hub-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.sql`;
}

export class BackupService {
  constructor(private readonly database: Database) {}

  /**
   * Writes one complete backup file (header, dump, footer) into `out`; rejects without a footer on
   * failure, or when `signal` aborts (pg_dump is then stopped).
   */
  async write(out: Writable, signal?: AbortSignal): Promise<void> {
    const level = await this.schemaLevel();
    const { connection } = this.database;
    const from = connection.driver === 'pglite' ? 'embedded' : 'postgresql';
    const source = connection.driver === 'pglite' ? pgliteDump(connection.client) : pgDumpOutput(connection.url);
    await pipeline(source, envelope({ level, takenAt: new Date(), from }), out, ...(signal ? [{ signal }] : []));
  }

  /**
   * The level the database is at: the journal entry whose `when` drizzle recorded last as
   * `created_at` (the record of applied migrations, docs/decisions/194).
   */
  async schemaLevel(): Promise<SchemaLevel> {
    const app = await appSchemaLevel();
    const last = await lastMigrationWhen(this.database.db);
    const index = app.whens.indexOf(last);
    return index < 0 ? { migrations: 0, tag: `unknown-${last}` } : { migrations: index + 1, tag: app.tags[index]! };
  }

  /** A complete backup in a private temporary file, opened and already unlinked (backup-spool.ts). */
  spool(signal: AbortSignal): Promise<{ handle: fs.FileHandle; bytes: number }> {
    return spoolBackup((out) => this.write(out, signal));
  }

  /** A new backup file in `dir`, complete or not at all. */
  async writeToFolder(dir: string): Promise<{ file: string; bytes: number }> {
    return writeBackupFile(path.join(dir, backupFileName()), (out) => this.write(out));
  }
}

/**
 * Creates `file` through a `.partial` file of its own (0600, in a 0700 folder), flushed to disk and
 * renamed when `write` resolved; on any failure the partial file is removed and the reason named.
 */
export async function writeBackupFile(file: string, write: (out: Writable) => Promise<void>): Promise<{ file: string; bytes: number }> {
  const dir = path.dirname(file);
  const partial = file + PARTIAL_SUFFIX;
  let handle: fs.FileHandle;
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    handle = await fs.open(partial, 'wx', 0o600);
  } catch (err) {
    throw targetError(err, dir);
  }
  try {
    // The stream owns (and closes) the handle once written; the file is then flushed to disk.
    await write(handle.createWriteStream());
    await flush(partial, 'r+');
    await fs.rename(partial, file);
    await flush(dir, 'r');
    return { file, bytes: (await fs.stat(file)).size };
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.rm(partial, { force: true });
    throw targetError(err, dir);
  }
}

/** fsync: a file's bytes, or a folder's entries (the rename), on disk before we say it is done. */
async function flush(target: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await fs.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** File-system failures in words; anything else (a failed dump) passes unchanged. */
function targetError(err: unknown, dir: string): unknown {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EACCES':
    case 'EPERM':
      return new BackupError(
        `Cannot write the backup into ${dir}: permission denied. Choose a folder this account can write (BACKUP_DIR, or a path after \`npm run backup\`).`,
      );
    case 'EROFS':
      return new BackupError(
        `Cannot write the backup into ${dir}: the file system is read-only. Choose another folder (BACKUP_DIR, or a path after \`npm run backup\`).`,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new BackupError(
        `The disk holding ${dir} is full: the backup was not written and its partial file was removed. The data itself is untouched; free some space or choose another folder.`,
      );
    case 'ENOTDIR':
      return new BackupError(`Cannot write the backup into ${dir}: part of that path is a file, not a folder.`);
    case 'EEXIST':
      return new BackupError(`Cannot write the backup: ${dir} already holds a file of that name.`);
    case undefined:
    default:
      return err;
  }
}

/** Completed backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<{ file: string; mtimeMs: number }[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files = await Promise.all(
    names
      .filter((n) => FILE_PATTERN.test(n))
      .map(async (n) => {
        const file = path.join(dir, n);
        try {
          return { file, mtimeMs: (await fs.stat(file)).mtimeMs };
        } catch (err) {
          // Pruned between the listing and its stat (the schedule prunes while others list): not there.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw err;
        }
      }),
  );
  return files.filter((f) => f !== undefined).sort((a, b) => b.mtimeMs - a.mtimeMs);
}

/**
 * Removes backups older than `keepDays`, never the newest one; and `.partial` files a killed
 * backup left more than a day ago (a younger one may still be being written).
 */
export async function pruneBackups(dir: string, keepDays: number, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  const [, ...older] = await listBackups(dir);
  for (const b of older) {
    if (now - b.mtimeMs > keepDays * 86_400_000) {
      await fs.rm(b.file, { force: true });
      removed.push(b.file);
    }
  }
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(PARTIAL_SUFFIX) || !FILE_PATTERN.test(name.slice(0, -PARTIAL_SUFFIX.length))) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && now - stat.mtimeMs > 86_400_000) {
      await fs.rm(path.join(dir, name), { force: true });
      removed.push(path.join(dir, name));
    }
  }
  return removed;
}

/** The simple-query protocol message for `sql`. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(sql + '\0');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/** PGlite's internal queue every query and transaction passes through (pinned version, see decision 197). */
interface PgliteQueue {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * pg_dump runs on PGlite's one connection. It is given that connection alone: the dump waits until
 * no transaction of the app is open and the app's queries wait until it is done (it runs
 * synchronously in WASM, so the server answers nothing meanwhile). pg_dump leaves its read-only
 * transaction open and the session's search path empty; both are put back here.
 */
async function* pgliteDump(client: PGlite): AsyncGenerator<Buffer> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const searchPath = (await client.query<{ search_path: string }>('SHOW search_path')).rows[0]!.search_path;
  const run = (sql: string) => client.execProtocolRaw(simpleQuery(sql), { syncToFs: false });
  const file = await (client as unknown as PgliteQueue)._runExclusiveTransaction(async () => {
    // What pgDump calls on the instance: its own raw protocol, plus two statements and a SHOW.
    const connection = {
      query: () => Promise.resolve({ rows: [{ search_path: searchPath }] }),
      exec: async (sql: string) => {
        await run(sql);
        return [];
      },
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
    } as unknown as PGlite;
    try {
      return await pgDump({ pg: connection, args: DUMP_ARGS });
    } catch (err) {
      throw new BackupError(`The embedded database could not be dumped: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (client.isInTransaction()) await run('ROLLBACK');
      // pg_dump empties the search path outside its transaction: the app's queries need it back.
      await run(`SET search_path TO ${searchPath}`);
    }
  });
  for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) yield Buffer.from(chunk);
}

/** `pg_dump` of DATABASE_URL, streamed; a failed run throws after its last byte, so no footer follows it. */
async function* pgDumpOutput(url: string): AsyncGenerator<Buffer> {
  const { url: withoutPassword, env } = passwordInEnvironment(url);
  const child = spawn('pg_dump', [...DUMP_ARGS, `--dbname=${withoutPassword}`], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; error?: NodeJS.ErrnoException }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const { code, error } = await exited;
    if (error?.code === 'ENOENT') {
      throw new BackupError(
        "pg_dump was not found: install the PostgreSQL client tools of your server's major version or newer (Debian/Ubuntu: apt install postgresql-client), then run the backup again.",
      );
    }
    if (error) throw new BackupError(`pg_dump could not be started: ${error.message}`);
    if (code !== 0) throw new BackupError(`pg_dump failed (exit code ${code}): ${stderr.trim() || 'no message'}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}
