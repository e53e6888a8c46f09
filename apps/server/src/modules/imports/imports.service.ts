/**
 * Imports (docs/decisions/258): a file uploaded and refused whole or kept with its header and a
 * mapping of columns to fields; a dry run, then the import, each a job on the queue; cancel; the
 * refusals and the refused rows as a file of the same format.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ListResponse } from '@cooler-hub/contract/common';
import {
  IMPORT_BUSY,
  IMPORT_DONE,
  IMPORT_FIELDS,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NO_SHEET,
  IMPORT_NOT_CHECKED,
  MAPPING_COLUMN_TWICE,
  MAPPING_MISSING_REQUIRED,
  MAPPING_NO_SUCH_COLUMN,
  MAPPING_UNKNOWN_FIELD,
  MAX_IMPORT_BYTES,
  headerKey,
  importHeaderMatchesNothing,
  matchColumns,
  type ImportJob,
  type ImportFormat,
  type ImportKind,
  type ImportListQuery,
  type ImportMapping,
  type ImportRefusal,
  type ImportRefusalListQuery,
} from '@cooler-hub/contract/imports';
import type { Violation } from '@cooler-hub/contract/common';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { DomainError, FieldError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResponseOf, offsetOf } from '../../lib/list';
import type { Actor } from '../revision-entries/revisions';
import { NO_WEBHOOKS, type WebhookEmitter } from '../webhooks/webhooks.service';
import { IMPORT_JOB, NO_COUNTS, RUNNING_STATUSES, runImportJob } from './import-run';
import * as repo from './imports.repository';
import type { ImportRow } from './imports.repository';
import { FileRefusal, openTable, refusedRowsFile, sheetNames, sniff, type ByteSource } from './read';

const isRunning = (status: string) => (RUNNING_STATUSES as readonly string[]).includes(status);

export function toImportJob(row: ImportRow): ImportJob {
  const done = row.status === 'checked' || row.status === 'imported';
  const progress = done ? 1 : row.size > 0 ? Math.min(1, row.bytesDone / row.size) : 0;
  const seconds = row.runStartedAt ? Math.max(0.001, (row.updatedAt.getTime() - row.runStartedAt.getTime()) / 1000) : null;
  const running = isRunning(row.status);
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    fileName: row.fileName,
    format: row.format,
    sheet: row.sheet,
    sheets: row.sheets,
    headers: row.headers,
    mapping: row.mapping,
    status: row.status as ImportJob['status'],
    rowsDone: row.rowsDone,
    progress,
    rowsPerSecond: seconds && row.rowsDone > 0 ? Math.round(row.rowsDone / seconds) : null,
    secondsLeft: running && seconds && progress > 0 ? Math.round((seconds * (1 - progress)) / progress) : null,
    counts: row.counts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    creator: row.creatorUsername,
  };
}

/** The violations of a mapping for this file and kind, on `mapping.<field>`; none when it can run. */
export function mappingViolations(kind: ImportKind, headers: string[], mapping: ImportMapping): Violation[] {
  const fields = IMPORT_FIELDS[kind];
  const violations: Violation[] = [];
  const on = (field: string, message: string) => violations.push({ propertyPath: `mapping.${field}`, title: message, message });
  for (const name of Object.keys(mapping)) if (!fields.some((f) => f.name === name)) on(name, MAPPING_UNKNOWN_FIELD);
  const columns = new Map<number, string>();
  for (const f of fields) {
    const column = mapping[f.name] ?? null;
    if (column === null) {
      if (f.required) on(f.name, MAPPING_MISSING_REQUIRED);
    } else if (column >= headers.length) on(f.name, MAPPING_NO_SUCH_COLUMN);
    else if (columns.has(column)) on(f.name, MAPPING_COLUMN_TWICE);
    else columns.set(column, f.name);
  }
  return violations;
}

/** Every field of the kind, unmapped ones null: the mapping as stored and compared. */
function completeMapping(kind: ImportKind, mapping: ImportMapping): ImportMapping {
  return Object.fromEntries(IMPORT_FIELDS[kind].map((f) => [f.name, mapping[f.name] ?? null]));
}

const sameMapping = (a: ImportMapping | null, b: ImportMapping) =>
  a !== null &&
  Object.keys(b).every((k) => (a[k] ?? null) === (b[k] ?? null)) &&
  Object.keys(a).every((k) => (a[k] ?? null) === (b[k] ?? null));

