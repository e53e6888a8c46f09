/** Helpers for tests of the job queue and the mail it sends (src/jobs). */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
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
