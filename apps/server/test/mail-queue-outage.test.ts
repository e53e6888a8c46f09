/**
 * The mail queue when things go wrong around it: the SMTP server down at first (retried, then sent
 * once), down for good (given up with its last answer), the app stopped with a message still
 * pending (the next instance sends it once), and two instances on one database (each message
 * once). Apps are built here on one shared database, as separate processes would be.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@cooler-hub/process-kit/ports';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seed } from '../src/db/seed';
import { GAVE_UP } from '../src/jobs/mail-queue';
import { randomToken } from '../src/lib/crypto';
import { ADMIN_PASSWORD, createTestDatabase, waitFor, type TestDatabase } from './helpers';
import {
  mailRow,
  queueTestMail,
  registerTestMailKind,
  TEST_JOB_TIMINGS,
  waitForIdleQueue,
  waitForSettled,
  type TestMailEvents,
} from './jobs';

let test: TestDatabase;
let dataDir: string;
let smtpUrl: string;
let port: number;
const jwtSecret = randomToken(48);
const events: TestMailEvents = { delivered: [], viewed: [], failed: [], built: new Map() };
const open: FastifyInstance[] = [];
let smtp: SmtpSink | undefined;

beforeAll(async () => {
  test = await createTestDatabase();
  await seed(test.database.db, { adminPassword: ADMIN_PASSWORD });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-mail-outage-'));
  port = await freePort();
  smtpUrl = `smtp://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const app of open) await app.close();
  await smtp?.close();
  await test?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Another instance of the app on the shared database. */
async function startInstance(): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: smtpUrl, MAIL_FROM: 'Hub <hub@coolerhub.test>' });
  const app = await buildApp({ config, database: test.database, jwtSecret, jobTimings: TEST_JOB_TIMINGS });
  registerTestMailKind([app], events);
  await app.ready();
  open.push(app);
  return app;
}

async function stopInstance(app: FastifyInstance): Promise<void> {
  await app.close();
  open.splice(open.indexOf(app), 1);
}

const db = () => test.database.db;
const received = (to: string) => (smtp?.messages ?? []).filter((m) => m.to?.some((a) => a.address === to));

describe('mail queue when the SMTP server or the app goes away', () => {
  it('SMTP server down at first: retried with its error noted, then sent once when it is back', async () => {
    const app = await startInstance();
    const row = await queueTestMail(app, db(), 'down-first', ['down-first@example.com']);
    const retried = await waitFor(async () => {
      const current = await mailRow(db(), row.id);
      return current.attempts >= 2 ? current : undefined;
    });
    expect(retried.deliveredAt).toBeNull();
    expect(retried.failedAt).toBeNull();
    expect(retried.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);

    smtp = await startSmtpSink({ port });
    const settled = await waitForSettled(db(), row.id);
    expect(settled.deliveredAt).toBeInstanceOf(Date);
    expect(settled.lastError).toBeNull();
    await waitForIdleQueue(db());
    expect(received('down-first@example.com')).toHaveLength(1);
    expect(events.delivered.filter((r) => r === 'down-first')).toHaveLength(1);
  });

  it('SMTP server down for good: given up after the last retry, with the last answer', async () => {
    await smtp?.close();
    smtp = undefined;
    const [app] = open;
    const row = await queueTestMail(app!, db(), 'down-for-good', ['down-for-good@example.com']);
    const settled = await waitForSettled(db(), row.id);
    expect(settled.deliveredAt).toBeNull();
    expect(settled.failureReason).toMatch(new RegExp(`^${GAVE_UP} .*(ECONNREFUSED|ECONNECTION)`));
    expect(settled.attempts).toBe(TEST_JOB_TIMINGS.retryLimit! + 1);
    expect(events.failed.map((f) => f.ref)).toContain('down-for-good');
  });

  it('the app stops with a message pending: the next instance sends it, once', async () => {
    const [first] = open;
    const row = await queueTestMail(first!, db(), 'across-restart', ['across-restart@example.com']);
    await waitFor(async () => ((await mailRow(db(), row.id)).attempts >= 1 ? true : undefined));
    await stopInstance(first!);
    expect((await mailRow(db(), row.id)).deliveredAt).toBeNull();

    smtp = await startSmtpSink({ port });
    await startInstance();
    const settled = await waitForSettled(db(), row.id);
    expect(settled.deliveredAt).toBeInstanceOf(Date);
    await waitForIdleQueue(db());
    expect(received('across-restart@example.com')).toHaveLength(1);
  });

  it('two instances on one database share the work: every message goes out exactly once', async () => {
    const second = await startInstance();
    const [first] = open;
    const refs = Array.from({ length: 12 }, (_, i) => `shared-${i}`);
    const rows = await Promise.all(refs.map((ref, i) => queueTestMail(i % 2 ? first! : second, db(), ref, [`${ref}@example.com`])));
    for (const row of rows) expect((await waitForSettled(db(), row.id)).deliveredAt).toBeInstanceOf(Date);
    await waitForIdleQueue(db());
    for (const ref of refs) {
      expect(received(`${ref}@example.com`), ref).toHaveLength(1);
      expect(events.built.get(ref), ref).toBe(1);
    }
  });
});
