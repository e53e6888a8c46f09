/**
 * Which rows use which (docs/decisions/021). Read once from the foreign keys declared in schema.ts,
 * so a table added later (receipts → suppliers, coolers → part numbers, …) is covered without
 * touching this file: deleting a row that is still referenced answers a sentence naming what uses
 * it — counted beforehand by the service, or read from PostgreSQL's 23503 when a reference
 * appeared in between.
 */
import { count, eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import * as schema from './schema';

interface Reference {
  constraint: string;
  /** The referencing table and column … */
  table: PgTable;
  tableName: string;
  column: PgColumn;
  /** … and the table it points at. */
  target: string;
  /** ON DELETE restrict / no action: the referenced row cannot go while this one exists. */
  blocksDelete: boolean;
}

const REFERENCES: Reference[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const config = getTableConfig(table);
    return config.foreignKeys.map((fk) => {
      const { columns, foreignTable } = fk.reference();
      return {
        constraint: fk.getName(),
        table,
        tableName: config.name,
        column: columns[0]!,
        target: getTableName(foreignTable),
        blocksDelete: fk.onDelete === undefined || fk.onDelete === 'restrict' || fk.onDelete === 'no action',
      };
    });
  });

/** Every foreign key that points at `table` (the orphan-upload sweep keeps rows any of them uses). */
export function referencesTo(table: PgTable): { table: PgTable; column: PgColumn }[] {
  const target = getTableName(table);
  return REFERENCES.filter((r) => r.target === target).map((r) => ({ table: r.table, column: r.column }));
}

/** Names a table's rows in sentences; the default comes from the table name (`delivery_lines`). */
const NOUNS: Record<string, { one: string; many: string }> = {
  cc_codes: { one: 'CC code', many: 'CC codes' },
};

export function nounOf(tableName: string): { one: string; many: string } {
  const known = NOUNS[tableName];
  if (known) return known;
  const many = tableName.replace(/_/g, ' ');
  const one = /ies$/.test(many)
    ? many.replace(/ies$/, 'y')
    : /(ss|sh|ch|x)es$/.test(many)
      ? many.replace(/es$/, '')
      : many.replace(/s$/, '');
  return { one, many };
}

export interface Usage {
  tableName: string;
  count: number;
}

/**
 * The rows of other tables that still point at row `id` of `table` and would block its deletion;
 * counted one table after another, as `db` may be a transaction (one connection).
 */
export async function usagesOf(db: Db, table: PgTable, id: number | string): Promise<Usage[]> {
  const target = getTableName(table);
  const usages: Usage[] = [];
  for (const r of REFERENCES.filter((ref) => ref.target === target && ref.blocksDelete)) {
    const [row] = await db.select({ n: count() }).from(r.table).where(eq(r.column, id));
    if (row && row.n > 0) usages.push({ tableName: r.tableName, count: row.n });
  }
  return usages;
}

const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** 'This client is used by 2 customer accounts and cannot be deleted.' */
export function inUseMessage(tableName: string, usages: Usage[]): string {
  const parts = usages.map((u) => {
    const noun = nounOf(u.tableName);
    return `${u.count} ${u.count === 1 ? noun.one : noun.many}`;
  });
  return `This ${nounOf(tableName).one} is used by ${joinWords(parts)} and cannot be deleted.`;
}

/**
 * A foreign-key violation as the user should read it: 23503, or 23001 for ON DELETE RESTRICT on
 * PostgreSQL 18 (PGlite; 15 answers 23503 for both).
 */
export type ReferenceProblem =
  /** A DELETE of a row still referenced: the sentence, without a count. */
  | { kind: 'in-use'; message: string }
  /** An INSERT/UPDATE naming a row that does not exist (any more): the body field to blame. */
  | { kind: 'missing'; field: string };

/** `client_id` → `client`, `part_number_id` → `partNumber`: the body field that carries the reference. */
export function fieldOfColumn(column: string): string {
  return column.replace(/_id$/, '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function referenceProblem(error: { constraint?: string; detail?: string }): ReferenceProblem | undefined {
  const reference = REFERENCES.find((r) => r.constraint === error.constraint);
  if (!reference) return undefined;
  // 'Key (client_id)=(9) is not present in table "clients".' — an insert or update naming a missing row.
  if (error.detail?.includes('is not present')) return { kind: 'missing', field: fieldOfColumn(reference.column.name) };
  // '… is still referenced from table …' (23503) / '… is referenced from table …' (23001).
  const noun = nounOf(reference.tableName);
  return { kind: 'in-use', message: `This ${nounOf(reference.target).one} is used by ${noun.many} and cannot be deleted.` };
}
