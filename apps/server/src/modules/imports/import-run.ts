/**
 * One run of an import — its dry run or the import itself — as a job on the queue (docs/decisions/258).
 * The file is read as a stream in batches of rows; each batch is checked by its kind against the
 * database, and in an import written in its own transaction together with the run's progress, its
 * refusals and the last row written (`resume_row`); a dry run records the same after each batch. A
 * run picked up again by any instance after a crash skips what was recorded and goes on. The run stops between batches once it is no longer the
 * import's current run (cancelled, or a new run started).
 */
import { setImmediate } from 'node:timers/promises';
import { z } from 'zod';
import { IMPORT_FIELDS, type ImportCounts, type ImportKind, type ImportMapping } from '@cooler-hub/contract/imports';
import type { Db } from '../../db/client';
import type { JobAttempt } from '../../jobs/job-queue';
import type { Actor, Tx } from '../revision-entries/revisions';
import * as repo from './imports.repository';
import type { ImportRow } from './imports.repository';
import { coolersImporter } from './kinds/coolers';
import { customerAccountsImporter } from './kinds/customer-accounts';
import type { FieldRow, KindImporter, RowOutcome } from './kinds/kind';
import { partNumbersImporter } from './kinds/part-numbers';
import { receiptsImporter } from './kinds/receipts';
import { FileRefusal, openTable, type ImportRow as FileRow } from './read';

export const IMPORT_JOB = 'import-run';
export const importJobData = z.object({ importId: z.uuid(), runId: z.uuid() });

/**
 * Rows per batch: one transaction and a handful of statements each. Each batch written also moves
 * the inventory's list version, so the lists count again once per batch (docs/decisions/274).
 */
export const BATCH_ROWS = 2000;
export const RUNNING_STATUSES = ['checking', 'importing'] as const;
export const NO_COUNTS: ImportCounts = { new: 0, updated: 0, unchanged: 0, refused: 0 };
export const CREATOR_GONE = 'The user who started this import no longer exists.';

export function importerFor(kind: ImportKind, db: Db): Promise<KindImporter> {
  switch (kind) {
    case 'receipts':
      return receiptsImporter(db);
    case 'coolers':
      return coolersImporter(db);
    case 'customerAccounts':
      return customerAccountsImporter(db);
    case 'partNumbers':
      return Promise.resolve(partNumbersImporter());
  }
}

/** A file row read through the mapping: a cell's text by field. */
export function fieldRow(row: FileRow, mapping: ImportMapping): FieldRow {
  return {
    rowNumber: row.rowNumber,
    get: (field) => {
      const column = mapping[field];
      return column === null || column === undefined ? null : (row.cells[column] ?? null);
    },
  };
}

/** A problem's field as the person knows it: the header of its column, else the field's label. */
export function columnName(job: Pick<ImportRow, 'kind' | 'headers' | 'mapping'>, field: string): string {
  const column = job.mapping[field];
  const header = column === null || column === undefined ? undefined : job.headers[column];
  return header || (IMPORT_FIELDS[job.kind as ImportKind].find((f) => f.name === field)?.label ?? field);
}

function tally(counts: ImportCounts, outcomes: RowOutcome[]): ImportCounts {
  const next = { ...counts };
  for (const o of outcomes) next[o.status] += 1;
  return next;
}

/** Told, in the transaction that ends it, that an import (not a dry run) finished: imported or failed (webhooks). */
export type OnImportFinished = (tx: Db, row: ImportRow) => Promise<void>;

/** Ends the run (if it is still the running one) and tells `onFinished` when it was an import. */
async function finish(
  db: Db,
  importId: string,
  runId: string,
  values: Parameters<typeof repo.finishRun>[3],
  onFinished: OnImportFinished | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.finishRun(tx, importId, runId, values);
    if (row && row.runMode === 'import' && onFinished) await onFinished(tx, row);
  });
}

