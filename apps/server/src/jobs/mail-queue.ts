/**
 * Honest, durable outgoing mail, sent at most once (docs/decisions/161).
 *
 * A module registers a kind once — `registerMailKind('delivery', { build, onDelivered, onViewed,
 * onFailed })` — and asks for a message inside its own transaction with `enqueueMail(tx, { kind,
 * ref })`: an outgoing_mail row and its job commit with that transaction or not at all. The
 * worker builds the message when it sends (so it carries the data as they are then) and hands it
 * to the SMTP server:
 * - accepted → delivered_at (+ onDelivered, in the same transaction);
 * - refused for good (5xx) → failed_at + the server's answer (+ onFailed); not retried;
 * - server down, timeout, 4xx → retried with backoff (JobQueueTimings); given up after the last
 *   retry → failed_at with the last answer.
 * Never twice: an attempt claims the row (sending_since) before talking to the server and only a
 * settled outcome releases it. A worker that dies in the middle of the SMTP conversation leaves the
 * outcome unknown; that message is not sent again but marked failed with a reason saying so
 * (at most once — staff can resend; a later load of its tracking image proves it arrived after all).
 * Each message has a stable Message-ID (<row id@sender domain>).
 *
 * The tracking image (`GET /api/mail/t/{token}.gif`, mail-tracking.routes.ts) sets viewed_at on its
 * first load (+ onViewed).
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { randomToken } from '../lib/crypto';
import { classifyMailError, type MailAttachment, type Mailer } from '../plugins/mail';
import type { JobAttempt, JobQueue } from './job-queue';
import * as repo from './outgoing-mail.repository';

export type { OutgoingMailRow } from './outgoing-mail.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mail queue (app.ts), for modules wired outside buildApp and for tests. */
    mailQueue: MailQueue;
  }
}

export const MAIL_JOB = 'mail-send';

/** What a kind's builder makes at send time. */
export interface BuiltMail {
  /** Recipients; when omitted, those given to enqueueMail. */
  to?: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailKind {
  /**
   * The message about `ref`, read through `db` when it is sent. `trackingUrl` is the address of the
   * message's read-tracking image (undefined without PUBLIC_URL): put `<img src=… width=1 height=1
   * alt="">` in the html to learn when it is read. Answer null when there is nothing to send any more
   * (the thing is gone): the message is then marked failed with NOTHING_TO_SEND. Throwing is a
   * temporary problem: the send is retried.
   */
  build(db: Db, ref: string, trackingUrl: string | undefined): Promise<BuiltMail | null>;
  /** In the transaction that records the SMTP server's acceptance. */
  onDelivered?(db: Db, ref: string, at: Date): Promise<void>;
  /** In the transaction that records the first load of the tracking image. */
  onViewed?(db: Db, ref: string, at: Date): Promise<void>;
  /** In the transaction that records the failure: refused for good, or given up. */
  onFailed?(db: Db, ref: string, reason: string, at: Date): Promise<void>;
}

export const NOTHING_TO_SEND = 'Nothing to send any more: what the message was about no longer exists.';
export const NO_RECIPIENTS = 'The message has no recipients.';
export const INTERRUPTED = 'Sending was interrupted (the server stopped during the attempt): it may not have arrived. Resend it if needed.';
export const GAVE_UP = 'Gave up after repeated temporary failures; the last answer was:';

const mailJobData = z.object({ mailId: z.uuid() });
/** Tracking tokens are randomToken(32): 43 base64url characters. */
export const TRACKING_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface MailQueueOptions {
  /** PUBLIC_URL: the base of tracking-image links; none → messages carry no tracking image. */
  publicUrl: string | undefined;
  /** MAIL_FROM; its domain ends each Message-ID. */
  from: string;
  log: FastifyBaseLogger;
}

export class MailQueue {
  private readonly kinds = new Map<string, MailKind>();
  private readonly messageIdDomain: string;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly options: MailQueueOptions,
  ) {
    this.messageIdDomain = /@([A-Za-z0-9.-]+)/.exec(options.from)?.[1] ?? 'coolerhub.local';
    jobs.define(MAIL_JOB, { handler: (data, attempt) => this.deliver(data, attempt) });
  }

  /** Before the app starts; one builder per kind. */
  registerMailKind(kind: string, definition: MailKind): void {
    if (this.kinds.has(kind)) throw new Error(`mail kind ${kind} registered twice`);
    this.kinds.set(kind, definition);
  }

  /**
   * Queues a message about `ref` inside the caller's transaction `tx`: nothing is sent unless it
   * commits. Each call is a new message (a resend is another call).
   */
  async enqueueMail(tx: Db, mail: { kind: string; ref: string; recipients?: string[] }): Promise<repo.OutgoingMailRow> {
    if (!this.kinds.has(mail.kind)) throw new Error(`mail kind ${mail.kind} is not registered`);
    const row = await repo.insertMail(tx, {
      kind: mail.kind,
      ref: mail.ref,
      recipients: mail.recipients ?? [],
      trackingToken: randomToken(32),
    });
    await this.jobs.enqueue(tx, MAIL_JOB, { mailId: row.id });
    return row;
  }

