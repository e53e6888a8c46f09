/** Runs the generators into the bench database, then reads back what it holds. */
import { CSV_DAY, type Generator } from '../generators';
import type { BenchDatabase } from './database';
import { log } from './cleanup';

export interface Filled {
  /** ms the generators and VACUUM ANALYZE took; undefined when the database was reused. */
  fillMs: number | undefined;
  steps: { table: string; rows: number; ms: number }[];
  counts: Record<string, number>;
  /** Receipts on the CSV day. */
  csvRows: number;
  /** PostgreSQL's size of the database on disk. */
  bytes: number | undefined;
}

export async function fill(database: BenchDatabase, generators: Generator[]): Promise<Filled> {
  await database.connect();
  try {
    let fillMs: number | undefined;
    const steps: Filled['steps'] = [];
    if (!database.reused) {
      const started = performance.now();
      for (const g of generators) {
        const stepStarted = performance.now();
        const result = await database.run(g.sql);
        const rows = result.rowCount ?? result.affectedRows ?? g.rows;
        const ms = performance.now() - stepStarted;
        steps.push({ table: g.table, rows, ms });
        log(`  ${g.table}: +${rows.toLocaleString('en-GB')} rows in ${Math.round(ms).toLocaleString('en-GB')} ms`);
      }
      // What autovacuum would have done by the time anyone lists: statistics and the visibility map
      // (index-only scans for count(*)).
      const vacuumStarted = performance.now();
      await database.run('vacuum analyze');
      steps.push({ table: 'vacuum analyze', rows: 0, ms: performance.now() - vacuumStarted });
      fillMs = performance.now() - started;
    }
    const counts: Record<string, number> = {};
    for (const table of ['receipts', 'coolers', 'deliveries', 'delivery_lines', 'receipt_exports', 'users']) {
      const { rows } = await database.run(`select count(*)::int as n from ${table}`);
      counts[table] = Number(rows[0]?.n ?? 0);
    }
    const day = await database.run(
      `select count(*)::int as n from receipts
       where receipt_date >= $1::date::timestamp at time zone 'Europe/London' and receipt_date < ($1::date + 1)::timestamp at time zone 'Europe/London'`,
      [CSV_DAY],
    );
    let bytes: number | undefined;
    if (database.kind === 'PostgreSQL') {
      const { rows } = await database.run('select pg_database_size(current_database())::bigint as b');
      bytes = Number(rows[0]?.b);
    }
    return { fillMs, steps, counts, csvRows: Number(day.rows[0]?.n ?? 0), bytes };
  } finally {
    await database.disconnect();
  }
}