/** The job's handler: a run that broke on the file or on its last attempt is failed with its reason, else retried. */
export async function runImportJob(db: Db, data: unknown, attempt: JobAttempt, onFinished?: OnImportFinished): Promise<void> {
  const { importId, runId } = importJobData.parse(data);
  try {
    await runImport(db, importId, runId, onFinished);
  } catch (err) {
    if (!(err instanceof FileRefusal) && !attempt.lastAttempt) throw err;
    await finish(db, importId, runId, { status: 'failed', error: err instanceof Error ? err.message : String(err) }, onFinished);
  }
}

export async function runImport(db: Db, importId: string, runId: string, onFinished?: OnImportFinished): Promise<void> {
  const job = await repo.findImport(db, importId);
  if (!job || job.runId !== runId || !(RUNNING_STATUSES as readonly string[]).includes(job.status)) return;
  if (job.creatorId === null) {
    await finish(db, importId, runId, { status: 'failed', error: CREATOR_GONE }, onFinished);
    return;
  }
  const actor: Actor = { id: job.creatorId, username: job.creatorUsername };
  const importing = job.runMode === 'import';
  // Either run goes on after its last batch recorded (the run's start set these to nothing done).
  const resumeRow = job.resumeRow;
  let counts = job.counts;
  let rowsDone = job.rowsDone;

  const importer = await importerFor(job.kind as ImportKind, db);
  const table = await openTable(repo.storedFile(db, importId, job.size), job.format, job.sheet ?? undefined);
  const source = (rowNumber: number) => `${job.fileName}, row ${rowNumber}`;

  /**
   * Checks one batch — and writes it, given the import's transaction `tx` — false once the run is no
   * longer current, or once another attempt of it recorded this batch first (a job whose lease ran
   * out while it was still running is handed to a second worker: the first to record a batch wins,
   * the other stops).
   */
  const runBatch = async (db: Db, rows: FileRow[], tx: Tx | undefined): Promise<boolean> => {
    const first = rows[0]!;
    const last = rows[rows.length - 1]!;
    const checked = await importer.check(
      db,
      rows.map((r) => fieldRow(r, job.mapping)),
      importing,
    );
    if (tx) await checked.write(tx, actor, source);
    const cells = new Map(rows.map((r) => [r.rowNumber, r.cells]));
    await repo.insertRefusals(
      db,
      importId,
      checked.outcomes.flatMap((o) =>
        o.status === 'refused'
          ? [
              {
                rowNumber: o.rowNumber,
                problems: o.problems.map((p) => ({ field: columnName(job, p.field), message: p.message })),
                cells: cells.get(o.rowNumber) ?? [],
              },
            ]
          : [],
      ),
    );
    const progress = {
      rowsDone: rowsDone + rows.length,
      bytesDone: last.bytesRead,
      counts: tally(counts, checked.outcomes),
      resumeRow: last.rowNumber,
    };
    const current = await repo.recordProgress(db, importId, runId, first.rowNumber, progress);
    if (current) ({ rowsDone, counts } = progress);
    return current;
  };

  const flush = (rows: FileRow[]): Promise<boolean> =>
    importing
      ? db.transaction(async (tx) => {
          // The run's row locked first: a cancel waits for this batch, and this batch sees a cancel.
          const state = await repo.lockImport(tx, importId);
          if (!state || state.runId !== runId || state.status !== 'importing' || state.resumeRow >= rows[0]!.rowNumber) return false;
          return runBatch(tx, rows, tx);
        })
      : runBatch(db, rows, undefined);

  try {
    let batch: FileRow[] = [];
    for await (const row of table.rows) {
      if (row.rowNumber <= resumeRow) {
        importer.skip(fieldRow(row, job.mapping));
        continue;
      }
      batch.push(row);
      if (batch.length < BATCH_ROWS) continue;
      if (!(await flush(batch))) return;
      batch = [];
      // The embedded database answers in microtasks: without a turn of the event loop between
      // batches, no request would be served until the run ends.
      await setImmediate();
    }
    if (batch.length > 0 && !(await flush(batch))) return;
  } finally {
    await table.close();
  }
  await finish(
    db,
    importId,
    runId,
    importing ? { status: 'imported' } : { status: 'checked', checkedMapping: job.mapping, bytesDone: job.size },
    onFinished,
  );
}
