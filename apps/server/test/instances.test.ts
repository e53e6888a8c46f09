/**
 * Two instances of the built server (`node dist/main.js`, as `npm start` runs it) on one PostgreSQL
 * database, behind a round-robin proxy, as the README's deployment section describes: they share
 * `DATABASE_URL`, `JWT_SECRET` and `TRUST_PROXY`, and nothing on disk (each has its own
 * DATA_DIR). Every call below goes through the proxy, so consecutive calls land on different
 * instances (`X-Served-By` says which). Several instances need a PostgreSQL server: the embedded
 * store belongs to one process, so without DATABASE_URL this file has nothing to run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt, ReceiptCreateInput } from '@cooler-hub/contract/receipts';
import { startServer, type ServerProcess } from '@cooler-hub/process-kit/server';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { DEFAULT_LOGIN_THROTTLE, MAX_FAILURES_PER_PAIR } from '../src/modules/auth/auth.service';
import { deliveryFixtures } from './deliveries-fixtures';
import { call, createReceipt, createReceiptReferences, newReceipt, unique, updateBodyOf, type ReceiptReferences } from './factories';
import { ADMIN_PASSWORD, authHeader, createScratchDatabase, createUser, json, multipart, PNG_1X1, waitFor } from './helpers';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { overHttp, signInOverHttp } from './over-http';

const serverUrl = process.env.DATABASE_URL;

let scratch: { url: string; drop: () => Promise<void> };
let smtp: SmtpSink;
let dataDirs: string[] = [];
let instances: ServerProcess[] = [];
let proxy: RoundRobinProxy;
let api: FastifyInstance;
let token: string;

const servedBy = (res: LightMyRequestResponse | Response): string =>
  String(res instanceof Response ? res.headers.get('x-served-by') : res.headers['x-served-by']);
const receiptsCount = async (): Promise<number> => {
  const res = await call(api, token, 'GET', '/api/receipts?perPage=1');
  expect(res.statusCode).toBe(200);
  return json<ListResponse<Receipt>>(res).totalCount;
};
/** The receipts' total as each instance answers it (two calls in a row: one per instance). */
const countOnEach = async (): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  for (let i = 0; i < 2; i++) {
    const res = await call(api, token, 'GET', '/api/receipts?perPage=1');
    expect(res.statusCode).toBe(200);
    counts[servedBy(res)] = json<ListResponse<Receipt>>(res).totalCount;
  }
  return counts;
};

