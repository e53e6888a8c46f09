/**
 * DATA_DIR belongs to the server's own account alone (docs/decisions/191): everything the server
 * writes there — the embedded database, the generated JWT key, mail files, backups — is created
 * owner-only (folders 0700, files 0600) whatever the umask, and a DATA_DIR that other accounts can
 * read is closed to them at start. A folder the server cannot make private (another account owns
 * it), or cannot write (a read-only file system), stops the start with one line naming the path.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** A problem with DATA_DIR that the person running the server must fix; the message is the whole explanation. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** New files and folders of this process: owner only. Idempotent; call before anything is written. */
export function ownerOnlyFiles(): void {
  process.umask(0o077);
}

export interface PreparedDataDir {
  /** Files and folders that other accounts could read or write and were closed to them. */
  closed: number;
}

/**
 * Makes `dir` ready for the server: created owner-only when `create` (and missing), owned by this
 * account, writable, and closed to others. With `create: false` a missing folder is left alone
 * (the server with DATABASE_URL writes there only when it has mail to write).
 */
export async function prepareDataDir(dir: string, { create }: { create: boolean }): Promise<PreparedDataDir> {
  ownerOnlyFiles();
  const stat = await statOrUndefined(dir);
  if (!stat) {
    if (create) await createDir(dir);
    return { closed: 0 };
  }
  if (!stat.isDirectory())
    throw new DataDirError(`DATA_DIR ${dir} is not a folder: point DATA_DIR at a folder (or a path that does not exist yet).`);
  checkOwner(dir, stat.uid);
  await checkWritable(dir, stat.mode);
  return { closed: await closeToOthers(dir) };
}

async function statOrUndefined(p: string) {
  try {
    return await fs.stat(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fault(p, err);
  }
}

async function createDir(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    // Node's recursive mkdir reports ENOENT for a read-only parent: ask the nearest existing folder instead.
    const parent = await nearestExisting(path.dirname(dir));
    const cause = await fs.access(parent, fs.constants.W_OK).then(
      () => err,
      (e: unknown) => e,
    );
    const code = (cause as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw fault(dir, cause, 'cannot be created');
    throw new DataDirError(
      `DATA_DIR ${dir} cannot be created: ${parent} is not writable by this account (uid ${euid()}). ` +
        `Create the folder for this account (mkdir -m 700 ${dir} && chown ${euid()} ${dir}), or point DATA_DIR elsewhere.`,
    );
  }
}

async function nearestExisting(p: string): Promise<string> {
  for (let at = p; ; at = path.dirname(at)) {
    if (await statOrUndefined(at).catch(() => undefined)) return at;
    if (path.dirname(at) === at) return at;
  }
}

const euid = () => process.geteuid?.() ?? -1;

function checkOwner(p: string, uid: number): void {
  if (euid() === -1 || uid === euid()) return;
  throw new DataDirError(
    `DATA_DIR ${p} belongs to another account (uid ${uid}, the server runs as uid ${euid()}), so the server cannot keep it private: ` +
      `run the server as that account, or give the folder to this one (chown -R ${euid()} ${path.resolve(p)}).`,
  );
}

async function checkWritable(dir: string, mode: number): Promise<void> {
  try {
    await fs.access(dir, fs.constants.W_OK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EACCES') throw fault(dir, err);
    // Its owner (checked above) without write permission.
    throw new DataDirError(
      `DATA_DIR ${dir} is not writable (mode ${(mode & 0o777).toString(8)}): let its owner write there (chmod 700 ${dir}).`,
    );
  }
}

/** Removes group and other permissions from `dir` and everything under it; symbolic links are not followed. */
async function closeToOthers(dir: string): Promise<number> {
  let closed = 0;
  const visit = async (p: string): Promise<void> => {
    const stat = await fs.lstat(p);
    if (stat.isSymbolicLink()) return;
    checkOwner(p, stat.uid);
    if ((stat.mode & 0o077) !== 0) {
      try {
        await fs.chmod(p, stat.mode & 0o700);
      } catch (err) {
        throw fault(p, err, 'cannot be made private');
      }
      closed += 1;
    }
    if (stat.isDirectory()) for (const name of await fs.readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return closed;
}

/** A file-system error on `p` as one line saying what is wrong and what to do. */
export function fault(p: string, err: unknown, what = 'cannot be written'): DataDirError | unknown {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'EROFS':
      return new DataDirError(
        `DATA_DIR ${p} is on a read-only file system: point DATA_DIR at a writable folder, or mount that one read-write.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new DataDirError(
        `DATA_DIR ${p} ${what} by this account (uid ${euid()}): give it the folder (chown -R ${euid()} ${path.resolve(p)}), or point DATA_DIR elsewhere.`,
      );
    case 'ENOSPC':
      return new DataDirError(`DATA_DIR ${p} ${what}: the disk is full. Free some space and start again.`);
    case 'ENOTDIR':
      return new DataDirError(`DATA_DIR ${p} ${what}: part of the path is a file, not a folder. Point DATA_DIR at a folder.`);
    case undefined:
    default:
      return err;
  }
}
