/**
 * Webhooks (docs/decisions/280). `emit(tx, event, data)` is the one call the other services make, in
 * the transaction of the change: for each active webhook that wants the event it writes a delivery
 * (its id, the body `{ id, event, occurredAt, data }`) and queues its job in that transaction, so
 * nothing is sent unless the change commits; with no such webhook it writes nothing.
 *
 * The job (WEBHOOK_JOB) claims the delivery, POSTs the stored body freshly signed (signature.ts) and
 * logs the attempt: a 2xx settles it as delivered; any other answer, a timeout or a network error is
 * retried with the queue's backoff (about a day), and after the last retry it is failed. A receiver
 * may see a delivery more than once (a sender that died mid-request, 'Send again'): it dedupes on the id.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  TOO_MANY_WEBHOOKS,
  WEBHOOK_HEADERS,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDetail,
  type WebhookEvent,
  type WebhookList,
  type WebhookListQuery,
  type WebhookValues,
} from '@cooler-hub/contract/webhooks';
import type { Db } from '../../db/client';
import type { JobAttempt, JobQueue } from '../../jobs/job-queue';
import { DomainError, FieldError, NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import * as repo from './webhooks.repository';
import { postWebhook, targetRefusal } from './sender';
import { newWebhookSecret, signatureHeader } from './signature';

export const WEBHOOK_JOB = 'webhook-send';
/** Deliveries sent side by side per instance: a backlog of slow receivers cannot take every connection. */
export const WEBHOOK_CONCURRENCY = 8;

const jobData = z.object({ deliveryId: z.uuid() });

/**
 * What the services are given: the data (the object as the API answers it) is read only when some
 * webhook wants the event; null means the thing is gone and there is nothing to tell.
 */
export interface WebhookEmitter {
  emit(tx: Db, event: WebhookEvent, data: () => Promise<object | null> | object | null): Promise<void>;
}

/** For services built without webhooks (tests, tools): emits nothing. */
export const NO_WEBHOOKS: WebhookEmitter = { emit: async () => {} };

export interface WebhooksOptions {
  /** WEBHOOK_TIMEOUT_MS: a POST not answered by then is cut. */
  timeoutMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: private and loopback targets allowed. */
  allowPrivateTargets: boolean;
  log: FastifyBaseLogger;
}

const iso = (d: Date) => d.toISOString();

function toWebhook(hook: repo.WebhookItem, last: repo.LastDelivery | undefined): Webhook {
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events,
    active: hook.active,
    createdAt: hook.createdAt,
    updatedAt: hook.updatedAt,
    lastDelivery: last ? { status: last.status, createdAt: last.createdAt } : null,
  };
}

function toDelivery(delivery: repo.DeliveryItem, attempts: repo.AttemptRow[]): WebhookDelivery {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    createdAt: delivery.createdAt,
    settledAt: delivery.settledAt,
    attempts: attempts.map((a) => ({
      number: a.number,
      at: iso(a.at),
      statusCode: a.statusCode,
      error: a.error,
      durationMs: a.durationMs,
    })),
  };
}