describe.skipIf(!serverUrl)('two instances on one PostgreSQL database behind a round-robin proxy', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    smtp = await startSmtpSink();
    dataDirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-instance-'))));
    // Started together on an empty database: migrations and the seed are serialised between them.
    instances = await Promise.all(
      dataDirs.map((dataDir) =>
        startServer({
          entry: 'built',
          publicUrl: true,
          output: 'stderr',
          env: {
            ADMIN_PASSWORD,
            LOG_LEVEL: 'warn',
            DATABASE_URL: scratch.url,
            DATA_DIR: dataDir,
            JWT_SECRET: 'instances-test-secret-instances-test-secret',
            // Two proxies (docs/decisions/261): the test's calls play an edge proxy whose
            // X-Forwarded-For names each caller's address, the round-robin proxy the load balancer.
            TRUST_PROXY: '2',
            SMTP_URL: smtp.url,
          },
        }),
      ),
    );
    proxy = await startRoundRobinProxy(instances.map((i) => i.url));
    api = overHttp(proxy.base);
    const signedIn = await signInOverHttp(proxy.base, { username: 'admin', password: ADMIN_PASSWORD });
    expect(signedIn.status).toBe(200);
    token = signedIn.token!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    await proxy?.close();
    await smtp?.close();
    await scratch?.drop();
    await Promise.all(dataDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  it('accepts a token signed by one instance on the other', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await call(api, token, 'GET', '/api/profile');
      expect(res.statusCode).toBe(200);
      seen.add(servedBy(res));
    }
    expect([...seen].sort()).toEqual(['0', '1']);
  });

  it('answers exact list counts on every request while receipts are created, updated and deleted', async () => {
    const refs = await createReceiptReferences(api, token);
    const before = await receiptsCount();
    const made: Receipt[] = [];
    for (let i = 1; i <= 10; i++) {
      made.push(await createReceipt(api, token, refs));
      expect(await countOnEach()).toEqual({ 0: before + i, 1: before + i });
    }
    for (const r of made) {
      const notes = unique('changed on one instance');
      const put = await call(api, token, 'PUT', `/api/receipts/${r.id}/main`, { ...updateBodyOf(r), notes });
      expect(put.statusCode).toBe(200);
      const read = await call(api, token, 'GET', `/api/receipts/${r.id}`);
      expect(servedBy(read)).not.toBe(servedBy(put));
      expect(json<Receipt>(read).notes).toBe(notes);
    }
    for (const [i, r] of made.entries()) {
      expect((await call(api, token, 'DELETE', `/api/receipts/${r.id}`)).statusCode).toBe(204);
      const left = before + made.length - i - 1;
      expect(await countOnEach()).toEqual({ 0: left, 1: left });
    }
  });

  it('serves an upload stored through one instance from the other', async () => {
    const form = multipart([
      { name: 'file', filename: 'avatar.png', contentType: 'image/png', data: PNG_1X1 },
      { name: 'type', value: 'avatar' },
    ]);
    const upload = await api.inject({
      method: 'POST',
      url: '/api/file_upload',
      headers: { ...authHeader(token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);
    const { url } = json<{ url: string }>(upload);
    const served = await fetch(new URL(url, proxy.base));
    expect(served.status).toBe(200);
    expect(servedBy(served)).not.toBe(servedBy(upload));
    expect(served.headers.get('content-type')).toMatch(/^image\//);
  });

  it('sends exactly one mail per approval: 20 approvals, two workers, 20 messages', { timeout: 120_000 }, async () => {
    const fixtures = await deliveryFixtures(api, token);
    const recipients: string[] = [];
    const notes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const recipient = await fixtures.email(`${unique('approval').toLowerCase()}@example.com`);
      recipients.push(recipient.email);
      notes.push((await fixtures.note({ emails: [recipient.id], lbNumbers: await fixtures.lbs(1) })).id);
    }
    const approvals = await Promise.all(notes.map((id) => call(api, token, 'POST', `/api/deliveries/${id}/approve`)));
    expect(approvals.map((a) => a.statusCode)).toEqual(notes.map(() => 200));
    expect(new Set(approvals.map(servedBy))).toEqual(new Set(['0', '1']));

    const mailsTo = (address: string) => smtp.messages.filter((m) => m.to?.some((a) => a.address === address)).length;
    await waitFor(() => (recipients.every((r) => mailsTo(r) >= 1) ? true : undefined), 90_000);
    // Nothing else on its way: a while later still one message each.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(recipients.map(mailsTo)).toEqual(recipients.map(() => 1));
  });

  it('counts sign-in failures across instances: the lock of one address and the spacing of the account', async () => {
    const { user, password } = await createUser(api);
    const signIn = (pass: string, address: string) =>
      signInOverHttp(proxy.base, { username: user.username, password: pass }, { 'x-forwarded-for': address });
    const failedOn = new Set<string>();
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      const res = await fetch(`${proxy.base}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ username: user.username, password: 'not-the-password' }),
      });
      expect(res.status).toBe(401);
      failedOn.add(servedBy(res));
    }
    expect([...failedOn].sort()).toEqual(['0', '1']);
    // That address is locked out of the account on both instances, even with the right password.
    const locked = [await signIn(password, '203.0.113.7'), await signIn(password, '203.0.113.7')];
    expect(locked.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(locked.map((r) => r.headers.get('x-served-by')))).toEqual(new Set(['0', '1']));

    // The account's free checks are spent: each further check, from any address and on either
    // instance, waits its growing turn — a guess from one address, then the owner from another.
    const guess = await signIn('another-guess', '198.51.100.20');
    expect(guess.status).toBe(401);
    const started = Date.now();
    const owner = await signIn(password, '198.51.100.21');
    const waited = Date.now() - started;
    expect(owner.status).toBe(200);
    expect(owner.headers.get('x-served-by')).not.toBe(guess.headers.get('x-served-by'));
    // The second spaced check comes two spacings after the first (1 s, then 2 s).
    expect(waited).toBeGreaterThanOrEqual(2 * DEFAULT_LOGIN_THROTTLE.firstSpacingMs - 250);
  });

  it(
    'keeps every write once when an instance is killed in the middle of 200 creates retried with their client ids',
    { timeout: 120_000 },
    async () => {
      const refs: ReceiptReferences = await createReceiptReferences(api, token);
      const before = await receiptsCount();
      const bodies: ReceiptCreateInput[] = Array.from({ length: 200 }, () => newReceipt(refs));
      let acknowledged = 0;
      let retries = 0;
      let killedAfter: number | undefined;
      const create = async (body: ReceiptCreateInput): Promise<void> => {
        for (let attempt = 0; attempt < 50; attempt++) {
          try {
            const res = await fetch(`${proxy.base}/api/receipts`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...authHeader(token) },
              body: JSON.stringify(body),
            });
            if (res.status === 201 || res.status === 200) {
              acknowledged += 1;
              if (killedAfter === undefined && acknowledged >= 60) {
                killedAfter = acknowledged;
                void instances[1]!.stop('SIGKILL');
              }
              return;
            }
            // Only the proxy's "upstream gone" answers are worth a retry; anything else is a failure.
            expect([502, 503]).toContain(res.status);
          } catch {
            // the connection itself dropped: retry
          }
          retries += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`receipt ${body.id} was never acknowledged`);
      };
      const queue = [...bodies];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let body = queue.shift(); body; body = queue.shift()) await create(body);
        }),
      );

      expect(killedAfter).toBeDefined();
      expect(killedAfter).toBeLessThan(200);
      expect(proxy.live()).toEqual([0]);
      expect(await receiptsCount()).toBe(before + 200);

      const db = new pg.Client({ connectionString: scratch.url });
      await db.connect();
      try {
        const ids = bodies.map((b) => b.id);
        const rows = await db.query<{ receipts: string; lbs: string }>(
          'select count(*) as receipts, count(distinct lb_number) as lbs from receipts where id = any($1::uuid[])',
          [ids],
        );
        expect(rows.rows[0]).toEqual({ receipts: '200', lbs: '200' });
        // A retry of a create that had landed must not write its history twice.
        const created = await db.query<{ entry_ref: string; n: string }>(
          "select entry_ref, count(*) as n from revision_entries where entry_kind = 'Receipt' and entry_ref = any($1) and diff_type = 'Text' group by entry_ref",
          [ids],
        );
        expect(created.rows).toHaveLength(200);
        expect(created.rows.filter((r) => r.n !== '1')).toEqual([]);
      } finally {
        await db.end();
      }
      console.info(`instances: 200 creates, instance 1 killed after ${killedAfter} acknowledged, ${retries} retries`);
    },
  );
});
