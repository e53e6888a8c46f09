/** SQL of the outgoing_mail table (src/jobs/mail-queue.ts). Times come from the database clock. */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outgoingMail } from '../db/schema';

export type OutgoingMailRow = typeof outgoingMail.$inferSelect;

export async function insertMail(
  db: Db,
  values: { kind: string; ref: string; recipients: string[]; trackingToken: string },
): Promise<OutgoingMailRow> {
  const [row] = await db.insert(outgoingMail).values(values).returning();
  return row!;
}

export async function findMail(db: Db, id: string): Promise<OutgoingMailRow | undefined> {
  const rows = await db.select().from(outgoingMail).where(eq(outgoingMail.id, id)).limit(1);
  return rows[0];
}

/** The newest message about `ref` of `kind` (a delivery's latest e-mail). */
export async function latestMail(db: Db, kind: string, ref: string): Promise<OutgoingMailRow | undefined> {
  const rows = await db
    .select()
    .from(outgoingMail)
    .where(and(eq(outgoingMail.kind, kind), eq(outgoingMail.ref, ref)))
    .orderBy(desc(outgoingMail.createdAt), desc(outgoingMail.id))
    .limit(1);
  return rows[0];
}

/**
 * Starts an attempt: only a message that is neither settled nor already being sent can be
 * claimed, so two workers can never both hand it to the SMTP server.
 */
export async function claimForSending(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(outgoingMail)
    .set({ sendingSince: sql`now()`, attempts: sql`${outgoingMail.attempts} + 1` })
    .where(and(eq(outgoingMail.id, id), isNull(outgoingMail.deliveredAt), isNull(outgoingMail.failedAt), isNull(outgoingMail.sendingSince)))
    .returning({ id: outgoingMail.id });
  return rows.length > 0;
}

/** The attempt failed in a way we know (the server did not take it): another may follow. */
export async function releaseClaim(db: Db, id: string, lastError: string): Promise<void> {
  await db.update(outgoingMail).set({ sendingSince: null, lastError }).where(eq(outgoingMail.id, id));
}

/** Notes a temporary problem met before any attempt started (building the message). */
export async function noteError(db: Db, id: string, lastError: string): Promise<void> {
  await db.update(outgoingMail).set({ lastError }).where(eq(outgoingMail.id, id));
}

/** True when an attempt began more than `seconds` ago and never ended: its worker died mid-send. */
export async function attemptAbandoned(db: Db, id: string, seconds: number): Promise<boolean> {
  const rows = await db
    .select({ id: outgoingMail.id })
    .from(outgoingMail)
    .where(and(eq(outgoingMail.id, id), lt(outgoingMail.sendingSince, sql`now() - make_interval(secs => ${seconds})`)))
    .limit(1);
  return rows.length > 0;
}

export async function markDelivered(db: Db, id: string, recipients: string[], partialRefusal: string | null): Promise<Date | undefined> {
  const rows = await db
    .update(outgoingMail)
    // An attempt that outlived its lease may have been marked failed meanwhile: the server's acceptance wins.
    .set({ deliveredAt: sql`now()`, failedAt: null, sendingSince: null, recipients, failureReason: partialRefusal, lastError: null })
    .where(and(eq(outgoingMail.id, id), isNull(outgoingMail.deliveredAt)))
    .returning({ at: outgoingMail.deliveredAt });
  return rows[0]?.at ?? undefined;
}

export async function markFailed(db: Db, id: string, reason: string): Promise<Date | undefined> {
  const rows = await db
    .update(outgoingMail)
    .set({ failedAt: sql`now()`, failureReason: reason, sendingSince: null })
    .where(and(eq(outgoingMail.id, id), isNull(outgoingMail.deliveredAt), isNull(outgoingMail.failedAt)))
    .returning({ at: outgoingMail.failedAt });
  return rows[0]?.at ?? undefined;
}

/**
 * The first load of the tracking image. A message seen was evidently delivered: one whose attempt
 * was cut short (and so was marked failed) becomes delivered too. Answers the row as it was before.
 */
export async function markViewed(db: Db, token: string): Promise<{ before: OutgoingMailRow; at: Date } | undefined> {
  const found = await db.select().from(outgoingMail).where(eq(outgoingMail.trackingToken, token)).for('update').limit(1);
  const before = found[0];
  if (!before || before.viewedAt) return undefined;
  const [row] = await db
    .update(outgoingMail)
    .set({
      viewedAt: sql`now()`,
      ...(before.deliveredAt ? {} : { deliveredAt: sql`now()`, failedAt: null, failureReason: null, sendingSince: null }),
    })
    .where(eq(outgoingMail.id, before.id))
    .returning({ at: outgoingMail.viewedAt });
  return row?.at ? { before, at: row.at } : undefined;
}
