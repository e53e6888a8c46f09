/**
 * Webhooks (docs/decisions/280) against the real app, its job queue, a real HTTP receiver on this
 * machine (node:http) and a real SMTP server: the signature a receiver checks, retries until a 2xx, a
 * receiver that never answers, one delivery per event occurrence, 'Send again', the address rule,
 * input and access.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@cooler-hub/contract/receipts';
import {
  WEBHOOK_NO_EVENTS,
  WEBHOOK_PRIVATE_TARGET,
  WEBHOOK_URL_INVALID,
  type WebhookDeliveryList,
  type WebhookDetail,
  type WebhookEvent,
  type WebhookList,
  type WebhookPayload,
} from '@cooler-hub/contract/webhooks';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { isPrivateAddress, postWebhook, targetRefusal } from '../src/modules/webhooks/sender';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { call, createReceipt, createReceiptReferences, updateBodyOf, type ReceiptReferences } from './factories';
import { adminToken, buildTestApp, json, loginAs, violationsOf, waitFor, type TestApp } from './helpers';
import { importCalls } from './import-calls';
import { TEST_JOB_TIMINGS } from './jobs';

/**
 * WEBHOOK_TIMEOUT_MS here: short, yet long enough that the embedded database (PGlite runs on this
 * thread) holding the event loop during a burst of writes does not cut a local receiver's answer.
 */
const TIMEOUT_MS = 5000;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: WebhookPayload;
}

/** A webhook receiver on 127.0.0.1: records every request; `answer` decides each reply (a status, or 'hang'). */
class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => number | 'hang' = () => 200;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry = { headers: req.headers, body, payload: JSON.parse(body) as WebhookPayload };
      this.received.push(entry);
      const answer = this.answer(entry, this.received.length - 1);
      if (answer === 'hang') return; // never answers; the sender must cut it
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'not now');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  of(deliveryId: string): Received[] {
    return this.received.filter((r) => r.payload.id === deliveryId);
  }
}

/** The check a receiver writes (decision 280): HMAC-SHA256 of "<t>.<raw body>", hex, compared in constant time. */
function verify(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let smtp: SmtpSink;
let t: TestApp;
let token: string;
let receiver: Receiver;
let url: string;
let refs: ReceiptReferences;

beforeAll(async () => {
  // A real SMTP server that refuses for good (550) every address starting 'bounce'.
  smtp = await startSmtpSink({
    refuse: (address) => (address.startsWith('bounce') ? { code: 550, message: `5.1.1 <${address}>: Mailbox unavailable` } : undefined),
  });
  t = await buildTestApp(
    { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), SMTP_URL: smtp.url },
    { jobTimings: TEST_JOB_TIMINGS },
  );
  token = await adminToken(t.app);
  receiver = new Receiver();
  url = await receiver.start();
  refs = await createReceiptReferences(t.app, token);
}, 60_000);

afterAll(async () => {
  await receiver?.stop();
  await t?.close();
  await smtp?.close();
});

afterEach(async () => {
  // Each test registers its own webhooks: none outlives it (its retries stop with it).
  const list = json<WebhookList>(await call(t.app, token, 'GET', '/api/webhooks?perPage=100'));
  for (const hook of list.items) await call(t.app, token, 'DELETE', `/api/webhooks/${hook.id}`);
  receiver.received.length = 0;
  receiver.answer = () => 200;
});

async function register(events: WebhookEvent[], target = url): Promise<WebhookDetail> {
  const res = await call(t.app, token, 'POST', '/api/webhooks', { url: target, events });
  expect(res.statusCode, res.body).toBe(201);
  return json<WebhookDetail>(res);
}

async function deliveriesOf(hook: { id: number }, query = ''): Promise<WebhookDeliveryList> {
  const res = await call(t.app, token, 'GET', `/api/webhooks/${hook.id}/deliveries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<WebhookDeliveryList>(res);
}

async function settled(hook: { id: number }, count: number, timeoutMs = 20_000): Promise<WebhookDeliveryList> {
  return waitFor(async () => {
    const list = await deliveriesOf(hook, '?perPage=100');
    return list.totalCount === count && list.items.every((d) => d.status !== 'pending') ? list : undefined;
  }, timeoutMs);
}

const deliveryRows = async () => {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries`);
  return Number((rows as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as { n: number }[])[0]?.n);
};