/** A file-level refusal is the request's mistake: 400 on `file`. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof FileRefusal) throw new FieldError('file', err.message);
    throw err;
  }
}

async function headerOf(source: ByteSource, format: ImportFormat, sheet: string | undefined): Promise<string[]> {
  const table = await openTable(source, format, sheet);
  await table.close();
  return table.header;
}

export interface UploadedFile {
  fileName: string;
  stream: AsyncIterable<Buffer>;
}

export class ImportsService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    webhooks: WebhookEmitter = NO_WEBHOOKS,
  ) {
    // An import that ends tells the webhooks in the transaction that records it (docs/decisions/280).
    const onFinished = (tx: Db, row: ImportRow) => webhooks.emit(tx, 'import.finished', () => toImportJob(row));
    jobs.define(IMPORT_JOB, { handler: (data, attempt) => runImportJob(db, data, attempt, onFinished), concurrency: 1 });
  }

  async get(actor: Actor, id: string): Promise<ImportJob> {
    return toImportJob(await this.find(actor, id));
  }

  async list(actor: Actor, query: ImportListQuery): Promise<ListResponse<ImportJob>> {
    const { rows, total } = await repo.listImports(this.db, actor.id, query.perPage, offsetOf(query));
    return listResponseOf(query, rows.map(toImportJob), total);
  }

  /**
   * Stores the file in chunks as it arrives, then reads its format, sheets and header. A refused file
   * leaves nothing behind: its row and bytes are deleted before the 400.
   */
  async upload(actor: Actor, kind: ImportKind, sheet: string | undefined, file: UploadedFile): Promise<ImportJob> {
    const id = randomUUID();
    await repo.insertImport(this.db, {
      id,
      kind,
      fileName: file.fileName.slice(0, 255),
      format: 'csv',
      size: 0,
      status: 'uploading',
      creatorId: actor.id,
      creatorUsername: actor.username,
    });
    try {
      const size = await this.storeChunks(id, file.stream);
      const source = repo.storedFile(this.db, id, size);
      const format = await refusing(() => sniff(source));
      const sheets = await refusing(() => sheetNames(source, format));
      if (sheet !== undefined && !sheets.includes(sheet)) throw new FieldError('sheet', IMPORT_NO_SHEET);
      const chosen = format === 'xlsx' ? (sheet ?? sheets[0] ?? null) : null;
      const headers = await refusing(() => headerOf(source, format, chosen ?? undefined));
      const mapping = await this.matched(actor, kind, headers);
      const row = await repo.updateImport(this.db, id, { format, size, sheets, sheet: chosen, headers, mapping, status: 'uploaded' });
      return toImportJob(row!);
    } catch (err) {
      await repo.deleteImport(this.db, id);
      throw err;
    }
  }

  /** Reads another sheet of the workbook: its header and mapping replace the file's, and a dry run is due again. */
  async chooseSheet(actor: Actor, id: string, sheet: string): Promise<ImportJob> {
    const job = await this.find(actor, id);
    if (isRunning(job.status)) throw new DomainError(IMPORT_BUSY);
    if (!job.sheets.includes(sheet)) throw new FieldError('sheet', IMPORT_NO_SHEET);
    const headers = await refusing(() => headerOf(repo.storedFile(this.db, id, job.size), job.format, sheet));
    const mapping = await this.matched(actor, job.kind as ImportKind, headers);
    const row = await repo.updateImport(this.db, id, {
      sheet,
      headers,
      mapping,
      status: 'uploaded',
      checkedMapping: null,
      counts: NO_COUNTS,
      rowsDone: 0,
      bytesDone: 0,
    });
    return toImportJob(row!);
  }

  /** Starts the dry run with this mapping (remembered for the user and kind). */
  dryRun(actor: Actor, id: string, mapping: ImportMapping): Promise<ImportJob> {
    return this.db.transaction(async (tx) => {
      const job = await this.lockIdle(tx, actor, id);
      const kind = job.kind as ImportKind;
      const violations = mappingViolations(kind, job.headers, mapping);
      if (violations.length > 0) throw new ValidationError(violations);
      const complete = completeMapping(kind, mapping);
      await repo.rememberMapping(
        tx,
        actor.id,
        kind,
        Object.fromEntries(
          Object.entries(complete).flatMap(([field, column]) => (column === null ? [] : [[headerKey(job.headers[column]!), field]])),
        ),
      );
      await repo.deleteRefusals(tx, id);
      return this.startRun(tx, id, {
        mapping: complete,
        checkedMapping: null,
        runMode: 'dryRun',
        status: 'checking',
        resumeRow: 0,
        rowsDone: 0,
        bytesDone: 0,
        counts: NO_COUNTS,
      });
    });
  }

  /** Starts the import after a finished dry run of the same mapping, or resumes a stopped one. */
  import(actor: Actor, id: string): Promise<ImportJob> {
    return this.db.transaction(async (tx) => {
      const job = await this.lockIdle(tx, actor, id);
      if (!sameMapping(job.checkedMapping, job.mapping)) throw new DomainError(IMPORT_NOT_CHECKED);
      const resuming = job.runMode === 'import' && (job.status === 'cancelled' || job.status === 'failed');
      if (!resuming && job.status !== 'checked') throw new DomainError(IMPORT_NOT_CHECKED);
      if (resuming) return this.startRun(tx, id, { runMode: 'import', status: 'importing' });
      await repo.deleteRefusals(tx, id);
      return this.startRun(tx, id, { runMode: 'import', status: 'importing', resumeRow: 0, rowsDone: 0, bytesDone: 0, counts: NO_COUNTS });
    });
  }

  /** Stops a running dry run or import after its current batch; what an import wrote stays (running it again goes on). */
  async cancel(actor: Actor, id: string): Promise<ImportJob> {
    return this.db.transaction(async (tx) => {
      const job = await repo.lockOwnImport(tx, id, actor.id);
      if (!job) throw new NotFoundError();
      if (!isRunning(job.status)) return toImportJob(job);
      return toImportJob((await repo.updateImport(tx, id, { status: 'cancelled' }))!);
    });
  }

  async refusals(actor: Actor, id: string, query: ImportRefusalListQuery): Promise<ListResponse<ImportRefusal>> {
    const job = await this.find(actor, id);
    const rows = await repo.listRefusals(this.db, id, query.perPage, offsetOf(query), query.order?.row ?? 'asc');
    return listResponseOf(
      query,
      rows.map((r) => ({ row: r.rowNumber, problems: r.problems })),
      job.counts.refused,
    );
  }

  /** The refused rows with an 'Error' column, in the file's format (and a CSV's separator). */
  async refusedRows(actor: Actor, id: string): Promise<{ fileName: string; contentType: string; stream: Readable }> {
    const job = await this.find(actor, id);
    const base = job.fileName.replace(/\.(csv|xlsx|txt)$/i, '');
    const refusals = (async function* (db: Db) {
      for await (const r of repo.eachRefusal(db, id)) {
        yield { cells: r.cells, error: r.problems.map((p) => `${p.field}: ${p.message}`).join(' ') };
      }
    })(this.db);
    let separator: string | undefined;
    if (job.format === 'csv') {
      const table = await openTable(repo.storedFile(this.db, id, job.size), 'csv');
      separator = table.csv?.separator;
      await table.close();
    }
    return {
      fileName: `${base} - refused rows.${job.format}`,
      contentType: job.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      stream: refusedRowsFile(job.format, job.headers, refusals, separator),
    };
  }

  /** The actor's own import; anyone else's is not found (docs/decisions/264). */
  private async find(actor: Actor, id: string): Promise<ImportRow> {
    const job = await repo.findOwnImport(this.db, id, actor.id);
    if (!job) throw new NotFoundError();
    return job;
  }

  /** The actor's own import locked, refused while a run is going or once it is imported. */
  private async lockIdle(tx: Db, actor: Actor, id: string): Promise<ImportRow> {
    const job = await repo.lockOwnImport(tx, id, actor.id);
    if (!job) throw new NotFoundError();
    if (isRunning(job.status)) throw new DomainError(IMPORT_BUSY);
    if (job.status === 'imported') throw new DomainError(IMPORT_DONE);
    return job;
  }

  /** A new run: its id, start and state, and its job queued in the same transaction. */
  private async startRun(tx: Db, id: string, values: Partial<repo.ImportValues>): Promise<ImportJob> {
    const runId = randomUUID();
    const row = await repo.updateImport(tx, id, { ...values, runId, runStartedAt: new Date(), error: null });
    await this.jobs.enqueue(tx, IMPORT_JOB, { importId: id, runId });
    return toImportJob(row!);
  }

  /** Columns matched to fields by header and the user's remembered mapping; a header matching none refuses the file. */
  private async matched(actor: Actor, kind: ImportKind, headers: string[]): Promise<ImportMapping> {
    const mapping = matchColumns(kind, headers, await repo.rememberedMapping(this.db, actor.id, kind));
    if (Object.values(mapping).every((column) => column === null)) throw new FieldError('file', importHeaderMatchesNothing(kind));
    return mapping;
  }

  /**
   * The upload's bytes in chunks of CHUNK_BYTES; past MAX_IMPORT_BYTES the file is refused. The pieces
   * of a chunk are held as they arrive and copied once, when the chunk is full, not the chunk so far
   * at every piece (docs/decisions/293).
   */
  private async storeChunks(id: string, stream: AsyncIterable<Buffer>): Promise<number> {
    let size = 0;
    let seq = 0;
    let pieces: Buffer[] = [];
    let held = 0;
    for await (const piece of stream) {
      size += piece.length;
      if (size > MAX_IMPORT_BYTES) throw new FieldError('file', IMPORT_FILE_TOO_LARGE);
      pieces.push(piece);
      held += piece.length;
      if (held < repo.CHUNK_BYTES) continue;
      let pending = Buffer.concat(pieces, held);
      while (pending.length >= repo.CHUNK_BYTES) {
        await repo.insertChunk(this.db, id, seq++, pending.subarray(0, repo.CHUNK_BYTES));
        pending = pending.subarray(repo.CHUNK_BYTES);
      }
      pieces = pending.length > 0 ? [pending] : [];
      held = pending.length;
    }
    if (held > 0) await repo.insertChunk(this.db, id, seq, Buffer.concat(pieces, held));
    return size;
  }
}
