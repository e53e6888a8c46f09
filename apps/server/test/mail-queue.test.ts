/**
 * The mail queue against a real SMTP server (smtp-server): a queued message arrives once, with its
 * attachment and tracking image; a rolled-back transaction sends nothing; a 5xx fails it for good
 * with the server's answer; a 4xx is retried; the tracking image marks it read once; a message is
 * never handed to the server twice. (Server down, restarts, several instances: mail-queue-outage.)
 */
import { eq, sql } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { outgoingMail } from '../src/db/schema';
import { INTERRUPTED, MAIL_JOB, NOTHING_TO_SEND } from '../src/jobs/mail-queue';
import { TRACKING_GIF } from '../src/jobs/mail-tracking.routes';
import { buildTestApp, type TestApp } from './helpers';
import {
  emailStatusOfMail,
  mailRow,
  queueTestMail,
  registerTestMailKind,
  TEST_JOB_TIMINGS,
  waitForIdleQueue,
  waitForSettled,
  type TestMailEvents,
} from './jobs';

const PUBLIC_URL = 'https://hub.example.test';
/** RCPT TO answers per address: 'bounce…' always 550; 'later…' 451 on its first try only. */
const tries = new Map<string, number>();

let smtp: SmtpSink;
let t: TestApp;
let events: TestMailEvents;
beforeAll(async () => {
  smtp = await startSmtpSink({
    refuse(address) {
      const n = (tries.get(address) ?? 0) + 1;
      tries.set(address, n);
      if (address.startsWith('bounce')) return { code: 550, message: '5.1.1 <' + address + '>: Mailbox unavailable' };
      if (address.startsWith('later') && n === 1) return { code: 451, message: '4.7.1 Greylisted, try again later' };
      return undefined;
    },
  });
  t = await buildTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Cooler Hub <no-reply@coolerhub.test>', PUBLIC_URL },
    { jobTimings: TEST_JOB_TIMINGS },
  );
  events = registerTestMailKind([t.app]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.database.db;
const received = (to: string): Email[] => smtp.messages.filter((m) => m.to?.some((a) => a.address === to));
const trackingPath = (email: Email) => {
  const src = /<img src="([^"]+)"/.exec(email.html ?? '')?.[1];
  if (!src?.startsWith(`${PUBLIC_URL}/`)) throw new Error(`no tracking image in ${email.html}`);
  return src.slice(PUBLIC_URL.length);
};