describe('a delivery', () => {
  it('POSTs { id, event, occurredAt, data } with the receipt as the API answers it, signed with the secret', async () => {
    const hook = await register(['receipt.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const receipt = await createReceipt(t.app, token, refs);

    const [got] = await waitFor(() => (receiver.received.length >= 1 ? receiver.received : undefined));
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['cooler-hub-event']).toBe('receipt.created');
    expect(got!.headers['cooler-hub-delivery']).toBe(got!.payload.id);
    expect(got!.payload.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(got!.payload.event).toBe('receipt.created');
    expect(Date.parse(got!.payload.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    const asAnswered = json<Receipt>(await call(t.app, token, 'GET', `/api/receipts/${receipt.id}`));
    expect(got!.payload.data).toEqual(asAnswered);

    const signature = got!.headers['cooler-hub-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(hook.secret, signature, got!.body)).toBe(true);
    expect(verify(hook.secret, signature, got!.body.replace('receipt.created', 'receipt.updated'))).toBe(false);
    expect(verify(`${hook.secret}x`, signature, got!.body)).toBe(false);

    const list = await settled(hook, 1);
    expect(list.items[0]).toMatchObject({ id: got!.payload.id, event: 'receipt.created', status: 'delivered' });
    expect(list.items[0]!.attempts).toEqual([
      { number: 1, at: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) },
    ]);
  });

  it('tells receipt.updated, delivery.created, delivery.approved and delivery.email_delivered with the objects as GET answers them then', async () => {
    const hook = await register(['receipt.updated', 'delivery.created', 'delivery.approved', 'delivery.email_delivered']);
    const fx: DeliveryFixtures = await deliveryFixtures(t.app, token);
    const note = await fx.note();
    const approve = await call(t.app, token, 'POST', `/api/deliveries/${note.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    const receipt = await createReceipt(t.app, token, refs);
    const put = await call(t.app, token, 'PUT', `/api/receipts/${receipt.id}/main`, { ...updateBodyOf(receipt), notes: 'changed' });
    expect(put.statusCode, put.body).toBe(200);

    await settled(hook, 4);
    const byEvent = new Map(receiver.received.map((r) => [r.payload.event, r.payload]));
    expect([...byEvent.keys()].sort()).toEqual(['delivery.approved', 'delivery.created', 'delivery.email_delivered', 'receipt.updated']);
    expect(byEvent.get('delivery.created')!.data).toMatchObject({ id: note.id, status: 'pending', emailStatus: 'N/A' });
    // Each body is the note as it was then: approved, its e-mail not yet sent …
    expect(byEvent.get('delivery.approved')!.data).toMatchObject({ id: note.id, status: 'approved', emailDeliveredAt: null });
    // … then sent; the last event's body is the note as GET answers it now.
    expect(byEvent.get('delivery.email_delivered')!.data).toEqual(json(await call(t.app, token, 'GET', `/api/deliveries/${note.id}`)));
    expect(byEvent.get('delivery.email_delivered')!.data).toMatchObject({ emailStatus: 'Sent' });
    expect(byEvent.get('receipt.updated')!.data).toEqual(json(await call(t.app, token, 'GET', `/api/receipts/${receipt.id}`)));
    expect(byEvent.get('receipt.updated')!.data).toMatchObject({ notes: 'changed' });
  });

  it('tells delivery.email_failed when the mail server refuses the note for good, with the note as GET answers it', async () => {
    const hook = await register(['delivery.email_failed', 'delivery.email_delivered']);
    const fx: DeliveryFixtures = await deliveryFixtures(t.app, token);
    const note = await fx.note({ emails: [(await fx.email(`bounce.${randomUUID().slice(0, 8)}@example.com`)).id] });
    const approve = await call(t.app, token, 'POST', `/api/deliveries/${note.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);

    const list = await settled(hook, 1);
    expect(list.items.map((d) => [d.event, d.status])).toEqual([['delivery.email_failed', 'delivered']]);
    const [got] = receiver.received;
    expect(got!.payload.event).toBe('delivery.email_failed');
    expect(got!.payload.data).toEqual(json(await call(t.app, token, 'GET', `/api/deliveries/${note.id}`)));
    expect(got!.payload.data).toMatchObject({ id: note.id, emailStatus: 'Failed', emailFailureReason: expect.stringMatching(/550/) });
  });

  it('tells import.finished when an import (not its dry run) ends, with the import as GET answers it', async () => {
    const hook = await register(['import.finished']);
    const imports = importCalls(t.app, token);
    const job = await imports.uploaded(
      'partNumbers',
      'parts.csv',
      Buffer.from(`Part Number,Description\r\n${randomUUID().slice(0, 8)},Tall\r\n`),
    );
    await imports.dryRun(job);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await deliveriesOf(hook)).totalCount).toBe(0);
    const done = await imports.imported(job.id);
    expect(done.status).toBe('imported');
    await settled(hook, 1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.payload).toMatchObject({ event: 'import.finished' });
    expect(receiver.received[0]!.payload.data).toEqual(json(await call(t.app, token, 'GET', `/api/imports/${job.id}`)));
  });

  it('is retried after 500 and 500, delivered on the 200: three attempts logged, settled once', async () => {
    const hook = await register(['receipt.created']);
    receiver.answer = (_r, index) => (index < 2 ? 500 : 200);
    await createReceipt(t.app, token, refs);

    const list = await settled(hook, 1);
    const delivery = list.items[0]!;
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.map((a) => [a.number, a.statusCode])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    expect(delivery.attempts[1]!.error).toMatch(/answered 500/);
    expect(receiver.of(delivery.id)).toHaveLength(3);
    // Settled: no further attempt comes.
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.of(delivery.id)).toHaveLength(3);
  });

  it('is failed after the last retry when the receiver keeps answering 500', async () => {
    const hook = await register(['receipt.created']);
    receiver.answer = () => 500;
    await createReceipt(t.app, token, refs);
    const [delivery] = (await settled(hook, 1)).items;
    expect(delivery!.status).toBe('failed');
    expect(delivery!.settledAt).not.toBeNull();
    // The first attempt and every retry (TEST_JOB_TIMINGS.retryLimit), each logged with the answer.
    expect(delivery!.attempts).toHaveLength(1 + TEST_JOB_TIMINGS.retryLimit!);
    expect(delivery!.attempts.every((a) => a.statusCode === 500 && a.error === 'The receiver answered 500 Internal Server Error.')).toBe(
      true,
    );
    expect(receiver.of(delivery!.id)).toHaveLength(1 + TEST_JOB_TIMINGS.retryLimit!);
  });

  it('to a receiver that never answers: the approval answers at once, the attempt is cut at the timeout and logged', async () => {
    const hook = await register(['delivery.approved']);
    const fx = await deliveryFixtures(t.app, token);
    const note = await fx.note();
    receiver.answer = () => 'hang';

    const started = Date.now();
    const approve = await call(t.app, token, 'POST', `/api/deliveries/${note.id}/approve`);
    const took = Date.now() - started;
    expect(approve.statusCode, approve.body).toBe(200);
    expect(took).toBeLessThan(TIMEOUT_MS);

    const attempt = await waitFor(async () => (await deliveriesOf(hook)).items[0]?.attempts.at(-1), 15_000);
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toBe(`No answer within ${TIMEOUT_MS} ms; the request was cut.`);
    expect(attempt.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(attempt.durationMs).toBeLessThan(TIMEOUT_MS + 2000);
    expect((await deliveriesOf(hook)).items[0]).toMatchObject({ status: 'pending', settledAt: null }); // to be retried
  }, 30_000);

  it('100 receipts made → exactly 100 deliveries, each sent once with its own id', async () => {
    const hook = await register(['receipt.created']);
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 10 }, () => createReceipt(t.app, token, refs)));
    }
    const list = await settled(hook, 100, 60_000);
    expect(list.items.filter((d) => d.status !== 'delivered' || d.attempts.length !== 1)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    const ids = receiver.received.map((r) => r.payload.id);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
    expect(new Set(list.items.map((d) => d.id))).toEqual(new Set(ids));

    // Times as ISO strings; later pages (the last read from the end) tile the whole list, each with the total.
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    expect(list.items.filter((d) => !iso.test(d.createdAt) || !iso.test(d.settledAt ?? ''))).toEqual([]);
    const paged: WebhookDeliveryList['items'] = [];
    for (let page = 1; page <= 4; page++) {
      const one = await deliveriesOf(hook, `?perPage=30&page=${page}`);
      expect(one.totalCount).toBe(100);
      paged.push(...one.items);
    }
    expect(paged).toEqual(list.items);
    expect((await deliveriesOf(hook, '?perPage=100&order[createdAt]=asc')).items).toEqual([...list.items].reverse());
  }, 120_000);

  it("'Send again' sends the same id and body, freshly signed, as a new attempt", async () => {
    const hook = await register(['receipt.created']);
    await createReceipt(t.app, token, refs);
    const [first] = (await settled(hook, 1)).items;

    const again = await call(t.app, token, 'POST', `/api/webhooks/${hook.id}/deliveries/${first!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    const [twice] = (
      await waitFor(async () => {
        const list = await deliveriesOf(hook);
        return list.items[0]?.attempts.length === 2 && list.items[0].status === 'delivered' ? list : undefined;
      })
    ).items;
    expect(twice!.attempts.map((a) => a.number)).toEqual([2, 1]);
    const sent = receiver.of(first!.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sent[1]!.headers['cooler-hub-delivery']).toBe(first!.id);
    expect(verify(hook.secret, sent[1]!.headers['cooler-hub-signature'] as string, sent[1]!.body)).toBe(true);

    const unknown = await call(t.app, token, 'POST', `/api/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`);
    expect(unknown.statusCode).toBe(404);
  });

  it('is not written when no active webhook wants the event; a switched-off webhook gets nothing', async () => {
    const hook = await register(['receipt.created']);
    const off = await call(t.app, token, 'PUT', `/api/webhooks/${hook.id}`, { url, events: ['receipt.created'], active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(json<WebhookDetail>(off).active).toBe(false);
    await register(['delivery.approved']);
    const before = await deliveryRows();
    await createReceipt(t.app, token, refs);
    expect(await deliveryRows()).toBe(before);
    expect((await deliveriesOf(hook)).totalCount).toBe(0);
  });
});

describe('managing webhooks', () => {
  it('edits, rotates the secret (new deliveries signed with it), lists and deletes', async () => {
    const hook = await register(['receipt.created']);
    const edited = await call(t.app, token, 'PUT', `/api/webhooks/${hook.id}`, {
      url: `${url}?v=2`,
      events: ['import.finished', 'receipt.created', 'receipt.created'],
      active: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<WebhookDetail>(edited)).toMatchObject({
      url: `${url}?v=2`,
      events: ['receipt.created', 'import.finished'],
      secret: hook.secret,
    });

    const rotated = json<WebhookDetail>(await call(t.app, token, 'POST', `/api/webhooks/${hook.id}/rotate-secret`));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    await createReceipt(t.app, token, refs);
    const [got] = await waitFor(() => (receiver.received.length >= 1 ? receiver.received : undefined));
    expect(verify(rotated.secret, got!.headers['cooler-hub-signature'] as string, got!.body)).toBe(true);
    expect(verify(hook.secret, got!.headers['cooler-hub-signature'] as string, got!.body)).toBe(false);

    const list = json<WebhookList>(await call(t.app, token, 'GET', '/api/webhooks'));
    expect(list.items.map((w) => w.id)).toContain(hook.id);
    expect(list.items[0]).not.toHaveProperty('secret');

    expect((await call(t.app, token, 'DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(204);
    expect((await call(t.app, token, 'GET', `/api/webhooks/${hook.id}`)).statusCode).toBe(404);
    expect((await call(t.app, token, 'GET', `/api/webhooks/${hook.id}/deliveries`)).statusCode).toBe(404);
  });

  it('lists newest first, ties the last registered first in either direction, each as GET answers it, with the total on every page', async () => {
    const first = await register(['import.finished'], `${url}?same`);
    const second = await register(['import.finished'], `${url}?same`);
    const third = await register(['import.finished'], `${url}?z`);
    // first and third registered in the same instant (the table keeps microseconds, the API milliseconds), second earlier.
    await t.database.db.execute(sql`update webhooks set created_at = '2024-05-01T10:00:00.123456Z' where id in (${first.id}, ${third.id})`);
    await t.database.db.execute(sql`update webhooks set created_at = '2024-04-01T10:00:00Z' where id = ${second.id}`);
    // Two deliveries of first, written here (nothing sends them): the newer is its last.
    await t.database.db.execute(sql`insert into webhook_deliveries (id, webhook_id, event, body, status, created_at) values
      (${randomUUID()}, ${first.id}, 'import.finished', '{}', 'delivered', '2024-05-02T08:00:00Z'),
      (${randomUUID()}, ${first.id}, 'import.finished', '{}', 'failed', '2024-05-03T08:00:00.987654Z')`);
    const listed = async (query: string) => json<WebhookList>(await call(t.app, token, 'GET', `/api/webhooks?${query}`));
    const ids = async (query: string) => (await listed(query)).items.map((w) => w.id);
    const asGot = async (id: number) => {
      const { secret: _secret, ...hook } = json<WebhookDetail>(await call(t.app, token, 'GET', `/api/webhooks/${id}`));
      return hook;
    };

    const all = await listed('');
    expect(all).toMatchObject({ totalCount: 3, pagesCount: 1 });
    expect(all.items).toEqual([await asGot(third.id), await asGot(first.id), await asGot(second.id)]);
    expect(all.items[1]).toEqual({
      id: first.id,
      url: `${url}?same`,
      events: ['import.finished'],
      active: true,
      createdAt: '2024-05-01T10:00:00.123Z',
      updatedAt: first.updatedAt,
      lastDelivery: { status: 'failed', createdAt: '2024-05-03T08:00:00.987Z' },
    });
    expect(all.items[0]).toMatchObject({ createdAt: '2024-05-01T10:00:00.123Z', lastDelivery: null });
    expect(all.items[2]).toMatchObject({ createdAt: '2024-04-01T10:00:00.000Z', lastDelivery: null });

    // Ties stay newest registered first whichever the direction.
    expect(await ids('order[createdAt]=asc')).toEqual([second.id, third.id, first.id]);
    expect(await ids('order[url]=asc')).toEqual([second.id, first.id, third.id]);
    expect(await ids('order[url]=desc')).toEqual([third.id, second.id, first.id]);
    // Later pages, the last read from the end, each with the total; past the end, none.
    expect(await listed('perPage=2')).toMatchObject({ totalCount: 3, pagesCount: 2, items: all.items.slice(0, 2) });
    expect(await listed('perPage=2&page=2')).toMatchObject({ totalCount: 3, pagesCount: 2, items: [all.items[2]] });
    expect(await listed('perPage=2&page=2&order[createdAt]=asc')).toMatchObject({ totalCount: 3, items: [all.items[1]] });
    expect(await listed('perPage=2&page=2&order[url]=asc')).toMatchObject({ totalCount: 3, items: [all.items[0]] });
    expect(await listed('perPage=2&page=3')).toMatchObject({ totalCount: 3, items: [] });
    expect(violationsOf(await call(t.app, token, 'GET', '/api/webhooks?order[secret]=asc'))).toEqual({
      order: 'Unrecognized key: "secret"',
    });
  });

  it('refuses bad input with 400 on the field, never 500', async () => {
    const post = (body: unknown) => call(t.app, token, 'POST', '/api/webhooks', body);
    expect(violationsOf(await post({ url, events: [] }))).toEqual({ events: WEBHOOK_NO_EVENTS });
    expect(violationsOf(await post({ url }))).toEqual({ events: 'Required Field' });
    expect(violationsOf(await post({ url: 'ftp://example.com/x', events: ['receipt.created'] }))).toEqual({ url: WEBHOOK_URL_INVALID });
    expect(violationsOf(await post({ url: 'not a url', events: ['receipt.created'] }))).toEqual({ url: WEBHOOK_URL_INVALID });
    expect(violationsOf(await post({ events: ['receipt.created'] }))).toEqual({ url: 'Required Field' });
    const unknown = violationsOf(await post({ url, events: ['receipt.created', 'receipt.eaten'] }));
    expect(Object.keys(unknown)).toEqual(['events[1]']);
    expect(unknown['events[1]']).toMatch(/^Choose among: receipt\.created/);
    expect(violationsOf(await post({ url, events: 'receipt.created' }))).toHaveProperty('events');
    expect(violationsOf(await post({ url, events: ['receipt.created'], active: 'yes' }))).toHaveProperty('active');
    expect((await call(t.app, token, 'PUT', '/api/webhooks/999999', { url, events: ['receipt.created'] })).statusCode).toBe(404);
  });

  it('is for Admins only: a Production user gets 403 on every route', async () => {
    const production = await loginAs(t.app, 'Production');
    const hook = await register(['receipt.created']);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url, events: ['receipt.created'] }],
      ['GET', `/api/webhooks/${hook.id}`],
      ['PUT', `/api/webhooks/${hook.id}`, { url, events: ['receipt.created'] }],
      ['DELETE', `/api/webhooks/${hook.id}`],
      ['POST', `/api/webhooks/${hook.id}/rotate-secret`],
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(t.app, production.token, method as 'GET', path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
  });
});

describe('the address rule', () => {
  it('knows private, loopback and link-local addresses', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fc00::1',
      'fd12::3',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.1.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses a private target at registration without WEBHOOKS_ALLOW_PRIVATE_TARGETS, and when sending', async () => {
    expect(await targetRefusal('http://127.0.0.1:9/x', false)).toBe(WEBHOOK_PRIVATE_TARGET);
    expect(await targetRefusal('http://[::1]/x', false)).toBe(WEBHOOK_PRIVATE_TARGET);
    expect(await targetRefusal('https://192.168.0.10/x', false)).toBe(WEBHOOK_PRIVATE_TARGET);
    // A name resolving to loopback is refused like the address itself.
    expect(await targetRefusal('http://localhost/x', false)).toBe(WEBHOOK_PRIVATE_TARGET);
    expect(await targetRefusal('https://93.184.216.34/x', false)).toBeNull();
    expect(await targetRefusal('http://127.0.0.1/x', true)).toBeNull();

    // At send time the connection's own lookup refuses it (DNS may answer differently by then).
    const byName = await postWebhook(url.replace('127.0.0.1', 'localhost'), {}, '{}', { timeoutMs: 2000, allowPrivate: false });
    expect(byName).toMatchObject({ statusCode: null, error: WEBHOOK_PRIVATE_TARGET });
    const byAddress = await postWebhook(url, {}, '{}', { timeoutMs: 2000, allowPrivate: false });
    expect(byAddress).toMatchObject({ statusCode: null, error: WEBHOOK_PRIVATE_TARGET });
    expect(receiver.received).toHaveLength(0);

    const strict = await buildTestApp({}, { jobTimings: TEST_JOB_TIMINGS });
    try {
      const admin = await adminToken(strict.app);
      const res = await call(strict.app, admin, 'POST', '/api/webhooks', { url, events: ['receipt.created'] });
      expect(violationsOf(res)).toEqual({ url: WEBHOOK_PRIVATE_TARGET });
      const local = await call(strict.app, admin, 'POST', '/api/webhooks', { url: 'http://localhost:8080/', events: ['receipt.created'] });
      expect(violationsOf(local)).toEqual({ url: WEBHOOK_PRIVATE_TARGET });
    } finally {
      await strict.close();
    }
  }, 60_000);
});
