/**
 * The server killed between approval and send, restarted: the mail still goes out
 * once. A real server process (src/main.ts, as `npm run dev` runs it) approves a transfer while the
 * SMTP server is down, is SIGKILLed — no shutdown hook, no goodbye — and a NEW process on the same
 * database sends the note's mail when the SMTP server is back: one message, both attachments.
 * The kill happens while the SMTP server is down, so no attempt can have been mid-send: the promise
 * there is "exactly once" (an attempt cut off mid-send is the at-most-once case, docs/decisions/162).
 * Seen by this test: the dead process had already claimed the job, so it is the lease running out
 * (JOB_LEASE_SECONDS) that hands it to the next process.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import { freePort } from '@cooler-hub/process-kit/ports';
import { startServer, type ServerProcess } from '@cooler-hub/process-kit/server';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { randomToken } from '../src/lib/crypto';
import { deliveryFixtures } from './deliveries-fixtures';
import { ADMIN_PASSWORD, createScratchDatabase, waitFor } from './helpers';
import { overHttp, signInOverHttp } from './over-http';

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let smtpPort: number;
let smtp: SmtpSink | undefined;
const running: ServerProcess[] = [];

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
  for (const r of running) await r.stop('SIGKILL');
  await smtp?.close();
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The server as its own process, as `npm run dev` runs it, on this test's database. */
async function startProcess(): Promise<ServerProcess> {
  const server = await startServer({
    entry: 'source',
    publicUrl: true,
    output: 'stderr',
    env: {
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'kill-test-secret-kill-test-secret-kill-test',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The killed process's claim on the job lapses after 5 s instead of 5 min (docs/decisions/188).
      JOB_LEASE_SECONDS: '5',
    },
  });
  running.push(server);
  return server;
}

async function kill(server: ServerProcess): Promise<void> {
  await server.stop('SIGKILL');
  running.splice(running.indexOf(server), 1);
}

async function signIn(base: string): Promise<string> {
  const { status, token } = await signInOverHttp(base, { username: 'admin', password: ADMIN_PASSWORD });
  expect(status).toBe(200);
  return token!;
}

async function note(base: string, token: string, id: number): Promise<Delivery> {
  const res = await fetch(`${base}/api/deliveries/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Delivery;
}

const received = (to: string) => (smtp?.messages ?? []).filter((m) => m.to?.some((a) => a.address === to));

describe('an approved note whose server is killed before its mail went out', () => {
  it('is mailed once, with its CSV and PDF, by the next server process', { timeout: 150_000 }, async () => {
    // SMTP down: the first process cannot send.
    const first = await startProcess();
    const token = await signIn(first.url);
    const fixtures = await deliveryFixtures(overHttp(first.url), token);
    const recipient = await fixtures.email(
      `kill-${randomToken(4)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}@example.com`,
    );
    const created = await fixtures.note({ emails: [recipient.id] });
    const approve = await fetch(`${first.url}/api/deliveries/${created.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(approve.status).toBe(200);

    // Killed at once: between the approval's answer and any send.
    await kill(first);

    smtp = await startSmtpSink({ port: smtpPort });
    const second = await startProcess();
    const token2 = await signIn(second.url);
    // The dead process may have claimed the job: the claim lapses (lease), then it is retried (~30 s).
    const sent = await waitFor(async () => {
      const n = await note(second.url, token2, created.id);
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
