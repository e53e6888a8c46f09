/** SQL of webhooks, their deliveries and attempts (docs/decisions/280). Times come from the database clock. */
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  Webhook,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookEvent,
  WebhookListQuery,
  WebhookValues,
} from '@cooler-hub/contract/webhooks';
import type { Db } from '../../db/client';
import { aliased, equalsFilter, isoTime, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { idsForPlan, NIL_UUID, preparedPerDb } from '../../db/rows';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
/** A webhook as the API answers it, but for its last delivery. */
export type WebhookItem = Omit<Webhook, 'lastDelivery'>;
/** A webhook's newest delivery as the API answers it. */
export type LastDelivery = NonNullable<Webhook['lastDelivery']>;
/** A delivery as the API answers it, but for its attempts. */
export type DeliveryItem = Omit<WebhookDelivery, 'attempts'>;

export async function countWebhooks(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhooks);
  return row?.n ?? 0;
}

/** A webhook's own columns as `WebhookItem` names them, the times as the API writes them (isoTime). */
const webhookColumns = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  active: webhooks.active,
  createdAt: isoTime(webhooks.createdAt),
  updatedAt: isoTime(webhooks.updatedAt),
};
type WebhookItemRow = Omit<WebhookItem, 'events'> & { events: string[] };

/** A row of `webhookColumns` as the API's webhook without its last delivery, every field named (docs/decisions/259). */
function webhookItemOf(row: WebhookItemRow): WebhookItem {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    active: row.active,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The webhooks, newest first by default; ties the last registered first, whichever the direction. No
 * list version follows webhooks, so the total is counted when a page needs it.
 */
const listedWebhooks: ListDefinition<WebhookListQuery, WebhookItemRow, WebhookItem> = {
  name: 'webhooks',
  columns: aliased(webhookColumns),
  from: sql`${webhooks}`,
  countFrom: sql`${webhooks}`,
  filters: {},
  sorts: { createdAt: { by: webhooks.createdAt }, url: { by: webhooks.url } },
  sortOf: sortOfOrder('createdAt', 'desc'),
  tieBreak: webhooks.id,
  tieBreakDirection: 'desc',
  item: webhookItemOf,
};

export function listWebhooks(db: Db, query: WebhookListQuery): Promise<{ rows: WebhookItem[]; total: number }> {
  return listPage(db, listedWebhooks, query);
}

/** A webhook and its secret by id, prepared once per database handle: the deliveries list asks it on every call. */
const webhookById = preparedPerDb((db) =>
  db
    .select({ ...webhookColumns, secret: webhooks.secret })
    .from(webhooks)
    .where(eq(webhooks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('webhook_by_id'),
);

export async function findWebhook(db: Db, id: number): Promise<(WebhookItem & { secret: string }) | undefined> {
  const [row] = await webhookById(db).execute({ id });
  return row && { ...webhookItemOf(row), secret: row.secret };
}

/** One text whatever the number of ids (idsForPlan pads them with 0, which no serial id is), prepared once per database handle. */
const lastDeliveriesOfIds = preparedPerDb((db) =>
  db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      status: webhookDeliveries.status,
      createdAt: isoTime(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.webhookId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt))
    .prepare('webhook_last_deliveries'),
);

/** The newest delivery of each of these webhooks. */
export async function lastDeliveries(db: Db, ids: number[]): Promise<Map<number, LastDelivery>> {
  if (ids.length === 0) return new Map();
  const rows = await lastDeliveriesOfIds(db).execute({ ids: idsForPlan(ids, 0) });
  return new Map(rows.map((r) => [r.webhookId, { status: r.status, createdAt: r.createdAt }]));
}

export async function insertWebhook(db: Db, values: WebhookValues & { secret: string }): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function updateWebhook(
  db: Db,
  id: number,
  values: Partial<WebhookValues & { secret: string }>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(webhooks.id, id))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The active webhooks that want `event` (the emit's one read; none → nothing is written). */
export async function subscribers(db: Db, event: WebhookEvent): Promise<Pick<WebhookRow, 'id'>[]> {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.active, true), sql`${event} = any(${webhooks.events})`))
    .orderBy(asc(webhooks.id));
}

