/**
 * Optimistic concurrency (docs/decisions/200). A record's version is its `updated_at` to the
 * microsecond; every write sets it with `nextVersion`, which always moves forward — two writes in
 * the same microsecond, or in one transaction (where now() stands still), still get two versions.
 * An update locks the row, compares the version its editor saw and refuses a stale one.
 */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { formatLondonDateTime } from '@cooler-hub/contract/london-time';
import { staleVersionMessage } from '@cooler-hub/contract/common';
import { NotFoundError, StaleVersionError } from '../lib/errors';
import type { Db } from './client';
import { preparedPerDb } from './rows';

/** A table whose rows are edited: an id, updated_at and updated_by. */
export type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn; updatedBy: PgColumn };

/** The version as the API answers it: microseconds since 1970, as text. */
export const versionOf = (table: VersionedTable) => sql<string>`(extract(epoch from ${table.updatedAt}) * 1000000)::bigint::text`;

/** The columns every write of a versioned row sets: a later version and who made it. */
export function nextVersion(table: VersionedTable, by: { username: string } | null): { updatedAt: SQL; updatedBy: string | null } {
  return {
    updatedAt: sql`greatest(clock_timestamp(), ${table.updatedAt} + interval '1 microsecond')`,
    updatedBy: by?.username ?? null,
  };
}

/** Each table's version read, prepared once per database handle (docs/decisions/287). */
const versionReads = new Map<VersionedTable, ReturnType<typeof prepareVersionRead>>();

function prepareVersionRead(table: VersionedTable) {
  return preparedPerDb((db) =>
    db
      .select({ version: versionOf(table) })
      .from(table)
      .where(eq(table.id, sql.placeholder('id')))
      .prepare(`version_of_${getTableName(table)}`),
  );
}

/** The current version of a row; undefined when there is no such row. */
export async function currentVersion(db: Db, table: VersionedTable, id: number | string): Promise<string | undefined> {
  let read = versionReads.get(table);
  if (!read) versionReads.set(table, (read = prepareVersionRead(table)));
  const [row] = await read(db).execute({ id });
  return row?.version;
}

/** The version of a row just written (in the writer's transaction); 404 when there is no such row. */
export async function versionNow(db: Db, table: VersionedTable, id: number | string): Promise<string> {
  const version = await currentVersion(db, table, id);
  if (version === undefined) throw new NotFoundError();
  return version;
}

/**
 * One record with its version. The version is read first: a change committed between the two reads
 * makes the answer's version older than its values, so the next update is refused (409) rather
 * than accepted over a change its editor never saw.
 */
export async function readVersioned<T extends object>(
  db: Db,
  table: VersionedTable,
  id: number | string,
  read: () => Promise<T>,
): Promise<T & { version: string }> {
  const version = await currentVersion(db, table, id);
  if (version === undefined) throw new NotFoundError();
  return { ...(await read()), version };
}

/**
 * Locks the row (FOR UPDATE, in the caller's transaction) and checks the version its editor saw:
 * `expected` undefined means the client sent none (accepted, docs/decisions/200); a different one
 * throws the 409 naming who changed it and when (London time). 404 when the row is gone.
 */
export async function lockVersion(
  tx: Db,
  table: VersionedTable,
  id: number | string,
  expected: string | undefined,
  resource: string,
): Promise<void> {
  const [row] = await tx
    .select({ version: versionOf(table), at: table.updatedAt, by: table.updatedBy })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  if (!row) throw new NotFoundError();
  if (expected !== undefined && expected !== row.version) {
    throw new StaleVersionError(staleVersionMessage(resource, row.by as string | null, formatLondonDateTime(row.at as Date)));
  }
}

/** One table's versions, bound in its repository so that a service needs no table to ask for them. */
export interface TableVersions {
  /** `readVersioned` on this table. */
  read<T extends object>(db: Db, id: number | string, read: () => Promise<T>): Promise<T & { version: string }>;
  /** `lockVersion` on this table; `resource` names it in the 409. */
  lock(tx: Db, id: number | string, expected: string | undefined, resource: string): Promise<void>;
  /** `versionNow` on this table. */
  now(db: Db, id: number | string): Promise<string>;
}

export function tableVersions(table: VersionedTable): TableVersions {
  return {
    read: (db, id, read) => readVersioned(db, table, id, read),
    lock: (tx, id, expected, resource) => lockVersion(tx, table, id, expected, resource),
    now: (db, id) => versionNow(db, table, id),
  };
}