  /** The newest message about `ref` (for a status). */
  latestMail(db: Db, kind: string, ref: string): Promise<repo.OutgoingMailRow | undefined> {
    return repo.latestMail(db, kind, ref);
  }

  trackingUrl(token: string): string | undefined {
    return this.options.publicUrl ? `${this.options.publicUrl}/api/mail/t/${token}.gif` : undefined;
  }

  /** The tracking image was loaded: viewed_at on the first load (+ onViewed). False for any other. */
  async markViewed(token: string): Promise<boolean> {
    if (!TRACKING_TOKEN.test(token)) return false;
    return this.db.transaction(async (tx) => {
      const viewed = await repo.markViewed(tx, token);
      if (!viewed) return false;
      const kind = this.kinds.get(viewed.before.kind);
      if (!viewed.before.deliveredAt) await kind?.onDelivered?.(tx, viewed.before.ref, viewed.at);
      await kind?.onViewed?.(tx, viewed.before.ref, viewed.at);
      return true;
    });
  }

  /** The mail job: one attempt at one message. */
  private async deliver(data: unknown, attempt: JobAttempt): Promise<void> {
    const parsed = mailJobData.safeParse(data);
    if (!parsed.success) {
      this.options.log.error({ data }, 'mail job with unusable data dropped');
      return;
    }
    const row = await repo.findMail(this.db, parsed.data.mailId);
    if (!row || row.deliveredAt || row.failedAt) return; // settled already: never twice
    const log = this.options.log.child({ mailId: row.id, kind: row.kind, ref: row.ref });

    if (row.sendingSince) {
      // An earlier attempt started talking to the server and never said how it ended.
      if (attempt.lastAttempt || (await repo.attemptAbandoned(this.db, row.id, this.jobs.timings.expireInSeconds))) {
        log.error('mail attempt interrupted; marked failed, not sent again');
        await this.settleFailed(row, INTERRUPTED);
        return;
      }
      throw new Error('an earlier attempt at this message may still be running');
    }

    const kind = this.kinds.get(row.kind);
    if (!kind) {
      // Another instance (a newer version) may know it; give up only at the end.
      if (attempt.lastAttempt) await this.settleFailed(row, `No sender knows messages of kind "${row.kind}".`);
      else throw new Error(`mail kind ${row.kind} is not registered here`);
      return;
    }

    let built: BuiltMail | null;
    try {
      built = await kind.build(this.db, row.ref, this.trackingUrl(row.trackingToken));
    } catch (err) {
      const reason = `The message could not be prepared: ${err instanceof Error ? err.message : String(err)}`;
      if (attempt.lastAttempt) {
        await this.settleFailed(row, reason);
        return;
      }
      await repo.noteError(this.db, row.id, reason);
      throw err;
    }
    if (!built) {
      await this.settleFailed(row, NOTHING_TO_SEND);
      return;
    }
    const to = [...new Set((built.to === undefined ? row.recipients : [built.to].flat()).map((a) => a.trim()).filter(Boolean))];
    if (to.length === 0) {
      await this.settleFailed(row, NO_RECIPIENTS);
      return;
    }

    if (!(await repo.claimForSending(this.db, row.id))) return; // another worker got here first
    let sent;
    try {
      sent = await this.mailer.send({
        to,
        subject: built.subject,
        text: built.text,
        html: built.html,
        ...(built.attachments ? { attachments: built.attachments } : {}),
        messageId: `<${row.id}@${this.messageIdDomain}>`,
      });
    } catch (err) {
      const { permanent, reason } = classifyMailError(err);
      if (permanent || attempt.lastAttempt) {
        log.warn({ reason, permanent }, 'mail failed for good');
        await this.settleFailed(row, permanent ? reason : `${GAVE_UP} ${reason}`);
        return;
      }
      log.warn({ reason, retry: attempt.retryCount + 1 }, 'mail not sent yet; will retry');
      await repo.releaseClaim(this.db, row.id, reason);
      throw new Error(reason);
    }

    const refused = sent.rejected.map((r) => `${r.address}: ${r.reason}`).join('; ');
    await this.persist(log, () =>
      this.db.transaction(async (tx) => {
        const at = await repo.markDelivered(tx, row.id, to, refused ? `Refused for ${refused}` : null);
        if (at) await kind.onDelivered?.(tx, row.ref, at);
      }),
    );
  }

  private async settleFailed(row: repo.OutgoingMailRow, reason: string): Promise<void> {
    const kind = this.kinds.get(row.kind);
    await this.db.transaction(async (tx) => {
      const at = await repo.markFailed(tx, row.id, reason);
      if (at) await kind?.onFailed?.(tx, row.ref, reason, at);
    });
  }

  /**
   * The server has the message: recording that must not turn into a resend, so a database hiccup
   * here is retried in place rather than by the job (whose retry would find the claim and stop).
   */
  private async persist(log: FastifyBaseLogger, write: () => Promise<void>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        await write();
        return;
      } catch (err) {
        if (i >= 4) {
          log.error({ err }, 'mail sent but its delivery could not be recorded');
          throw err;
        }
        await new Promise((r) => setTimeout(r, 200 * 2 ** i));
      }
    }
  }
}
