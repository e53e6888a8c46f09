/** The built server (apps/server/dist/main.js) in its own process on a free loopback port (the process kit's), its JSON log read as it comes. */
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { BUILT_ENTRY, spawnServer, waitUntilReady } from '@cooler-hub/process-kit/server';
import type { BenchDatabase } from './database';
import { onCleanup } from './cleanup';

export const MAIN = BUILT_ENTRY;
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

/** Starts the server at `logLevel` with `adminPassword` for a new admin; resolves once /readyz answers. */
export async function startServer(database: BenchDatabase, logLevel: 'trace' | 'warn', adminPassword: string): Promise<ServerProcess> {
  const server = await spawnServer({
    entry: 'built',
    // Nothing else of this environment: the bench's knobs are not the server's.
    inherit: ['PATH', 'HOME'],
    // On PostgreSQL it still wants a DATA_DIR: a throw-away one.
    dataDir: database.env.DATA_DIR ?? 'temp',
    env: {
      ...database.env,
      LOG_LEVEL: logLevel,
      ADMIN_PASSWORD: adminPassword,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The no-op call of the HTTP floor (harness/floors.ts), which the server has only when asked.
      BENCH_FLOOR_ROUTE: '1',
    },
  });
  const lines: LogLine[] = [];
  readline.createInterface({ input: server.child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    try {
      lines.push(JSON.parse(line) as LogLine);
    } catch {
      // not a log line
    }
  });
  const stop = async () => {
    await server.stop('SIGTERM', { killAfterMs: 10_000 });
  };
  onCleanup(stop);
  await waitUntilReady(server.url, { server, timeoutMs: READY_WITHIN_MS });
  return { base: server.url, pid: server.pid, lines, stop };
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
