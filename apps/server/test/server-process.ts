/**
 * The server as a separate process, the way a user or an operator runs it, and the test-side tools
 * to talk to it over HTTP: start it (built `dist/main.js` as `npm start` runs it, or `src/main.ts`
 * through tsx as `npm run dev` does), wait until it is ready, kill it, and seed it through the
 * same API factories the in-process tests use.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ADMIN_PASSWORD, waitFor } from './helpers';
import { freePort } from './smtp';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const BUILT_ENTRY = path.join(SERVER_ROOT, 'dist/main.js');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** SIGKILL: no shutdown hook, no goodbye; resolves when the process is gone. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** `built`: node dist/main.js (needs `npm run build`); `source`: src/main.ts through tsx. */
  entry: 'built' | 'source';
  /** Merged over the test's environment; a key set to undefined is removed. */
  env: Record<string, string | undefined>;
}

/** Starts the server as its own process on a free port and resolves once /readyz answers. */
export async function startServerProcess({ entry, env }: ServerProcessOptions): Promise<ServerProcess> {
  if (entry === 'built' && !existsSync(BUILT_ENTRY)) {
    throw new Error(`${BUILT_ENTRY} does not exist: run 'npm run build' first (npm test does)`);
  }
  const port = await freePort();
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const args = entry === 'built' ? [BUILT_ENTRY] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, { cwd: SERVER_ROOT, env: merged, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      return (await fetch(`${base}/readyz`)).ok ? true : undefined;
    } catch {
      return undefined;
    }
  }, 60_000);
  return {
    child,
    base,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The API factories call `app.inject`; this stand-in sends the same calls over HTTP to `base`, so
 * tests seed through the real API of the server under test. `headers` go with every call.
 */
export function overHttp(base: string, headers: Record<string, string> = {}): FastifyInstance {
  const inject = async (o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    // A Buffer goes as it is (multipart, with the caller's content type); anything else as JSON.
    const raw = Buffer.isBuffer(o.payload);
    const asJson = o.payload !== undefined && !raw;
    const res = await fetch(`${base}${o.url}`, {
      method: o.method,
      headers: { ...headers, ...(asJson ? { 'content-type': 'application/json' } : {}), ...(o.headers ?? {}) },
      body: raw ? (o.payload as Buffer) : asJson ? JSON.stringify(o.payload) : undefined,
    });
    const body = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body,
      json: () => JSON.parse(body) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}

/** Signs in over HTTP; the answer as it came (status, body) for tests of refusals too. */
export async function signInOverHttp(
  base: string,
  credentials: { username: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; token?: string; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, token: typeof body.token === 'string' ? body.token : undefined, body, headers: res.headers };
}

// ---------------------------------------------------------------------------------------------
// Processes whose output and exit the test reads: the server refused (store in use, DATA_DIR it
// cannot use), reset-admin-password, a server under another umask, account or mount namespace.
// ---------------------------------------------------------------------------------------------

/** A server or command process whose output the test reads (refusals, start-up lines). */
export interface ChildServer {
  child: ChildProcess;
  base: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface SpawnSettings {
  env?: NodeJS.ProcessEnv;
  /** Runs the command through `sh -c` with this prefix (e.g. `umask 000;`). */
  shellPrefix?: string;
  /** With `shellPrefix`: in a mount namespace of its own (`unshare -m`), so its mounts are its alone. */
  privateMounts?: boolean;
  uid?: number;
  gid?: number;
}

const running = new Set<ChildProcess>();

/** SIGKILLs every process these helpers started and that is still running. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

function start(script: string, settings: SpawnSettings, port: number): ChildServer {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...settings.env };
  // Embedded unless the test sets DATABASE_URL itself.
  if (!settings.env?.DATABASE_URL) delete env.DATABASE_URL;
  const options: SpawnOptions = { cwd: SERVER_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], uid: settings.uid, gid: settings.gid };
  const args = ['--import', 'tsx', script];
  const shell = ['sh', '-c', `${settings.shellPrefix} exec "$0" "$@"`, process.execPath, ...args];
  const child = !settings.shellPrefix
    ? spawn(process.execPath, args, options)
    : settings.privateMounts
      ? spawn('unshare', ['-m', '--propagation', 'private', ...shell], options)
      : spawn(shell[0]!, shell.slice(1), options);
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Starts src/main.ts; does not wait for it (see `ready`). */
export async function spawnServer(settings: SpawnSettings = {}): Promise<ChildServer> {
  return start('src/main.ts', settings, await freePort());
}

/** Resolves once the server answers /readyz; rejects, with its output, if it exits first. */
export async function ready(server: ChildServer, timeoutMs = 150_000): Promise<ChildServer> {
  await waitFor(async () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      return (await fetch(`${server.base}/readyz`)).ok ? true : undefined;
    } catch {
      return undefined;
    }
  }, timeoutMs);
  return server;
}

export async function startServer(settings: SpawnSettings = {}): Promise<ChildServer> {
  return ready(await spawnServer(settings));
}

/** Runs src/reset-admin-password.ts to its end. */
export async function resetAdminPassword(settings: SpawnSettings): Promise<{ code: number | null; output: string }> {
  const run = start('src/reset-admin-password.ts', settings, 0);
  const code = await run.exited;
  return { code, output: run.output() };
}

export async function stop(server: ChildServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export async function signIn(base: string, password = ADMIN_PASSWORD): Promise<Response> {
  return fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
}

export async function tokenFor(base: string, password = ADMIN_PASSWORD): Promise<string> {
  const res = await signIn(base, password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export async function api(base: string, token: string, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
