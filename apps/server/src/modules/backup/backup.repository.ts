/** SQL for backups: what the database records of the migrations applied to it. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';

/** `created_at` of the newest row of drizzle's record of applied migrations (docs/decisions/194); NaN when there is none. */
export async function lastMigrationWhen(db: Db): Promise<number> {
  const [last] = await selectRows<{ at: string }>(
    db,
    sql`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  return Number(last?.at);
}
