/** Failed sign-ins kept in the database, so every instance behind a load balancer counts the same. */
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

const since = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

/** Failures per key within the window, and the oldest of them (to tell when the block ends). */
export async function countRecentFailures(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ failures: number; oldest: Date | null }> {
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since(windowSeconds))));
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
}

export async function recordFailures(db: Db, keys: string[], windowSeconds: number): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  // Rows older than the window count for nothing: prune them all, so made-up names cannot pile up.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, since(windowSeconds)));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
