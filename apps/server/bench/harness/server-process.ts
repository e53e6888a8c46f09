/** The built server (apps/server/dist/main.js) in its own process on a free loopback port. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from './database';
import { onCleanup } from './cleanup';

export const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = path.join(SERVER_ROOT, 'dist', 'main.js');
/** A first start runs the migrations (slow on PGlite when other work shares the cores). */
const READY_WITHIN_MS = 180_000;

/** One line of the server's JSON log. */
export interface LogLine {
  msg?: string;
  reqId?: string;
  sql?: string;
  params?: unknown[];
}

export interface ServerProcess {
  base: string;
  pid: number;
  /** Its JSON log so far. */
  lines: LogLine[];
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server at `logLevel` with `adminPassword` for a new admin; resolves once /readyz answers. */
export async function startServer(database: BenchDatabase, logLevel: 'trace' | 'warn', adminPassword: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      ADMIN_PASSWORD: adminPassword,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: database.env.DATA_DIR ?? path.join(os.tmpdir(), `cooler-bench-unused-${process.pid}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    try {
      lines.push(JSON.parse(line) as LogLine);
    } catch {
      // not a log line
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);

  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr.trim().slice(-2000)}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the server did not become ready within ${READY_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error('the server has no process id');
  return { base, pid: child.pid, lines, stop };
}

/** Signs in as admin; the bearer token. */
export async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
