/** Recovery codes and reset tokens; only their digests are stored. Times come from the database clock. */
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordRecoveryCodes, passwordResetTokens } from '../../db/schema';

const inMinutes = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;

export type RecoveryCodeRow = typeof passwordRecoveryCodes.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertCode(db: Db, userId: number, codeHash: string, ttlMinutes: number): Promise<void> {
  await db.insert(passwordRecoveryCodes).values({ userId, codeHash, expiresAt: inMinutes(ttlMinutes) });
}

/** A new code (or a completed reset) kills every earlier code of the user. */
export async function invalidateCodes(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordRecoveryCodes.userId, userId), isNull(passwordRecoveryCodes.usedAt)));
}

export async function countCodesSince(db: Db, userId: number, minutes: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(passwordRecoveryCodes)
    .where(
      and(eq(passwordRecoveryCodes.userId, userId), gt(passwordRecoveryCodes.createdAt, sql`now() - make_interval(mins => ${minutes})`)),
    );
  return row?.total ?? 0;
}

/** The user's live code: unused, unexpired, attempts left. */
export async function findActiveCode(db: Db, userId: number, maxAttempts: number): Promise<RecoveryCodeRow | undefined> {
  const rows = await db
    .select()
    .from(passwordRecoveryCodes)
    .where(
      and(
        eq(passwordRecoveryCodes.userId, userId),
        isNull(passwordRecoveryCodes.usedAt),
        gt(passwordRecoveryCodes.expiresAt, sql`now()`),
        lt(passwordRecoveryCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(passwordRecoveryCodes.createdAt), desc(passwordRecoveryCodes.id))
    .limit(1);
  return rows[0];
}

/**
 * Takes one try at the user's live code (its newest unused, unexpired one) and answers the code's
 * id and digest for the guess to be judged against — or nothing when it has no tries left. The try
 * is counted in the statement that grants it, before any judging, and only while fewer than
 * `maxAttempts` were: PostgreSQL re-reads the row's count after waiting for a concurrent update of
 * it, so however many guesses arrive at once, at most `maxAttempts` are ever judged against a code.
 */
export async function takeAttempt(db: Db, userId: number, maxAttempts: number): Promise<{ id: number; codeHash: string } | undefined> {
  const live = and(isNull(passwordRecoveryCodes.usedAt), gt(passwordRecoveryCodes.expiresAt, sql`now()`));
  const newest = db
    .select({ id: passwordRecoveryCodes.id })
    .from(passwordRecoveryCodes)
    .where(and(eq(passwordRecoveryCodes.userId, userId), live))
    .orderBy(desc(passwordRecoveryCodes.createdAt), desc(passwordRecoveryCodes.id))
    .limit(1);
  const [row] = await db
    .update(passwordRecoveryCodes)
    .set({ attempts: sql`${passwordRecoveryCodes.attempts} + 1` })
    .where(and(eq(passwordRecoveryCodes.id, sql`(${newest})`), live, lt(passwordRecoveryCodes.attempts, maxAttempts)))
    .returning({ id: passwordRecoveryCodes.id, codeHash: passwordRecoveryCodes.codeHash });
  return row;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordRecoveryCodes.id, id), isNull(passwordRecoveryCodes.usedAt)))
    .returning({ id: passwordRecoveryCodes.id });
  return rows.length > 0;
}

export async function insertResetToken(db: Db, userId: number, tokenHash: string, ttlMinutes: number): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt: inMinutes(ttlMinutes) });
}

export async function findActiveResetToken(db: Db, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const rows = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
    )
    .limit(1);
  return rows[0];
}

/** Marks the token used; false when it was used (or expired) in the meantime. */
export async function consumeResetToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

export async function invalidateResetTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
