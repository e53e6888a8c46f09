/**
 * What every kind of import shares (docs/decisions/258): a row read through the mapping, its outcome,
 * the problems of a contract schema named by the import's fields, and matching a cell to a record
 * by the names a person has in a spreadsheet.
 */
import type { z } from 'zod';
import { violationsFromIssues } from '@cooler-hub/contract/common';
import { importNoMatch, importSeveralMatch, type ImportCounts } from '@cooler-hub/contract/imports';
import type { Db } from '../../../db/client';
import type { Actor, Tx } from '../../revision-entries/revisions';
import type { NamedRecord } from '../import-references.repository';

/** One row of the file as the fields of its kind: a cell's trimmed text, null when empty or unmapped. */
export interface FieldRow {
  rowNumber: number;
  get(field: string): string | null;
}

/** A problem of a row: the import's field (not the body's) and the contract's message. */
export interface RowProblem {
  field: string;
  message: string;
}

export type RowStatus = keyof Omit<ImportCounts, 'refused'>;
export type RowOutcome = { rowNumber: number; status: RowStatus } | { rowNumber: number; status: 'refused'; problems: RowProblem[] };

/** `source(rowNumber)`: what history records as the change's origin ('<file>, row <n>'). */
export type WriteBatch = (tx: Tx, actor: Actor, source: (rowNumber: number) => string) => Promise<void>;

export interface BatchCheck {
  outcomes: RowOutcome[];
  /** Writes the batch's new and updated rows; run only by an import, in the transaction it was checked in. */
  write: WriteBatch;
}

export interface KindImporter {
  /** A row an earlier attempt of this import already wrote: only its natural key is remembered. */
  skip(row: FieldRow): void;
  /**
   * Checks a batch against the database and the rows before it. In an import `db` is the batch's
   * transaction and `lock` is set: the records the batch changes are locked until it commits.
   */
  check(db: Db, rows: FieldRow[], lock: boolean): Promise<BatchCheck>;
}

export const refused = (rowNumber: number, problems: RowProblem[]): RowOutcome => ({ rowNumber, status: 'refused', problems });

/**
 * A contract schema's verdict on a body, its problems named by import field (`fieldOf` maps a body
 * path; the first segment decides). Problems of fields in `known`, or named in `quiet`, are left out:
 * those fields already have a clearer one (a name that matched nothing reads better than 'Required
 * Field' on its id; a new cooler's own problems better than its missing id).
 */
export function parsed<T>(
  schema: z.ZodType<T>,
  body: unknown,
  fieldOf: Record<string, string>,
  known: RowProblem[] = [],
  quiet: string[] = [],
): { value: T; problems: RowProblem[] } | { value: undefined; problems: RowProblem[] } {
  const result = schema.safeParse(body);
  const taken = new Set([...known.map((p) => p.field), ...quiet]);
  if (result.success) return { value: result.data, problems: known };
  const problems = violationsFromIssues(result.error.issues)
    .map((v) => ({ field: fieldOf[v.propertyPath.split('.')[0] ?? ''] ?? v.propertyPath, message: v.message }))
    .filter((p) => !taken.has(p.field));
  return { value: undefined, problems: [...known, ...problems] };
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** Records by the names a cell may give them, ignoring case and surrounding spaces. */
export class Lookup<Id extends number | string = number | string> {
  private readonly byName = new Map<string, Id[]>();

  constructor(
    /** What a problem calls the record: 'customer account'. */
    private readonly what: string,
    records: NamedRecord[] = [],
  ) {
    for (const r of records) this.add(r.id as Id, r.names);
  }

  add(id: Id, names: string[]): void {
    for (const name of names) {
      const ids = this.byName.get(nameKey(name)) ?? [];
      if (!ids.includes(id)) ids.push(id);
      this.byName.set(nameKey(name), ids);
    }
  }

  /** The one record `cell` names, or the problem: none or several. */
  match(cell: string): { id: Id } | { problem: string } {
    const ids = this.byName.get(nameKey(cell)) ?? [];
    if (ids.length === 1) return { id: ids[0]! };
    return { problem: ids.length === 0 ? importNoMatch(this.what, cell) : importSeveralMatch(this.what, cell) };
  }
}

/**
 * A reference cell matched: its id, undefined when the cell is empty, or a problem on `field` pushed
 * to `problems` (the id is then undefined too).
 */
export function reference<Id extends number | string>(
  lookup: Lookup<Id>,
  cell: string | null,
  field: string,
  problems: RowProblem[],
): Id | undefined {
  if (cell === null) return undefined;
  const found = lookup.match(cell);
  if ('id' in found) return found.id;
  problems.push({ field, message: found.problem });
  return undefined;
}

/** The first row of this file that gave each natural key, to refuse a later row giving it again. */
export class SeenKeys {
  private readonly rows = new Map<string, number>();

  /** The earlier row giving `key`, or undefined (and `rowNumber` is remembered for it). */
  claim(key: string, rowNumber: number): number | undefined {
    const earlier = this.rows.get(key);
    if (earlier !== undefined) return earlier;
    this.rows.set(key, rowNumber);
    return undefined;
  }
}
