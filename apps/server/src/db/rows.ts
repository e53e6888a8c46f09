/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`; the Db type leaves the result untyped. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

export function rowsOf<T>(result: unknown): T[] {
  const rows: unknown = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new TypeError('the database answered no rows');
  return rows as T[];
}

export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}