export async function insertDeliveries(
  db: Db,
  rows: { id: string; webhookId: number; event: WebhookEvent; body: string }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return rows[0];
}

/** A delivery's own columns as `DeliveryItem` names them, the times as the API writes them (isoTime). */
const deliveryColumns = {
  id: webhookDeliveries.id,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  createdAt: isoTime(webhookDeliveries.createdAt),
  settledAt: isoTime(webhookDeliveries.settledAt),
};
type DeliveryItemRow = Omit<DeliveryItem, 'event'> & { event: string };

/** A row of `deliveryColumns` as the API's delivery without its attempts, every field named (docs/decisions/259). */
function deliveryItemOf(row: DeliveryItemRow): DeliveryItem {
  return { id: row.id, event: row.event as WebhookEvent, status: row.status, createdAt: row.createdAt, settledAt: row.settledAt };
}

type DeliveriesQuery = WebhookDeliveriesQuery & { webhookId: number };

/**
 * One webhook's deliveries, newest first by default. No list version follows webhook_deliveries (every
 * event a webhook wants writes one), so the total is counted when a page needs it; a first page that
 * is not full is its own total, so the page and its total cannot disagree when a delivery is queued
 * between two statements.
 */
const listed: ListDefinition<DeliveriesQuery, DeliveryItemRow, DeliveryItem> = {
  name: 'webhook_deliveries',
  columns: aliased(deliveryColumns),
  from: sql`${webhookDeliveries}`,
  countFrom: sql`${webhookDeliveries}`,
  filters: { webhookId: equalsFilter(webhookDeliveries.webhookId, 'webhookId', (query: DeliveriesQuery) => query.webhookId) },
  sorts: { createdAt: { by: webhookDeliveries.createdAt } },
  sortOf: sortOfOrder('createdAt', 'desc'),
  tieBreak: webhookDeliveries.id,
  item: deliveryItemOf,
};

export function listDeliveries(db: Db, webhookId: number, query: WebhookDeliveriesQuery): Promise<{ rows: DeliveryItem[]; total: number }> {
  return listPage(db, listed, { ...query, webhookId });
}

/** One text whatever the number of ids (idsForPlan pads them: docs/decisions/287), prepared once per database handle. */
const attemptsOfIds = preparedPerDb((db) =>
  db
    .select()
    .from(webhookAttempts)
    .where(sql`${webhookAttempts.deliveryId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(desc(webhookAttempts.number))
    .prepare('webhook_attempts_of_deliveries'),
);

/** The attempts of these deliveries, newest first. */
export async function attemptsOf(db: Db, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return attemptsOfIds(db).execute({ ids: idsForPlan(deliveryIds, NIL_UUID) });
}

/**
 * Starts an attempt: only a pending delivery that nobody is sending (or whose sender has held it past
 * the lease, so died) can be claimed — two workers never POST the same delivery at once.
 */
export async function claim(db: Db, id: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ sendingSince: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.sendingSince), lt(webhookDeliveries.sendingSince, sql`now() - make_interval(secs => ${leaseSeconds})`)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Logs an attempt (numbered after the delivery's earlier ones) and settles or releases the delivery, in one transaction. */
export async function recordAttempt(
  db: Db,
  id: string,
  attempt: { statusCode: number | null; error: string | null; durationMs: number; startedAt: Date },
  outcome: 'delivered' | 'failed' | 'retry',
): Promise<void> {
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${webhookAttempts.number}), 0)::int` })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, id));
    await tx.insert(webhookAttempts).values({
      deliveryId: id,
      number: (last?.n ?? 0) + 1,
      at: attempt.startedAt,
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    });
    await tx
      .update(webhookDeliveries)
      .set(outcome === 'retry' ? { sendingSince: null } : { status: outcome, settledAt: sql`now()`, sendingSince: null })
      .where(eq(webhookDeliveries.id, id));
  });
}

/** Marks a delivery failed without an attempt (its webhook is gone or switched off). */
export async function settleFailed(db: Db, id: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', settledAt: sql`now()`, sendingSince: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** 'Send again': the delivery is pending once more (same id and body); its attempts stay. */
export async function reopen(db: Db, webhookId: number, id: string): Promise<DeliveryItem | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', settledAt: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)))
    .returning(deliveryColumns);
  return row && deliveryItemOf(row);
}
