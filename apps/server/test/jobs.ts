/** Helpers for tests of the job queue and the mail it sends (src/jobs). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailStatusOf, type EmailStatus } from '@cooler-hub/contract/deliveries';
import type { Db } from '../src/db/client';
import { outgoingMail } from '../src/db/schema';
import type { JobQueueTimings } from '../src/jobs/job-queue';
import type { OutgoingMailRow } from '../src/jobs/mail-queue';
import { waitFor } from './helpers';

/** Jobs not yet finished: queued, waiting for a retry, or running. */
export async function unfinishedJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`pgboss.job`)
    .where(sql`state in ('created', 'retry', 'active')`);
  return row?.n ?? 0;
}

/** Resolves once every job has finished (a retry waiting for its time counts as unfinished). */
export async function waitForIdleQueue(db: Db, timeoutMs = 10_000): Promise<void> {
  await waitFor(async () => ((await unfinishedJobs(db)) === 0 ? true : undefined), timeoutMs);
}

/** Fast retries for tests: about a second between attempts, four attempts in all. */
export const TEST_JOB_TIMINGS: Partial<JobQueueTimings> = {
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 1,
  retryLimit: 3,
};

export const TEST_MAIL_KIND = 'test';

export interface TestMailEvents {
  delivered: string[];
  viewed: string[];
  failed: { ref: string; reason: string }[];
  /** How often each ref's message was built. */
  built: Map<string, number>;
}

/**
 * Registers the 'test' mail kind on `app`: the message for ref R has subject `Test R`, a CSV
 * attachment and, when there is one, the tracking image; `gone:`-prefixed refs have nothing to
 * send. The callbacks are recorded in the events answered (shared when several apps are given).
 */
export function registerTestMailKind(apps: FastifyInstance[], events?: TestMailEvents): TestMailEvents {
  const recorded = events ?? { delivered: [], viewed: [], failed: [], built: new Map<string, number>() };
  for (const app of apps) {
    app.mailQueue.registerMailKind(TEST_MAIL_KIND, {
      async build(_db, ref, trackingUrl) {
        recorded.built.set(ref, (recorded.built.get(ref) ?? 0) + 1);
        if (ref.startsWith('gone:')) return null;
        const image = trackingUrl ? `<img src="${trackingUrl}" width="1" height="1" alt="">` : '';
        return {
          subject: `Test ${ref}`,
          text: `Message about ${ref}`,
          html: `<p>Message about ${ref}</p>${image}`,
          attachments: [{ filename: `${ref}.csv`, content: `ref\n${ref}\n`, contentType: 'text/csv' }],
        };
      },
      async onDelivered(_db, ref) {
        recorded.delivered.push(ref);
      },
      async onViewed(_db, ref) {
        recorded.viewed.push(ref);
      },
      async onFailed(_db, ref, reason) {
        recorded.failed.push({ ref, reason });
      },
    });
  }
  return recorded;
}

/** Queues a 'test' message in a transaction of its own; answers its row. */
export function queueTestMail(app: FastifyInstance, db: Db, ref: string, recipients: string[]): Promise<OutgoingMailRow> {
  return db.transaction((tx) => app.mailQueue.enqueueMail(tx, { kind: TEST_MAIL_KIND, ref, recipients }));
}

export async function mailRow(db: Db, id: string): Promise<OutgoingMailRow> {
  const [row] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, id));
  if (!row) throw new Error(`no outgoing_mail row ${id}`);
  return row;
}

/** Waits until the message is delivered or failed for good. */
export async function waitForSettled(db: Db, id: string, timeoutMs = 15_000): Promise<OutgoingMailRow> {
  return waitFor(async () => {
    const row = await mailRow(db, id);
    return row.deliveredAt || row.failedAt ? row : undefined;
  }, timeoutMs);
}

/**
 * A message's row read as the lists read a note's e-mail: the product's one derivation
 * (emailStatusOf), fed the row's outcome the way the worker copies it onto the note (decision 186).
 */
export function emailStatusOfMail(row: Pick<OutgoingMailRow, 'deliveredAt' | 'viewedAt' | 'failedAt'>): EmailStatus {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return emailStatusOf({ emailDeliveredAt: iso(row.deliveredAt), emailViewedAt: iso(row.viewedAt), emailFailedAt: iso(row.failedAt) });
}