describe('mail queue', () => {
  it('sends a queued message once: attachment, stable Message-ID, delivered_at and onDelivered', async () => {
    const row = await queueTestMail(t.app, db(), 'first', ['first@example.com']);
    expect(row).toMatchObject({ kind: 'test', ref: 'first', recipients: ['first@example.com'], deliveredAt: null });
    expect(row.trackingToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const email = await smtp.waitForMessage('first@example.com');
    expect(email.subject).toBe('Test first');
    expect(email.from?.address).toBe('no-reply@coolerhub.test');
    expect(email.messageId).toBe(`<${row.id}@coolerhub.test>`);
    expect(email.attachments.map((a) => [a.filename, a.mimeType])).toEqual([['first.csv', 'text/csv']]);
    expect(Buffer.from(email.attachments[0]!.content as ArrayBuffer).toString()).toBe('ref\nfirst\n');
    expect(email.html).toContain(`${PUBLIC_URL}/api/mail/t/${row.trackingToken}.gif`);

    const settled = await waitForSettled(db(), row.id);
    expect(settled).toMatchObject({ attempts: 1, failedAt: null, failureReason: null, sendingSince: null, viewedAt: null });
    expect(settled.deliveredAt).toBeInstanceOf(Date);
    expect(events.delivered).toContain('first');
    expect(emailStatusOfMail(settled)).toBe('Sent');
    expect(emailStatusOfMail(row)).toBe('N/A');
    await waitForIdleQueue(db());
    expect(received('first@example.com')).toHaveLength(1);
  });

  it('a message queued in a transaction that rolls back is never written nor sent', async () => {
    const rolledBack = db().transaction(async (tx) => {
      await t.app.mailQueue.enqueueMail(tx, { kind: 'test', ref: 'rolled-back', recipients: ['rolled-back@example.com'] });
      throw new Error('the caller failed after queueing');
    });
    await expect(rolledBack).rejects.toThrow('the caller failed after queueing');
    // A message queued after it goes out, and the queue then has nothing left: the first never existed.
    await queueTestMail(t.app, db(), 'after-rollback', ['after-rollback@example.com']);
    await smtp.waitForMessage('after-rollback@example.com');
    await waitForIdleQueue(db());
    expect(await db().select().from(outgoingMail).where(eq(outgoingMail.ref, 'rolled-back'))).toEqual([]);
    expect(events.built.has('rolled-back')).toBe(false);
    expect(received('rolled-back@example.com')).toEqual([]);
  });

  it("a permanent refusal (550) fails it for good with the server's reason, without a retry", async () => {
    const row = await queueTestMail(t.app, db(), 'bounced', ['bounce@example.com']);
    const settled = await waitForSettled(db(), row.id);
    expect(settled.deliveredAt).toBeNull();
    expect(settled.failedAt).toBeInstanceOf(Date);
    expect(settled.failureReason).toMatch(/^550 5\.1\.1 <bounce@example\.com>: Mailbox unavailable/);
    expect(events.failed).toContainEqual({ ref: 'bounced', reason: settled.failureReason });
    expect(emailStatusOfMail(settled)).toBe('Failed');
    await waitForIdleQueue(db());
    expect((await mailRow(db(), row.id)).attempts).toBe(1);
    expect(tries.get('bounce@example.com')).toBe(1);
    expect(received('bounce@example.com')).toEqual([]);
  });

  it('a temporary refusal (451) is retried and the message then arrives once', async () => {
    const row = await queueTestMail(t.app, db(), 'greylisted', ['later@example.com']);
    const settled = await waitForSettled(db(), row.id);
    expect(settled).toMatchObject({ attempts: 2, failedAt: null, failureReason: null, lastError: null });
    expect(settled.deliveredAt).toBeInstanceOf(Date);
    await waitForIdleQueue(db());
    expect(received('later@example.com')).toHaveLength(1);
  });

  it('accepted for some recipients and refused for others: delivered, the refusal kept', async () => {
    const row = await queueTestMail(t.app, db(), 'partly', ['partly@example.com', 'bounce-partly@example.com']);
    const settled = await waitForSettled(db(), row.id);
    expect(settled.deliveredAt).toBeInstanceOf(Date);
    expect(settled.failedAt).toBeNull();
    expect(settled.failureReason).toMatch(/^Refused for bounce-partly@example\.com: 550 /);
    expect(received('partly@example.com')).toHaveLength(1);
  });

  it('the tracking image marks the message read on its first load only; any other token gets the same image', async () => {
    const row = await queueTestMail(t.app, db(), 'tracked', ['tracked@example.com']);
    const path = trackingPath(await smtp.waitForMessage('tracked@example.com'));
    await waitForSettled(db(), row.id);

    // A HEAD (a link checker) does not count.
    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect((await mailRow(db(), row.id)).viewedAt).toBeNull();

    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/gif');
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.rawPayload.equals(TRACKING_GIF)).toBe(true);
    const viewed = (await mailRow(db(), row.id)).viewedAt;
    expect(viewed).toBeInstanceOf(Date);
    expect(emailStatusOfMail(await mailRow(db(), row.id))).toBe('Read');
    expect(events.viewed.filter((r) => r === 'tracked')).toHaveLength(1);

    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.rawPayload.equals(TRACKING_GIF)).toBe(true);
    expect((await mailRow(db(), row.id)).viewedAt).toEqual(viewed);
    expect(events.viewed.filter((r) => r === 'tracked')).toHaveLength(1);

    for (const url of ['/api/mail/t/not-a-token.gif', `/api/mail/t/${'A'.repeat(43)}.gif`]) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(200);
      expect(other.rawPayload.equals(TRACKING_GIF)).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: path.replace(/\.gif$/, '.png') })).statusCode).toBe(404);
  });

  it('never sends one message twice: a second job for a delivered message does nothing', async () => {
    const row = await queueTestMail(t.app, db(), 'once', ['once@example.com']);
    await waitForSettled(db(), row.id);
    const builds = events.built.get('once');
    await db().transaction((tx) => t.app.jobQueue.enqueue(tx, MAIL_JOB, { mailId: row.id }));
    await waitForIdleQueue(db());
    expect(events.built.get('once')).toBe(builds);
    expect(received('once@example.com')).toHaveLength(1);
    expect((await mailRow(db(), row.id)).attempts).toBe(1);
  });

  it('an attempt cut short (its worker died mid-send) is not repeated: failed as unknown; a read then proves it arrived', async () => {
    const row = await db().transaction(async (tx) => {
      const queued = await t.app.mailQueue.enqueueMail(tx, { kind: 'test', ref: 'cut-short', recipients: ['cut-short@example.com'] });
      // As left by an instance that died talking to the SMTP server an hour ago.
      await tx
        .update(outgoingMail)
        .set({ sendingSince: sql`now() - interval '1 hour'`, attempts: 1 })
        .where(eq(outgoingMail.id, queued.id));
      return queued;
    });
    const settled = await waitForSettled(db(), row.id);
    expect(settled).toMatchObject({ deliveredAt: null, failureReason: INTERRUPTED, attempts: 1, sendingSince: null });
    await waitForIdleQueue(db());
    expect(received('cut-short@example.com')).toEqual([]);

    await t.app.inject({ method: 'GET', url: `/api/mail/t/${row.trackingToken}.gif` });
    const read = await mailRow(db(), row.id);
    expect(read).toMatchObject({ failedAt: null, failureReason: null });
    expect(read.deliveredAt).toBeInstanceOf(Date);
    expect(read.viewedAt).toBeInstanceOf(Date);
    expect(events.delivered).toContain('cut-short');
  });

  it('a message whose subject is gone is failed as nothing to send', async () => {
    const row = await queueTestMail(t.app, db(), 'gone:42', ['gone@example.com']);
    expect(await waitForSettled(db(), row.id)).toMatchObject({ failureReason: NOTHING_TO_SEND, attempts: 0 });
    expect(received('gone@example.com')).toEqual([]);
  });

  it('the newest message about a ref (password recovery asks whether one was queued)', async () => {
    const older = await queueTestMail(t.app, db(), 'resent', ['resent@example.com']);
    const newer = await queueTestMail(t.app, db(), 'resent', ['resent@example.com']);
    expect((await t.app.mailQueue.latestMail(db(), 'test', 'resent'))?.id).toBe(newer.id);
    expect(await t.app.mailQueue.latestMail(db(), 'test', 'nothing-here')).toBeUndefined();
    expect(older.id).not.toBe(newer.id);
    await waitForIdleQueue(db());
  });
});
