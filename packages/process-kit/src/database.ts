/** Throw-away PostgreSQL databases for a server under test, the bench or the browser tests. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, named `<prefix>_<random>` (CI drops
 * any `cooler_test_` or `cooler_e2e_` database a crash left behind).
 */
export async function scratchDatabase(serverUrl: string, prefix = 'cooler_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
