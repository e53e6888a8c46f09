/** SQL for imports: the file's row and bytes, its runs' progress and refusals, a user's mappings (docs/decisions/258). */
import { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ImportCounts, ImportKind } from '@cooler-hub/contract/imports';
import type { Db } from '../../db/client';
import { importFileChunks, importMappings, importRefusals, imports } from '../../db/schema';
import type { ByteSource } from './read';

export type ImportRow = typeof imports.$inferSelect;
export type ImportValues = typeof imports.$inferInsert;

/** The bytes of a file are kept in pieces of this size. */
export const CHUNK_BYTES = 1024 * 1024;

export async function insertImport(db: Db, values: ImportValues): Promise<void> {
  await db.insert(imports).values(values);
}

/** The import as its run reads it, whoever owns it (the job queue acts for the import's creator). */
export async function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

/** The row locked until the transaction ends: a run's batch and a state change see one another. */
export async function lockImport(tx: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await tx.select().from(imports).where(eq(imports.id, id)).for('update');
  return row;
}

/**
 * An import is its owner's (docs/decisions/264): a user reaches only the imports they created, once
 * uploaded. Every call on one import finds it through this condition, so another person's import,
 * one whose creator is gone, or one still uploading is not there (404).
 */
function ownImport(id: string, ownerId: number) {
  return and(eq(imports.id, id), eq(imports.creatorId, ownerId), ne(imports.status, 'uploading'));
}

export async function findOwnImport(db: Db, id: string, ownerId: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(ownImport(id, ownerId));
  return row;
}

/** {@link findOwnImport}, the row locked until the transaction ends. */
export async function lockOwnImport(tx: Db, id: string, ownerId: number): Promise<ImportRow | undefined> {
  const [row] = await tx.select().from(imports).where(ownImport(id, ownerId)).for('update');
  return row;
}

export async function updateImport(db: Db, id: string, values: Partial<ImportValues>): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(imports.id, id))
    .returning();
  return row;
}

/**
 * A run's progress after the batch starting at `firstRow`: written only while `runId` is still the
 * import's run and running, and no attempt of it recorded this batch already.
 */
export async function recordProgress(
  db: Db,
  id: string,
  runId: string,
  firstRow: number,
  values: { rowsDone: number; bytesDone: number; counts: ImportCounts; resumeRow: number },
): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(imports.id, id),
        eq(imports.runId, runId),
        inArray(imports.status, ['checking', 'importing']),
        lt(imports.resumeRow, firstRow),
      ),
    )
    .returning({ id: imports.id });
  return rows.length > 0;
}

/** Ends a run — done, failed — unless it was cancelled or replaced meanwhile. */
/** Ends a running run; the import as it is now, or undefined when that run was no longer running. */
export async function finishRun(db: Db, id: string, runId: string, values: Partial<ImportValues>): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(imports.id, id), eq(imports.runId, runId), inArray(imports.status, ['checking', 'importing'])))
    .returning();
  return row;
}

export async function deleteImport(db: Db, id: string): Promise<void> {
  await db.delete(imports).where(eq(imports.id, id));
}

/** A user's imports, newest first. */
export async function listImports(db: Db, creatorId: number, limit: number, offset: number): Promise<{ rows: ImportRow[]; total: number }> {
  const where = eq(imports.creatorId, creatorId);
  const rows = await db.select().from(imports).where(where).orderBy(desc(imports.createdAt), desc(imports.id)).limit(limit).offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(imports)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

// ── the file's bytes ────────────────────────────────────────────────────────────────────────────

export async function insertChunk(db: Db, importId: string, seq: number, bytes: Buffer): Promise<void> {
  await db.insert(importFileChunks).values({ importId, seq, bytes });
}

async function chunk(db: Db, importId: string, seq: number): Promise<Buffer> {
  const [row] = await db
    .select({ bytes: importFileChunks.bytes })
    .from(importFileChunks)
    .where(and(eq(importFileChunks.importId, importId), eq(importFileChunks.seq, seq)));
  if (!row) throw new Error(`import ${importId} has no chunk ${seq}`);
  return row.bytes;
}

/** The stored file as the readers take it: ranges by the chunks they span, or a stream chunk by chunk. */
export function storedFile(db: Db, importId: string, size: number): ByteSource {
  const chunks = Math.ceil(size / CHUNK_BYTES);
  return {
    size,
    async read(start, end) {
      const last = Math.min(end, size);
      if (last <= start) return Buffer.alloc(0);
      const pieces: Buffer[] = [];
      for (let seq = Math.floor(start / CHUNK_BYTES); seq * CHUNK_BYTES < last; seq++) pieces.push(await chunk(db, importId, seq));
      const offset = Math.floor(start / CHUNK_BYTES) * CHUNK_BYTES;
      return Buffer.concat(pieces).subarray(start - offset, last - offset);
    },
    // One chunk read ahead, not Readable.from's sixteen (docs/decisions/293).
    stream() {
      return Readable.from(
        (async function* () {
          for (let seq = 0; seq < chunks; seq++) yield await chunk(db, importId, seq);
        })(),
        { highWaterMark: 1 },
      );
    },
  };
}

// ── refusals ────────────────────────────────────────────────────────────────────────────────────

export type RefusalValues = Omit<typeof importRefusals.$inferInsert, 'importId'>;

export async function insertRefusals(db: Db, importId: string, rows: RefusalValues[]): Promise<void> {
  // Another attempt of the same run may have recorded the same rows: they are the same refusals.
  if (rows.length > 0)
    await db
      .insert(importRefusals)
      .values(rows.map((r) => ({ importId, ...r })))
      .onConflictDoNothing();
}

export async function deleteRefusals(db: Db, importId: string): Promise<void> {
  await db.delete(importRefusals).where(eq(importRefusals.importId, importId));
}

export async function listRefusals(db: Db, importId: string, limit: number, offset: number, direction: 'asc' | 'desc') {
  const order = direction === 'asc' ? asc(importRefusals.rowNumber) : desc(importRefusals.rowNumber);
  return db.select().from(importRefusals).where(eq(importRefusals.importId, importId)).orderBy(order).limit(limit).offset(offset);
}

/** Every refusal in row order, a page at a time by keyset (the refused rows' file). */
export async function* eachRefusal(db: Db, importId: string, pageSize = 1000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(importRefusals)
      .where(and(eq(importRefusals.importId, importId), gt(importRefusals.rowNumber, after)))
      .orderBy(asc(importRefusals.rowNumber))
      .limit(pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.rowNumber;
  }
}

// ── remembered mappings ─────────────────────────────────────────────────────────────────────────

export async function rememberedMapping(db: Db, userId: number, kind: ImportKind): Promise<Record<string, string>> {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.userId, userId), eq(importMappings.kind, kind)));
  return row?.mapping ?? {};
}

export async function rememberMapping(db: Db, userId: number, kind: ImportKind, mapping: Record<string, string>): Promise<void> {
  await db
    .insert(importMappings)
    .values({ userId, kind, mapping })
    .onConflictDoUpdate({ target: [importMappings.userId, importMappings.kind], set: { mapping } });
}
