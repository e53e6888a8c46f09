/** SQL of label printers and their jobs (docs/decisions/283). Every function takes `db`, which may be a transaction. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PrinterChoiceQuery, PrinterListQuery, PrinterValues, PrintJobStatus } from '@cooler-hub/contract/printers';
import type { Db } from '../../db/client';
import { containsText } from '../../db/paging';
import { printJobs, printers } from '../../db/schema';
import { assertUnique } from '../../db/unique';
import { nextVersion, tableVersions } from '../../db/versions';
import { offsetOf } from '../../lib/list';

export const versions = tableVersions(printers);

export type PrinterRow = typeof printers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;

export async function countPrinters(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(printers);
  return row?.n ?? 0;
}

export async function listPrinters(db: Db, query: PrinterListQuery | PrinterChoiceQuery): Promise<{ rows: PrinterRow[]; total: number }> {
  const where = query.name ? containsText(printers.name, query.name) : undefined;
  const order = 'order' in query ? query.order : undefined;
  const direction = order?.createdAt ?? order?.name ?? 'asc';
  const column = order?.createdAt ? printers.createdAt : sql`lower(${printers.name})`;
  const rows = await db
    .select()
    .from(printers)
    .where(where)
    .orderBy(direction === 'asc' ? asc(column) : desc(column), asc(printers.id))
    .limit(query.perPage)
    .offset(offsetOf(query));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(printers)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findPrinter(db: Db, id: string): Promise<PrinterRow | undefined> {
  const [row] = await db.select().from(printers).where(eq(printers.id, id));
  return row;
}

export async function insertPrinter(db: Db, values: PrinterValues, by: { username: string }): Promise<PrinterRow> {
  const [row] = await db
    .insert(printers)
    .values({ ...values, updatedBy: by.username })
    .returning();
  if (!row) throw new Error('insert into printers returned no row');
  return row;
}

export async function updatePrinter(db: Db, id: string, values: PrinterValues, by: { username: string }): Promise<PrinterRow | undefined> {
  const [row] = await db
    .update(printers)
    .set({ ...values, ...nextVersion(printers, by) })
    .where(eq(printers.id, id))
    .returning();
  return row;
}

export async function deletePrinter(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(printers).where(eq(printers.id, id)).returning({ id: printers.id });
  return rows.length > 0;
}

/** 400 on `name` when another printer has it, in any case. */
export function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  return assertUnique(db, { table: printers, column: printers.name, idColumn: printers.id, value: name, exceptId, field: 'name' });
}

export async function findJob(db: Db, id: string): Promise<PrintJobRow | undefined> {
  const [row] = await db.select().from(printJobs).where(eq(printJobs.id, id));
  return row;
}

/** The job, 'sending'; undefined when a job with its id exists already (a retry racing this one). */
export async function insertJob(
  db: Db,
  job: { id: string; printerId: string; receiptIds: string[]; createdById: number; message: string },
): Promise<PrintJobRow | undefined> {
  const [row] = await db
    .insert(printJobs)
    .values({ ...job, labels: job.receiptIds.length, status: 'sending' })
    .onConflictDoNothing({ target: printJobs.id })
    .returning();
  return row;
}

/** A job's outcome, once the printer took it or did not; only a job still 'sending' changes. */
export async function finishJob(
  db: Db,
  id: string,
  status: Exclude<PrintJobStatus, 'sending'>,
  message: string,
): Promise<PrintJobRow | undefined> {
  const [row] = await db
    .update(printJobs)
    .set({ status, message, finishedAt: sql`now()` })
    .where(sql`${printJobs.id} = ${id} and ${printJobs.status} = 'sending'`)
    .returning();
  return row;
}

/** Whether a job has been 'sending' for longer than `ms`: its sender is gone (a crash, a restart). */
export async function sendingForLongerThan(db: Db, id: string, ms: number): Promise<boolean> {
  const [row] = await db
    .select({ stale: sql<boolean>`${printJobs.createdAt} < now() - make_interval(secs => ${ms / 1000})` })
    .from(printJobs)
    .where(eq(printJobs.id, id));
  return row?.stale ?? false;
}
