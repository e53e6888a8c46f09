/**
 * Schema migrations at start (docs/decisions/194). Compatible with drizzle's migrator: the same journal
 * (meta/_journal.json), the same record of applied migrations (drizzle.__drizzle_migrations: the
 * file's SHA-256 as `hash`, the journal's `when` as `created_at`), and a migration is pending when its
 * `when` is later than the last one recorded. On top of it:
 * - a database made with the migrations of 2026-11-21, before they were squashed into 0000_init
 *   (kept in pre-squash/), is recognised by their hashes and brought forward by the hand-written
 *   pre-squash/to-0000_init.sql instead of having what exists created again;
 * - everything pending runs in ONE transaction (schema, records and data): a failure leaves the
 *   database as it was and is reported with the migration's name and the database's own message;
 * - the caller learns what ran (from → to) and logs it in one line.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface MigrationFile {
  /** File name without `.sql`, as in the journal: `0003_receipt_exports`. */
  tag: string;
  /** The journal's `when` (ms): what drizzle records as created_at. */
  when: number;
  /** SHA-256 (hex) of the file: what drizzle records as hash. */
  hash: string;
  statements: string[];
}

/** One connection inside one transaction. */
export interface MigrationSession {
  /** Runs one statement (several are allowed, no parameters). */
  exec(sql: string): Promise<void>;
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Runs `work` in a transaction: committed when it resolves, rolled back (then rejected) when it throws. */
export type InTransaction = <T>(work: (session: MigrationSession) => Promise<T>) => Promise<T>;

export interface MigrationResult {
  /** The last migration applied before this start (null: an empty database). */
  from: string | null;
  /** The last migration applied now. */
  to: string;
  /** Names of what ran, in order (empty: the schema was current). */
  applied: string[];
}

/** Stops the start: the database's schema could not be brought to this version; nothing was changed. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

export const PRE_SQUASH_FOLDER = 'pre-squash';
const BRIDGE_FILE = 'to-0000_init.sql';
const BREAKPOINT = '--> statement-breakpoint';

interface Journal {
  entries: { tag: string; when: number }[];
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The migrations of `folder` in journal order, read as drizzle reads them. */
export function readMigrations(folder: string): MigrationFile[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map(({ tag, when }) => {
    const text = fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    return { tag, when, hash: sha256(text), statements: splitStatements(text) };
  });
}

function splitStatements(text: string): string[] {
  return text.split(BREAKPOINT).filter((statement) => statement.trim() !== '');
}

interface Step {
  name: string;
  statements: string[];
  /** What is recorded in drizzle.__drizzle_migrations once the statements ran. */
  record?: { hash: string; when: number };
}

interface Recorded {
  hash: string;
  created_at: string | number;
}

/** Brings the database to the newest migration of `folder` (see the file comment). */
export async function migrateDatabase(inTransaction: InTransaction, folder: string): Promise<MigrationResult> {
  const current = readMigrations(folder);
  const preSquash = readMigrations(path.join(folder, PRE_SQUASH_FOLDER));
  const bridge = splitStatements(fs.readFileSync(path.join(folder, PRE_SQUASH_FOLDER, BRIDGE_FILE), 'utf8'));
  const newest = current.at(-1);
  if (!newest) throw new Error(`no migrations in ${folder}`);

  let failure: { step: Step; statement: string; cause: unknown; from: string | null } | undefined;
  try {
    return await inTransaction(async (session) => {
      await session.exec(
        'CREATE SCHEMA IF NOT EXISTS "drizzle"; CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
      );
      const recorded = await session.rows<Recorded>(
        'select hash, created_at from "drizzle"."__drizzle_migrations" order by created_at, id',
      );
      const { from, steps } = plan(recorded, current, preSquash, bridge);
      for (const step of steps) {
        for (const statement of step.statements) {
          try {
            await session.exec(statement);
          } catch (cause) {
            failure = { step, statement, cause, from };
            throw cause;
          }
        }
        if (step.record) {
          await session.rows('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [
            step.record.hash,
            step.record.when,
          ]);
        }
      }
      return { from, to: newest.tag, applied: steps.map((step) => step.name) };
    });
  } catch (err) {
    // Reached only after the transaction was rolled back.
    if (failure) throw failedMigration(failure.step.name, failure.statement, failure.cause, failure.from, newest.tag);
    throw err;
  }
}

