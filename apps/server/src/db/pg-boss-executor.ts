/** How pg-boss (jobs/job-queue) runs its statements on the app's database. */
import { SQL, sql } from 'drizzle-orm';
import { fromDrizzle, type Db as BossDb } from 'pg-boss';
import type { Db } from './client';
import { selectRows } from './rows';

/** pg-boss statements run through a drizzle handle (and so inside its transaction, if it is one). */
export function executorOf(db: Db): BossDb {
  return fromDrizzle(
    {
      async execute(query: unknown) {
        if (!(query instanceof SQL)) throw new TypeError('pg-boss handed over something other than a drizzle query');
        return { rows: await selectRows(db, query) };
      },
    },
    sql,
  );
}
