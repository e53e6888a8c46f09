/**
 * The JWT signing key: JWT_SECRET when set. Otherwise generated once and kept — in DATA_DIR/jwt-secret
 * for the embedded database, or in the database itself (app_secrets) with DATABASE_URL, so every
 * instance behind a load balancer signs and verifies with the same key (docs/decisions/011).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { storedSecret } from '../db/app-secrets';
import type { Db } from '../db/client';
import { randomToken } from './crypto';

export async function resolveJwtSecret(options: {
  configured: string | undefined;
  driver: 'pglite' | 'postgres';
  dataDir: string;
  db: Db;
}): Promise<string> {
  if (options.configured) return options.configured;
  if (options.driver === 'pglite') return fileSecret(path.join(options.dataDir, 'jwt-secret'));
  return storedSecret(options.db, 'jwt', randomToken(48));
}

async function fileSecret(file: string): Promise<string> {
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secret = randomToken(48);
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
