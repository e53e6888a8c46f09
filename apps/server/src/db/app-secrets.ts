/** Secrets the app generates once and keeps in the database (app_secrets), shared by every instance. */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

/** The secret stored under `name`; `generated` is stored first when there is none (the first instance wins). */
export async function storedSecret(db: Db, name: string, generated: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`could not store the generated secret ${name}`);
  return row.value;
}
