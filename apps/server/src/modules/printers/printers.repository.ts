/** SQL of label printers and their jobs (docs/decisions/283). Every function takes `db`, which may be a transaction. */
import { eq, sql } from 'drizzle-orm';
import { lbTagPreset, type LbTagPresetId } from '@cooler-hub/contract/lb-tags';
import type {
  Printer,
  PrinterChoice,
  PrinterChoiceQuery,
  PrinterListQuery,
  PrinterValues,
  PrintJobStatus,
} from '@cooler-hub/contract/printers';
import type { Db } from '../../db/client';
import { aliased, containsFilter, isoTime, listPage, sortOfOrder, type ListDefinition } from '../../db/list-statements';
import { printJobs, printers } from '../../db/schema';
import { assertUnique } from '../../db/unique';
import { nextVersion, tableVersions } from '../../db/versions';

export const versions = tableVersions(printers);

export type PrintJobRow = typeof printJobs.$inferSelect;

export async function countPrinters(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(printers);
  return row?.n ?? 0;
}

/** The preset a stored id names (an id no preset has any more: the default). */
const presetOf = (stored: string) => lbTagPreset(stored as LbTagPresetId);

/** A printer's columns as `Printer` names them, the times as the API writes them (isoTime). */
const printerColumns = {
  id: printers.id,
  name: printers.name,
  connection: printers.connection,
  host: printers.host,
  port: printers.port,
  url: printers.url,
  language: printers.language,
  preset: printers.preset,
  darkness: printers.darkness,
  createdAt: isoTime(printers.createdAt),
  updatedAt: isoTime(printers.updatedAt),
};
type PrinterItemRow = Omit<Printer, 'preset' | 'dpi'> & { preset: string };

/** A row of `printerColumns` as the contract's printer, every field named (docs/decisions/259): the preset and its dots from the stored id. */
function printerOf(row: PrinterItemRow): Printer {
  const preset = presetOf(row.preset);
  return {
    id: row.id,
    name: row.name,
    connection: row.connection,
    host: row.host,
    port: row.port,
    url: row.url,
    language: row.language,
    preset: preset.id as LbTagPresetId,
    dpi: preset.dpi,
    darkness: row.darkness,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the 'Print tags' menu reads of a printer: never its address. */
const choiceColumns = { id: printers.id, name: printers.name, language: printers.language, preset: printers.preset };
type PrinterChoiceRow = Omit<PrinterChoice, 'preset'> & { preset: string };

const nameFilter = containsFilter(printers.name, 'name', (query: PrinterChoiceQuery) => query.name);
// Printer names are unique ignoring case: lower(name) orders every row.
const byName = { by: sql`lower(${printers.name})`, unique: true };

/**
 * The printers by name by default, or by when they were added, ties in id order whichever the
 * direction. No list version follows printers, so the total is counted when a page needs it.
 */
const listed: ListDefinition<PrinterListQuery, PrinterItemRow, Printer> = {
  name: 'printers',
  columns: aliased(printerColumns),
  from: sql`${printers}`,
  countFrom: sql`${printers}`,
  filters: { name: nameFilter },
  sorts: { name: byName, createdAt: { by: printers.createdAt } },
  sortOf: sortOfOrder('name'),
  tieBreak: printers.id,
  tieBreakDirection: 'asc',
  item: printerOf,
};

/** The same printers for the 'Print tags' menu, by name. */
const listedChoices: ListDefinition<PrinterChoiceQuery, PrinterChoiceRow, PrinterChoice> = {
  name: 'printer_choices',
  columns: aliased(choiceColumns),
  from: sql`${printers}`,
  countFrom: sql`${printers}`,
  filters: { name: nameFilter },
  sorts: { name: byName },
  sortOf: () => ['name', 'asc'],
  tieBreak: printers.id,
  item: (row) => ({ id: row.id, name: row.name, language: row.language, preset: presetOf(row.preset).id as LbTagPresetId }),
};

export function listPrinters(db: Db, query: PrinterListQuery): Promise<{ rows: Printer[]; total: number }> {
  return listPage(db, listed, query);
}

export function listPrinterChoices(db: Db, query: PrinterChoiceQuery): Promise<{ rows: PrinterChoice[]; total: number }> {
  return listPage(db, listedChoices, query);
}

export async function findPrinter(db: Db, id: string): Promise<Printer | undefined> {
  const [row] = await db.select(printerColumns).from(printers).where(eq(printers.id, id));
  return row && printerOf(row);
}

export async function insertPrinter(db: Db, values: PrinterValues, by: { username: string }): Promise<Printer> {
  const [row] = await db
    .insert(printers)
    .values({ ...values, updatedBy: by.username })
    .returning(printerColumns);
  if (!row) throw new Error('insert into printers returned no row');
  return printerOf(row);
}

export async function updatePrinter(db: Db, id: string, values: PrinterValues, by: { username: string }): Promise<Printer | undefined> {
  const [row] = await db
    .update(printers)
    .set({ ...values, ...nextVersion(printers, by) })
    .where(eq(printers.id, id))
    .returning(printerColumns);
  return row && printerOf(row);
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
