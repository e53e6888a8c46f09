/**
 * One process per embedded store (docs/decisions/190). Two PostgreSQL engines on one set of files
 * corrupt it silently, so whoever opens the embedded database — the server, reset-admin-password,
 * a backup — first takes this lock and keeps it until it closes the database.
 *
 * The lock is the folder `<store>.lock` beside the store, holding one entry per claimant: a
 * symbolic link whose target is the claimant's identity (pid, since, host, boot, process start),
 * so an entry appears with its content in one atomic step. To claim: refuse if any entry belongs
 * to a live process; add ours; list again, and if a live entry other than ours is there now (two
 * started together), withdraw ours and try again shortly. Of two claimants each sees the other's
 * entry in its second look, so at most one keeps it. An entry whose process is gone (killed -9,
 * power cut) is stale: ignored and removed. No native addon is needed (Node 20 has no flock).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirError, fault } from '../lib/data-dir';

/** Who holds (or held) the store. */
export interface LockHolder {
  pid: number;
  /** ISO instant the holder took the lock. */
  since: string;
  host: string;
  /** Linux boot id: a holder from an earlier boot is gone. */
  boot?: string;
  /** The holder's start time since boot (Linux /proc): tells a reused pid from the holder. */
  started?: string;
  /** The command, e.g. `main.js` or `reset-admin-password.ts`. */
  command: string;
  token: string;
}

/** Another live process has the store open. */
export class StoreInUseError extends DataDirError {
  override name = 'StoreInUseError';
  constructor(
    readonly store: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === os.hostname() ? '' : ` on host ${holder.host}`;
    super(
      `The embedded database in ${store} is in use by process ${holder.pid}${where} (${holder.command}, since ${holder.since.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}). ` +
        'Only one process may open it at a time: stop that one first. ' +
        'To run several instances, point them all at one PostgreSQL server with DATABASE_URL.',
    );
  }
}

export interface StoreLock {
  /** Gives the store up (idempotent); also done when the process exits. */
  release(): void;
}

const CLAIM_ATTEMPTS = 5;
/** Tokens of the locks this process holds or is claiming: the same store opened twice in one process is refused too. */
const heldHere = new Set<string>();

export async function lockStore(store: string): Promise<StoreLock> {
  const dir = `${store}.lock`;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw fault(dir, err);
  }
  const me = identity();
  for (let attempt = 1; ; attempt += 1) {
    const before = liveOthers(dir, me.token);
    if (before[0]) throw new StoreInUseError(store, before[0]);
    const entry = path.join(dir, `${me.pid}-${me.token}`);
    // Counted as live from now on, also by a claimant in this same process.
    heldHere.add(me.token);
    try {
      fs.symlinkSync(JSON.stringify(me), entry);
    } catch (err) {
      heldHere.delete(me.token);
      throw fault(dir, err);
    }
    const after = liveOthers(dir, me.token);
    if (!after[0]) {
      removeStale(dir);
      return holding(entry, me.token);
    }
    heldHere.delete(me.token);
    fs.rmSync(entry, { force: true });
    if (attempt === CLAIM_ATTEMPTS) throw new StoreInUseError(store, after[0]);
    // Two claimants at once: both withdrew; wait a random while so one of them gets there first.
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
  }
}

function holding(entry: string, token: string): StoreLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(token);
    process.off('exit', release);
    fs.rmSync(entry, { force: true });
  };
  process.on('exit', release);
  return { release };
}

/** The entries of `dir` whose holder is alive, other than `mine`. */
function liveOthers(dir: string, mine: string): LockHolder[] {
  return entries(dir)
    .filter(({ holder }) => holder && holder.token !== mine && isAlive(holder))
    .map(({ holder }) => holder!);
}

function removeStale(dir: string): void {
  for (const { file, holder } of entries(dir)) if (!holder || !isAlive(holder)) fs.rmSync(file, { force: true });
}

/** Every entry of `dir`; `holder` is undefined for what is not a readable entry (removed with the stale ones). */
function entries(dir: string): { file: string; holder: LockHolder | undefined }[] {
  return fs.readdirSync(dir).map((name) => {
    const file = path.join(dir, name);
    try {
      return { file, holder: JSON.parse(fs.readlinkSync(file)) as LockHolder };
    } catch {
      return { file, holder: undefined };
    }
  });
}

function isAlive(holder: LockHolder): boolean {
  // Another machine's process (a shared folder) cannot be checked from here: assume it is running.
  if (holder.host !== os.hostname()) return true;
  const boot = local().boot;
  if (holder.boot && boot && holder.boot !== boot) return false;
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = procStat(holder.pid);
  // A zombie (killed, not yet reaped by its parent) holds nothing; a different start time is a reused pid.
  if (stat?.[0] === 'Z') return false;
  const started = stat?.[19];
  return !(holder.started && started && holder.started !== started);
}

let self: Omit<LockHolder, 'token' | 'since'> | undefined;

function local(): Omit<LockHolder, 'token' | 'since'> {
  self ??= {
    pid: process.pid,
    host: os.hostname(),
    boot: readOrUndefined('/proc/sys/kernel/random/boot_id'),
    started: procStat(process.pid)?.[19],
    command: path.basename(process.argv[1] ?? process.argv0),
  };
  return self;
}

/** This process as a new claimant. */
function identity(): LockHolder {
  return { ...local(), since: new Date().toISOString(), token: randomUUID() };
}

/** The fields of /proc/<pid>/stat after the command name ([0] state, [19] start time); undefined where there is no /proc. */
function procStat(pid: number): string[] | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}