export class WebhooksService implements WebhookEmitter {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly options: WebhooksOptions,
  ) {
    jobs.define(WEBHOOK_JOB, { handler: (data, attempt) => this.deliver(data, attempt), concurrency: WEBHOOK_CONCURRENCY });
  }

  async emit(tx: Db, event: WebhookEvent, data: () => Promise<object | null> | object | null): Promise<void> {
    const targets = await repo.subscribers(tx, event);
    if (targets.length === 0) return;
    const occurredAt = new Date().toISOString();
    const payload = await data();
    if (payload === null) return;
    const rows = targets.map((t) => {
      const id = randomUUID();
      return { id, webhookId: t.id, event, body: JSON.stringify({ id, event, occurredAt, data: payload }) };
    });
    await repo.insertDeliveries(tx, rows);
    // One after another: a transaction is one connection, which runs one statement at a time.
    for (const row of rows) await this.jobs.enqueue(tx, WEBHOOK_JOB, { deliveryId: row.id });
  }

  async list(query: WebhookListQuery): Promise<WebhookList> {
    const { rows, total } = await repo.listWebhooks(this.db, query);
    const last = await repo.lastDeliveries(
      this.db,
      rows.map((r) => r.id),
    );
    return listResponseOf(
      query,
      rows.map((r) => toWebhook(r, last.get(r.id))),
      total,
    );
  }

  async get(id: number, db: Db = this.db): Promise<WebhookDetail> {
    const hook = await repo.findWebhook(db, id);
    if (!hook) throw new NotFoundError();
    const last = await repo.lastDeliveries(db, [id]);
    return { ...toWebhook(hook, last.get(id)), secret: hook.secret };
  }

  async create(values: WebhookValues): Promise<WebhookDetail> {
    await this.assertTarget(values.url);
    return this.db.transaction(async (tx) => {
      if ((await repo.countWebhooks(tx)) >= WEBHOOKS_MAX) throw new DomainError(TOO_MANY_WEBHOOKS);
      const row = await repo.insertWebhook(tx, { ...values, secret: newWebhookSecret() });
      return this.get(row.id, tx);
    });
  }

  async update(id: number, values: WebhookValues): Promise<WebhookDetail> {
    await this.assertTarget(values.url);
    if (!(await repo.updateWebhook(this.db, id, values))) throw new NotFoundError();
    return this.get(id);
  }

  /** A new secret; deliveries signed from now on use it (the old one stops working at once). */
  async rotateSecret(id: number): Promise<WebhookDetail> {
    if (!(await repo.updateWebhook(this.db, id, { secret: newWebhookSecret() }))) throw new NotFoundError();
    return this.get(id);
  }

  /** Deletes the webhook with its deliveries and attempts; queued jobs find nothing and stop. */
  async remove(id: number): Promise<void> {
    if (!(await repo.deleteWebhook(this.db, id))) throw new NotFoundError();
  }

  async deliveries(id: number, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryList> {
    if (!(await repo.findWebhook(this.db, id))) throw new NotFoundError();
    const { rows, total } = await repo.listDeliveries(this.db, id, query);
    const attempts = await repo.attemptsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return listResponseOf(
      query,
      rows.map((r) =>
        toDelivery(
          r,
          attempts.filter((a) => a.deliveryId === r.id),
        ),
      ),
      total,
    );
  }

  /** 'Send again': a new attempt at the same delivery — same id and body, signed afresh — from the queue. */
  redeliver(webhookId: number, deliveryId: string): Promise<WebhookDelivery> {
    return this.db.transaction(async (tx) => {
      const row = await repo.reopen(tx, webhookId, deliveryId);
      if (!row) throw new NotFoundError();
      await this.jobs.enqueue(tx, WEBHOOK_JOB, { deliveryId });
      return toDelivery(row, await repo.attemptsOf(tx, [deliveryId]));
    });
  }

  /** A private or loopback target is refused on the url field, unless allowed (sender.ts). */
  private async assertTarget(url: string): Promise<void> {
    const refusal = await targetRefusal(url, this.options.allowPrivateTargets);
    if (refusal) throw new FieldError('url', refusal);
  }

  /** The job: one attempt at one delivery. */
  private async deliver(data: unknown, attempt: JobAttempt): Promise<void> {
    const parsed = jobData.safeParse(data);
    if (!parsed.success) {
      this.options.log.error({ data }, 'webhook job with unusable data dropped');
      return;
    }
    const id = parsed.data.deliveryId;
    const row = await repo.findDelivery(this.db, id);
    if (!row || row.status !== 'pending') return; // deleted, or settled already
    const hook = await repo.findWebhook(this.db, row.webhookId);
    if (!hook) return;
    if (!(await repo.claim(this.db, id, this.jobs.timings.expireInSeconds))) {
      throw new Error('another attempt at this delivery is under way');
    }
    const startedAt = new Date();
    const outcome = await postWebhook(
      hook.url,
      {
        'Content-Type': 'application/json',
        [WEBHOOK_HEADERS.event]: row.event,
        [WEBHOOK_HEADERS.delivery]: row.id,
        [WEBHOOK_HEADERS.signature]: signatureHeader(hook.secret, row.body),
      },
      row.body,
      { timeoutMs: this.options.timeoutMs, allowPrivate: this.options.allowPrivateTargets },
    );
    const delivered = outcome.error === null;
    const settle = delivered ? 'delivered' : attempt.lastAttempt ? 'failed' : 'retry';
    await repo.recordAttempt(this.db, id, { ...outcome, startedAt }, settle);
    if (settle === 'retry') {
      this.options.log.warn({ deliveryId: id, webhookId: hook.id, reason: outcome.error }, 'webhook not delivered yet; will retry');
      throw new Error(outcome.error ?? 'not delivered');
    }
  }
}
