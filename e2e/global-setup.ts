/**
 * Starts what a user would have: the built app exactly as `npm start` runs it (node
 * apps/server/dist/main.js) on a fresh data directory — or a fresh database when DATABASE_URL
 * points at a PostgreSQL server — plus a real SMTP server whose messages land in an inbox folder
 * the tests read. Returns the teardown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { ADMIN_PASSWORD } from './support/accounts';
import { startGeocoder } from './support/geocoder';
import { E2E_PORT } from './playwright.config';

const root = resolve(import.meta.dirname, '..');

async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cooler_e2e_${Date.now()}_${process.pid}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

function startSmtp(inbox: string): Promise<SMTPServer & { port: number }> {
  let n = 0;
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // An address starting 'refused-once' is refused for good (550) the first time it is seen and
    // accepted after that: a failed e-mail that a Resend then gets through.
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (!to.startsWith('refused-once') || refusedOnce.has(to)) return callback();
      refusedOnce.add(to);
      return callback(Object.assign(new Error(`5.1.1 <${to}>: Mailbox unavailable`), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(join(inbox, `${Date.now()}-${++n}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      ok(Object.assign(server, { port: typeof address === 'object' && address ? address.port : 0 }));
    });
  });
}

async function waitUntilReady(url: string, app: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app was not ready at ${url} within ${seconds} s`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'cooler-e2e-'));
  const inbox = join(work, 'inbox');
  mkdirSync(inbox);
  process.env.E2E_INBOX = inbox;

  const smtp = await startSmtp(inbox);
  // The address look-up's Nominatim-like stand-in (docs/decisions/174).
  const geocoder = await startGeocoder();
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    ADMIN_PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    LOG_LEVEL: 'warn',
    GEOCODER_URL: geocoder.url,
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  const app = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitUntilReady(`http://127.0.0.1:${E2E_PORT}/readyz`, app, 60);

  return async () => {
    const exited = new Promise((r) => app.once('exit', r));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (app.exitCode === null) app.kill('SIGKILL');
    await new Promise<void>((r) => smtp.close(() => r()));
    await geocoder.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  };
}
