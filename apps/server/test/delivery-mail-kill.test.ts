/**
 * Issue 9 item 12: "the server killed between approval and send, restarted: the mail still goes out
 * once". A real server process (src/main.ts, as `npm run dev` runs it) approves a transfer while the
 * SMTP server is down, is SIGKILLed — no shutdown hook, no goodbye — and a NEW process on the same
 * database sends the note's mail when the SMTP server is back: one message, both attachments.
 * The kill happens while the SMTP server is down, so no attempt can have been mid-send: the promise
 * there is "exactly once" (an attempt cut off mid-send is the at-most-once case, docs/decisions/162).
 * Seen by this test: the dead process had already claimed the job, so it is the lease running out
 * (JOB_LEASE_SECONDS) that hands it to the next process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import { randomToken } from '../src/lib/crypto';
import { deliveryFixtures } from './deliveries-fixtures';
import { ADMIN_PASSWORD, createScratchDatabase, waitFor } from './helpers';
import { freePort, startSmtp, type TestSmtp } from './smtp';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

interface Running {
  child: ChildProcess;
  base: string;
}

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let smtpPort: number;
let smtp: TestSmtp | undefined;
const running: Running[] = [];

/** A fresh database for the child processes: a new PostgreSQL database, or PGlite under DATA_DIR. */
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-kill-'));
  smtpPort = await freePort();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});

afterAll(async () => {
  for (const r of running) r.child.kill('SIGKILL');
  await smtp?.close();
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts the server as a separate process and waits until it answers /readyz. */
async function startServer(): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET: 'kill-test-secret-kill-test-secret-kill-test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The killed process's claim on the job lapses after 5 s instead of 5 min (docs/decisions/188).
    JOB_LEASE_SECONDS: '5',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const started: Running = { child, base };
  running.push(started);
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      return (await fetch(`${base}/readyz`)).ok ? true : undefined;
    } catch {
      return undefined;
    }
  }, 60_000);
  return started;
}

async function kill(server: Running): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
  running.splice(running.indexOf(server), 1);
}

/**
 * The API factories call `app.inject`; this stand-in sends the same calls over HTTP to the process,
 * so the tests seed through the real API of the server under test.
 */
function overHttp(base: string): FastifyInstance {
  const inject = async (o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    const hasBody = o.payload !== undefined;
    const res = await fetch(`${base}${o.url}`, {
      method: o.method,
      headers: { ...(o.headers ?? {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(o.payload) : undefined,
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function note(base: string, token: string, id: number): Promise<Delivery> {
  const res = await fetch(`${base}/api/deliveries/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Delivery;
}

const received = (to: string) => (smtp?.messages ?? []).filter((m) => m.to?.some((a) => a.address === to));

describe('an approved note whose server is killed before its mail went out', () => {
  it('is mailed once, with its CSV and PDF, by the next server process', { timeout: 150_000 }, async () => {
    // SMTP down: the first process cannot send.
    const first = await startServer();
    const token = await signIn(first.base);
    const fixtures = await deliveryFixtures(overHttp(first.base), token);
    const recipient = await fixtures.email(`kill-${randomToken(4).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@example.com`);
    const created = await fixtures.note({ emails: [recipient.id] });
    const approve = await fetch(`${first.base}/api/deliveries/${created.id}/approve`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(approve.status).toBe(200);

    // Killed at once: between the approval's answer and any send.
    await kill(first);

    smtp = await startSmtp({ port: smtpPort });
    const second = await startServer();
    const token2 = await signIn(second.base);
    // The dead process may have claimed the job: the claim lapses (lease), then it is retried (~30 s).
    const sent = await waitFor(async () => {
      const n = await note(second.base, token2, created.id);
      return n.emailDeliveredAt ? n : undefined;
    }, 120_000);
    expect(sent.emailStatus).toBe('Sent');
    const mails = received(recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments.map((a) => a.mimeType).sort()).toEqual(['application/pdf', 'text/csv']);

    // Nothing else is on its way: a while later still one message.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(received(recipient.email)).toHaveLength(1);
    await kill(second);
  });
});
