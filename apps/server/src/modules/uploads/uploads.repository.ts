/** Uploaded files, bytes included, in the database (docs/decisions/013): a daily quota per owner, abandoned ones removed. */
import { and, count, eq, gt, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referencesTo } from '../../db/references';
import { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

export async function uploadExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id)).limit(1);
  return rows.length > 0;
}

export async function countUploadsSince(db: Db, ownerId: number, hours: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, hoursAgo(hours))));
  return row?.n ?? 0;
}

/**
 * Deletes the uploads older than `graceHours` that no row refers to, through any foreign key the
 * schema declares on uploads (a user's avatar today, later ones included without touching this).
 */
export async function deleteOrphanUploads(db: Db, graceHours: number): Promise<number> {
  const unused = referencesTo(uploads).map((ref) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(ref.table)
        .where(eq(ref.column, uploads.id)),
    ),
  );
  const deleted = await db
    .delete(uploads)
    .where(and(lt(uploads.createdAt, hoursAgo(graceHours)), ...unused))
    .returning({ id: uploads.id });
  return deleted.length;
}
