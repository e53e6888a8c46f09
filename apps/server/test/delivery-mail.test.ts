/**
 * An approved note's e-mail through the durable queue to a real SMTP server:
 * approval sends it once with the PDF and the CSV attached; its tracking image turns the status to
 * Read; a permanent refusal turns it to Failed with the server's words (never Sent); approving
 * again sends nothing more; resend queues one more message; a refused approval queues none.
 */
import { parse } from 'csv-parse/sync';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import { readPdfText } from '@cooler-hub/process-kit/pdf';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { call } from './factories';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { adminToken, buildTestApp, json, waitFor, type TestApp } from './helpers';
import { TEST_JOB_TIMINGS, waitForIdleQueue } from './jobs';

const PUBLIC_URL = 'https://hub.example.test';

let smtp: SmtpSink;
let t: TestApp;
let token: string;
let f: DeliveryFixtures;
beforeAll(async () => {
  smtp = await startSmtpSink({
    refuse: (address) =>
      address.startsWith('bounce') ? { code: 550, message: '5.1.1 <' + address + '>: Mailbox unavailable' } : undefined,
  });
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }, { jobTimings: TEST_JOB_TIMINGS });
  token = await adminToken(t.app);
  f = await deliveryFixtures(t.app, token);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string) => call(t.app, token, method, url);
const note = async (id: number) => json<Delivery>(await api('GET', `/api/deliveries/${id}`));
const inbox = (to: string): Email[] => smtp.messages.filter((m) => m.to?.some((a) => a.address === to));

describe('approval e-mails the note', () => {
  it('arrives once with the PDF and the CSV of the note; its image turns Sent into Read', async () => {
    const to = (await f.email('buyer.one@example.com')).id;
    const lbs = await f.lbs(3);
    const created = await f.note({ emails: [to], lbNumbers: lbs });
    expect(created.emailStatus).toBe('N/A');

    expect((await api('POST', `/api/deliveries/${created.id}/approve`)).statusCode).toBe(200);
    const [mail] = await waitFor(() => (inbox('buyer.one@example.com').length ? inbox('buyer.one@example.com') : undefined), 15_000);
    const pdf = mail!.attachments.find((a) => a.mimeType === 'application/pdf');
    const csv = mail!.attachments.find((a) => a.mimeType.startsWith('text/csv'));
    expect(pdf?.filename).toMatch(/\.pdf$/);
    expect(csv?.filename).toMatch(/\.csv$/);
    const pages = await readPdfText(Buffer.from(pdf!.content as ArrayBuffer));
    for (const lb of lbs) expect(pages.join(' ')).toContain(lb);
    const rows: string[][] = parse(
      Buffer.from(csv!.content as ArrayBuffer)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
    expect(rows.flat()).toEqual(expect.arrayContaining(lbs));

    const sent = await waitFor(async () => ((await note(created.id)).emailStatus === 'Sent' ? note(created.id) : undefined));
    expect(sent.emailDeliveredAt).not.toBeNull();

    // A second approval changes nothing and sends nothing.
    expect((await api('POST', `/api/deliveries/${created.id}/approve`)).statusCode).toBe(200);
    await waitForIdleQueue(t.database.db);
    expect(inbox('buyer.one@example.com')).toHaveLength(1);

    // The mail client loads the tracking image (public, no token).
    const src = /<img src="([^"]+)"/.exec(mail!.html ?? '')?.[1];
    expect(src?.startsWith(`${PUBLIC_URL}/api/mail/t/`)).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: src!.slice(PUBLIC_URL.length) });
    expect(image.statusCode).toBe(200);
    expect((await note(created.id)).emailStatus).toBe('Read');
  });

  it('a permanent refusal reads Failed with the server’s reason, never Sent; resend queues one more', async () => {
    const to = (await f.email('bounce.desk@example.com')).id;
    const created = await f.note({ emails: [to] });
    expect((await api('POST', `/api/deliveries/${created.id}/approve`)).statusCode).toBe(200);
    const failed = await waitFor(async () => {
      const n = await note(created.id);
      return n.emailStatus === 'Failed' ? n : undefined;
    }, 15_000);
    expect(failed.emailFailureReason).toMatch(/550|Mailbox unavailable/);
    expect(failed.emailDeliveredAt).toBeNull();

    const before = smtp.messages.length;
    expect((await api('PUT', `/api/deliveries/${created.id}/resend`)).statusCode).toBe(200);
    await waitForIdleQueue(t.database.db);
    expect(smtp.messages.length).toBe(before); // refused again: nothing accepted
    expect((await note(created.id)).emailStatus).toBe('Failed');
  });

  it('a pending note cannot be resent, and nothing is queued for it', async () => {
    const to = (await f.email('pending.desk@example.com')).id;
    const created = await f.note({ emails: [to] });
    expect((await api('PUT', `/api/deliveries/${created.id}/resend`)).statusCode).toBe(400);
    await waitForIdleQueue(t.database.db);
    expect(inbox('pending.desk@example.com')).toHaveLength(0);
  });
});
