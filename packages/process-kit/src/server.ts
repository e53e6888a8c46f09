/**
 * The server as a process of its own, the way an operator runs it: the built `dist/main.js` as
 * `npm start` runs it, or a script of `src/` through tsx as `npm run dev` (and `backup`, `restore`,
 * `reset-admin-password`) run them. On a free loopback port, on a data folder or a database of the
 * caller's or a throw-away one the kit makes; ready once /readyz answers; stopped with everything it
 * started, and what was made for it removed. Used by the API tests, the bench, the browser tests'
 * setup and the scripts alike.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { access, chmod, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase, type ScratchDatabase } from './database';
import { freePort } from './ports';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER_ROOT = path.join(REPO_ROOT, 'apps/server');
/** What `npm start` runs (made by `npm run build`). */
export const BUILT_ENTRY = path.join(SERVER_ROOT, 'dist/main.js');

export interface ServerOptions {
  /** `built`: `node dist/main.js` (needs `npm run build`); `source`: a script of src/ through tsx. */
  entry: 'built' | 'source';
  /** With `source`: the script, relative to the server root; `src/main.ts` unless set. */
  script?: string;
  args?: string[];
  /** The `node` to run; this process's own unless set (e.g. another Node version's). */
  node?: string;
  /** Runs this copy of apps/server instead of the checkout's (see `codeCopyFor`). */
  serverRoot?: string;
  /** The working directory; the server root unless set. */
  cwd?: string;
  /**
   * PORT (with HOST=127.0.0.1): this one, or a free one when unset; `none` for a command that
   * listens nowhere (no PORT or HOST given).
   */
  port?: number | 'none';
  /** The environment it starts from: all of this process's (the default), or only these names. */
  inherit?: 'all' | readonly string[];
  /** Set last, over everything else; a name set to undefined is removed. */
  env?: Record<string, string | undefined>;
  /** PUBLIC_URL: the server's own address. */
  publicUrl?: boolean;
  /** DATA_DIR: this folder, or `temp`: a new one, removed by `stop`. */
  dataDir?: string | 'temp';
  /**
   * DATABASE_URL: `embedded` removes it (the store under DATA_DIR); `{ url }` sets it; `{ scratchOn }`
   * makes a new database on that PostgreSQL server (named `<prefix>_…`), dropped by `stop`. Unset:
   * as inherited. `env` still has the last word.
   */
  database?: 'embedded' | { url: string } | { scratchOn: string; prefix?: string };
  /**
   * Its stdout and stderr: `capture` (read with `output()`), `inherit` (this process's), or
   * `stderr` (stdout dropped, stderr this process's). `capture` unless set.
   */
  output?: 'capture' | 'inherit' | 'stderr';
  /** Runs it through `sh -c` with this prefix (e.g. `umask 000;`), exec'ing node so its pid is the server's. */
  shellPrefix?: string;
  /** With `shellPrefix`: in a mount namespace of its own (`unshare -m`), so its mounts are its alone. */
  privateMounts?: boolean;
  uid?: number;
  gid?: number;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`; empty with `port: 'none'`. */
  url: string;
  port: number;
  child: ChildProcess;
  pid: number;
  /** The DATA_DIR and DATABASE_URL it was given, if any. */
  dataDir?: string;
  databaseUrl?: string;
  /** Everything it wrote to stdout and stderr so far (with `output: 'capture'`). */
  output(): string;
  /** Resolves with its exit code (null after a signal) once it has ended and its output is read. */
  exited: Promise<number | null>;
  /**
   * Sends `signal` (SIGTERM unless set) unless it has ended already, SIGKILL after `killAfterMs`
   * if given; once it has ended, SIGKILLs any process it started that is still there, removes its
   * `temp` data folder and drops its scratch database. Resolves with its exit code.
   */
  stop(signal?: NodeJS.Signals, options?: { killAfterMs?: number }): Promise<number | null>;
}

interface Started {
  stop: ServerProcess['stop'];
  /** SIGKILLs it and its descendants now, without waiting. */
  killNow(): void;
  /** Removes what was made for it (synchronously where it can: also at this process's exit). */
  cleanUpSync(): void;
}

const live = new Set<Started>();
let exitHook = false;

/** The pids below `pid` (its children, theirs, …), read from /proc. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${next}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${next}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

function environment(
  options: ServerOptions,
  port: number | undefined,
  dataDir: string | undefined,
  databaseUrl: string | undefined | null,
): NodeJS.ProcessEnv {
  const inherit = options.inherit ?? 'all';
  const env: NodeJS.ProcessEnv =
    inherit === 'all'
      ? { ...process.env }
      : Object.fromEntries(inherit.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
  if (port !== undefined) {
    env.PORT = String(port);
    env.HOST = '127.0.0.1';
    if (options.publicUrl) env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  }
  if (dataDir !== undefined) env.DATA_DIR = dataDir;
  // null: embedded (no DATABASE_URL); undefined: as inherited.
  if (databaseUrl === null) delete env.DATABASE_URL;
  else if (databaseUrl !== undefined) env.DATABASE_URL = databaseUrl;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Starts the server (or a command of its) and returns at once; see `startServer` to wait until it is ready. */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const serverRoot = options.serverRoot ?? SERVER_ROOT;
  const entry = options.entry === 'built' ? path.join(serverRoot, 'dist/main.js') : undefined;
  if (entry) {
    await access(entry).catch(() => {
      throw new Error(`${entry} does not exist: run 'npm run build' first`);
    });
  }
  const port = options.port === 'none' ? undefined : (options.port ?? (await freePort()));
  const tempDir = options.dataDir === 'temp' ? mkdtempSync(path.join(os.tmpdir(), 'cooler-hub-server-')) : undefined;
  const dataDir = tempDir ?? options.dataDir;
  let scratch: ScratchDatabase | undefined;
  let databaseUrl: string | null | undefined;
  if (options.database === 'embedded') databaseUrl = null;
  else if (options.database && 'url' in options.database) databaseUrl = options.database.url;
  else if (options.database) {
    scratch = await scratchDatabase(options.database.scratchOn, options.database.prefix);
    databaseUrl = scratch.url;
  }
  const env = environment(options, port, dataDir, databaseUrl);

  const output = options.output ?? 'capture';
  const stdio: SpawnOptions['stdio'] =
    output === 'capture'
      ? ['ignore', 'pipe', 'pipe']
      : output === 'inherit'
        ? ['ignore', 'inherit', 'inherit']
        : ['ignore', 'ignore', 'inherit'];
  const spawnOptions: SpawnOptions = { cwd: options.cwd ?? serverRoot, env, stdio, uid: options.uid, gid: options.gid };
  const node = options.node ?? process.execPath;
  const args = [...(entry ? [entry] : ['--import', 'tsx', options.script ?? 'src/main.ts']), ...(options.args ?? [])];
  const shell = ['sh', '-c', `${options.shellPrefix} exec "$0" "$@"`, node, ...args];
  const child = !options.shellPrefix
    ? spawn(node, args, spawnOptions)
    : options.privateMounts
      ? spawn('unshare', ['-m', '--propagation', 'private', ...shell], spawnOptions)
      : spawn(shell[0]!, shell.slice(1), spawnOptions);

  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const running = () => child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    // One that could not be started at all (no such executable) has no pid and may never 'close'.
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      text += `${error.message}\n`;
      resolve(null);
    });
  });

  let cleaned: Promise<void> | undefined;
  const started: Started = {
    stop: (signal, options) => server.stop(signal, options),
    killNow() {
      // Only while it runs: a pid that has ended may be another process's by now.
      if (!running()) return;
      const family = descendants(child.pid!);
      child.kill('SIGKILL');
      for (const pid of family) killQuietly(pid, 'SIGKILL');
    },
    cleanUpSync() {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
  const cleanUp = (): Promise<void> =>
    (cleaned ??= (async () => {
      live.delete(started);
      started.cleanUpSync();
      await scratch?.drop();
    })());
  // Nothing made for it: forgotten once it has ended, stopped or not.
  if (!tempDir && !scratch) void exited.then(() => live.delete(started));

  const server: ServerProcess = {
    url: port === undefined ? '' : `http://127.0.0.1:${port}`,
    port: port ?? 0,
    child,
    pid: child.pid ?? 0,
    dataDir,
    databaseUrl: databaseUrl ?? undefined,
    output: () => text,
    exited,
    async stop(signal = 'SIGTERM', { killAfterMs } = {}) {
      if (running()) {
        // Taken before the signal: once it has ended, its children are no longer found under it.
        const family = descendants(child.pid!);
        child.kill(signal);
        const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        await ended;
        clearTimeout(timer);
        for (const pid of family) killQuietly(pid, 'SIGKILL');
      }
      const code = await exited;
      await cleanUp();
      return code;
    },
  };
  live.add(started);
  if (!exitHook) {
    exitHook = true;
    // A run that ends without stopping what it started (a failed hook, process.exit) leaves nothing.
    process.once('exit', () => {
      for (const s of live) {
        s.killNow();
        s.cleanUpSync();
      }
    });
  }
  return server;
}

