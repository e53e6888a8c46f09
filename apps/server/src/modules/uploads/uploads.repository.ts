/** Uploaded files, bytes included (docs/decisions/013). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

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
