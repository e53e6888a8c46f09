/**
 * The backup file: a plain-SQL PostgreSQL dump (psql reads it as it is) between two comment lines
 * of ours — a header naming the schema level it was taken at, and a footer with the SHA-256 and
 * length of everything before it. A file without its footer (cut short) or whose bytes changed is
 * refused before anything is written (docs/decisions/197).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { migrationsFolder } from '../../paths';

export const BACKUP_FORMAT = 1;
const HEADER = /^-- Cooler Hub backup (\d+); schema (\S+) \((\d+) migrations\); taken (\S+); from (embedded|postgresql)\n$/;
const FOOTER = /^-- Cooler Hub backup end; sha256 ([0-9a-f]{64}); bytes (\d+)\n$/;
/** The footer is the file's last line and never longer than this. */
const FOOTER_MAX = 160;

/** A schema level: how many of the app's migrations a database has, and the last one's name. */
export interface SchemaLevel {
  migrations: number;
  tag: string;
}

export interface BackupHeader {
  level: SchemaLevel;
  takenAt: Date;
  from: 'embedded' | 'postgresql';
}

/** The level this build migrates a database to: the last entry of drizzle's journal. */
export async function appSchemaLevel(folder = migrationsFolder): Promise<SchemaLevel & { tags: string[]; whens: number[] }> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const tags = journal.entries.map((e) => e.tag);
  return { migrations: tags.length, tag: tags.at(-1) ?? 'none', tags, whens: journal.entries.map((e) => e.when) };
}

export function describeLevel(level: SchemaLevel): string {
  return `schema ${level.tag} (${level.migrations} migrations)`;
}

/** A backup file that cannot be restored; the message says why in words for the person restoring. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/**
 * Passes the dump through, counting and hashing it; writes the header first and the footer last.
 * A dump that fails midway must destroy this stream (never end it), so no footer is written.
 */
export function envelope(header: BackupHeader): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  const count = (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  };
  const first = Buffer.from(
    `-- Cooler Hub backup ${BACKUP_FORMAT}; ${describeLevel(header.level)}; taken ${header.takenAt.toISOString()}; from ${header.from}\n`,
  );
  count(first);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count(chunk);
      done(null, chunk);
    },
    flush(done) {
      // The dump's last line ends with a newline; the footer starts a line of its own.
      done(null, `-- Cooler Hub backup end; sha256 ${hash.digest('hex')}; bytes ${bytes}\n`);
    },
  });
  stream.push(first);
  return stream;
}

/** Reads the whole file once: the header parsed, the footer's checksum and length compared. */
export async function verifyBackupFile(file: string): Promise<BackupHeader & { bytes: number }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (err) {
    throw new BackupFileError(
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`,
    );
  }
  let size: number;
  let head: string;
  let tail: string;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new BackupFileError(`${file} is not a file.`);
    size = stat.size;
    const headBuf = Buffer.alloc(Math.min(size, 512));
    await handle.read(headBuf, 0, headBuf.length, 0);
    head = headBuf.toString('utf8');
    const tailLength = Math.min(size, FOOTER_MAX);
    const tailBuf = Buffer.alloc(tailLength);
    await handle.read(tailBuf, 0, tailLength, size - tailLength);
    tail = tailBuf.toString('latin1');
  } finally {
    await handle.close();
  }
  const headerLine = head.slice(0, head.indexOf('\n') + 1);
  const header = HEADER.exec(headerLine);
  if (!header) {
    throw new BackupFileError(`${file} is not a Cooler Hub backup: its first line is not a Cooler Hub backup header.`);
  }
  if (Number(header[1]) !== BACKUP_FORMAT) {
    throw new BackupFileError(`${file} is a Cooler Hub backup of format ${header[1]}; this version reads format ${BACKUP_FORMAT}.`);
  }
  const footerStart = tail.lastIndexOf('\n', tail.length - 2) + 1;
  const footer = tail.endsWith('\n') ? FOOTER.exec(tail.slice(footerStart)) : null;
  if (!footer) {
    throw new BackupFileError(
      `${file} is incomplete: it has no end line, so it was cut short (a backup interrupted, or a partial copy). Nothing was restored.`,
    );
  }
  const bodyBytes = size - (tail.length - footerStart);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { start: 0, end: bodyBytes - 1 })) hash.update(chunk as Buffer);
  if (Number(footer[2]) !== bodyBytes || hash.digest('hex') !== footer[1]) {
    throw new BackupFileError(
      `${file} is damaged or was changed after it was written: its checksum does not match its end line. Nothing was restored.`,
    );
  }
  return {
    level: { tag: header[2]!, migrations: Number(header[3]) },
    takenAt: new Date(header[4]!),
    from: header[5] as 'embedded' | 'postgresql',
    bytes: size,
  };
}