/**
 * Resolves once `${url}/readyz` answers 2xx; rejects when `timeoutMs` has passed, or as soon as
 * `server` (when given) has ended — with what it wrote, when that was captured.
 */
export async function waitUntilReady(
  url: string,
  { timeoutMs = 60_000, server }: { timeoutMs?: number; server?: ServerProcess } = {},
): Promise<void> {
  const written = () => (server?.output() ? `:\n${server.output().trim().slice(-4000)}` : '');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const child = server?.child;
    if (child && (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode} before it was ready${written()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the server at ${url} was not ready within ${timeoutMs / 1000} s${written()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the server and resolves once it is ready (`readyWithinMs`, 60 s unless set); one that
 * exits or is not ready in time is stopped, what was made for it removed, and the start rejects.
 */
export async function startServer(options: ServerOptions & { readyWithinMs?: number }): Promise<ServerProcess> {
  if (options.port === 'none') throw new Error('startServer needs a port to ask /readyz on');
  const server = await spawnServer(options);
  try {
    await waitUntilReady(server.url, { timeoutMs: options.readyWithinMs, server });
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
}

/** SIGKILLs every process the kit started that is still running (and theirs), without waiting. */
export function killAll(): void {
  for (const s of live) s.killNow();
}

/** SIGKILLs every process the kit started that is still running and waits for each; removes what was made for them. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((s) => s.stop('SIGKILL')));
}

/** The files `node --import tsx src/main.ts` reads, from the repository root. */
const CODE_PATHS = [
  'package.json',
  'tsconfig.base.json',
  'node_modules',
  'packages/contract',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/src',
  'apps/server/drizzle',
];

/**
 * A copy of the code the server runs, made of hard links under `folder`, so that another account
 * can run it wherever the checkout sits (a 0700 home folder above it stops that account at the
 * door). Answers the copy's apps/server (for `serverRoot`), or why none could be made (another
 * file system).
 */
export async function codeCopyFor(folder: string): Promise<{ serverRoot: string } | { reason: string }> {
  try {
    for (const part of CODE_PATHS) {
      const parent = path.dirname(path.join(folder, part));
      await mkdir(parent, { recursive: true });
      // Open to the other account whatever this process's umask (an embedded store sets 077).
      for (let dir = parent; dir.startsWith(folder); dir = path.dirname(dir)) await chmod(dir, 0o755);
      execFileSync('cp', ['-al', path.join(REPO_ROOT, part), path.join(folder, part)]);
    }
  } catch (error) {
    return { reason: `no hard-linked copy of the code under ${folder}: ${(error as Error).message.split('\n')[0]}` };
  }
  return { serverRoot: path.join(folder, 'apps/server') };
}
