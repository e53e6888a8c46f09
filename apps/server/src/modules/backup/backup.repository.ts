/** SQL for backups: what the database records of the migrations applied to it. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** `created_at` of the newest row of drizzle's record of applied migrations (docs/decisions/194); NaN when there is none. */
export async function lastMigrationWhen(db: Db): Promise<number> {
  const result = await db.execute(sql`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`);
  // Both drivers answer { rows }; the Db type leaves the result untyped.
  const rows: unknown = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  return Array.isArray(rows) ? Number((rows[0] as { at?: string } | undefined)?.at) : NaN;
}