/** What to run for a database whose records are `recorded` (ordered by created_at). */
function plan(
  recorded: Recorded[],
  current: MigrationFile[],
  preSquash: MigrationFile[],
  bridge: string[],
): { from: string | null; steps: Step[] } {
  const step = (m: MigrationFile, prefix = ''): Step => ({
    name: prefix + m.tag,
    statements: m.statements,
    record: { hash: m.hash, when: m.when },
  });
  const last = recorded.at(-1);
  if (!last) return { from: null, steps: current.map((m) => step(m)) };

  const lastWhen = Number(last.created_at);
  const known = new Map(current.map((m) => [m.hash, m]));
  const knownPreSquash = new Map(preSquash.map((m) => [m.hash, m]));
  const newest = current[current.length - 1]!;

  if (recorded.some((r) => known.has(r.hash))) {
    if (lastWhen > newest.when && !known.has(last.hash)) {
      throw new MigrationError(
        `this database was upgraded by a newer version of Cooler Hub: its last migration (of ${new Date(lastWhen).toISOString()}) is later than ${newest.tag}, the newest this version knows. Nothing was changed. What to do: start the newer version again, or restore a backup taken with this version.`,
      );
    }
    const from = known.get(last.hash)?.tag ?? `the migration of ${new Date(lastWhen).toISOString()}`;
    return { from, steps: current.filter((m) => m.when > lastWhen).map((m) => step(m)) };
  }

  if (recorded.every((r) => knownPreSquash.has(r.hash))) {
    // Made before the migrations were squashed: the missing old steps, then the bridge to the squashed
    // 0000_init (recorded as applied), then everything after it.
    const [first, ...rest] = current;
    const from = `${PRE_SQUASH_FOLDER}/${knownPreSquash.get(last.hash)!.tag}`;
    return {
      from,
      steps: [
        ...preSquash.filter((m) => m.when > lastWhen).map((m) => step(m, `${PRE_SQUASH_FOLDER}/`)),
        {
          name: `${PRE_SQUASH_FOLDER}/${BRIDGE_FILE.replace(/\.sql$/, '')}`,
          statements: bridge,
          record: { hash: first!.hash, when: first!.when },
        },
        ...rest.map((m) => step(m)),
      ],
    };
  }

  throw new MigrationError(
    `this database's migrations (${recorded.length}, the last of ${new Date(lastWhen).toISOString()}) are none that any landed version of Cooler Hub wrote: it was not made by Cooler Hub, or by an unreleased build. Nothing was changed. What to do: point DATA_DIR or DATABASE_URL at the right database, or restore a backup.`,
  );
}

function failedMigration(name: string, statement: string, cause: unknown, from: string | null, to: string): MigrationError {
  const error = cause as { message?: unknown; detail?: unknown } | undefined;
  const databaseMessage = typeof error?.message === 'string' ? error.message : String(cause);
  const detail = typeof error?.detail === 'string' && error.detail ? ` (${error.detail})` : '';
  const firstLine = statement
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('--'));
  return new MigrationError(
    [
      `the database could not be upgraded: migration ${name} failed: ${databaseMessage}${detail}`,
      `  statement: ${(firstLine ?? '').slice(0, 200)}`,
      `Nothing was changed: the upgrade (${from ?? 'empty database'} → ${to}) ran in one transaction, which was rolled back; the database is as it was before this start.`,
      'What to do: keep using the version that last ran on this database (or restore a backup) and report this message. If the database was changed by hand, undo that change (see the statement above) and start again.',
    ].join('\n'),
    { cause },
  );
}

/** The one log line of a successful start. */
export function describeMigration(result: MigrationResult): string {
  if (result.applied.length === 0) return `database schema is current (${result.to})`;
  const applied = `applied ${result.applied.length}: ${result.applied.join(', ')}`;
  return result.from === null
    ? `database schema created: ${result.to} (${applied})`
    : `database schema upgraded: ${result.from} → ${result.to} (${applied})`;
}
