/**
 * SQL shared by the reference tables that are just an id and a unique name (suppliers, clients,
 * collection points): searched by name (contains, any case), sorted by name by default.
 */
import { eq, getTableName, sql } from 'drizzle-orm';
import type { SortDirection } from '@cooler-hub/contract/common';
import type { Db } from './client';
import type { PageQuery } from './paging';
import { aliased, containsFilter, listPage, sortOfOrder, type ListDefinition } from './list-statements';
import { CATALOG } from './list-counts';
import type { clients, collectionPoints, suppliers } from './schema';
import { removeUnlessUsed } from './remove-unused';
import { assertUnique } from './unique';
import { nextVersion, tableVersions } from './versions';

export type NamedTable = typeof suppliers | typeof clients | typeof collectionPoints;
export interface NamedRow {
  id: number;
  name: string;
}
export interface NamedListQuery extends PageQuery {
  order?: Partial<Record<'id' | 'name', SortDirection>> | undefined;
  name?: string | undefined;
}

export function namedRowsRepository(table: NamedTable) {
  const fields = { id: table.id, name: table.name };
  const listed: ListDefinition<NamedListQuery, NamedRow, NamedRow> = {
    name: getTableName(table),
    list: CATALOG,
    columns: aliased(fields),
    from: sql`${table}`,
    countFrom: sql`${table}`,
    filters: { name: containsFilter(table.name, 'name', (query: NamedListQuery) => query.name) },
    // Names are unique ignoring case: lower(name) orders every row.
    sorts: { id: { by: table.id, unique: true }, name: { by: sql`lower(${table.name})`, unique: true } },
    sortOf: sortOfOrder('name'),
    tieBreak: table.id,
    item: (row) => ({ id: row.id, name: row.name }),
  };
  return {
    versions: tableVersions(table),
    list(db: Db, query: NamedListQuery) {
      return listPage(db, listed, query);
    },
    async find(db: Db, id: number): Promise<NamedRow | undefined> {
      const [row] = await db.select(fields).from(table).where(eq(table.id, id));
      return row;
    },
    async insert(db: Db, name: string): Promise<NamedRow> {
      const [row] = await db.insert(table).values({ name }).returning(fields);
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(db: Db, id: number, name: string, by: { username: string }): Promise<NamedRow | undefined> {
      const [row] = await db
        .update(table)
        .set({ name, ...nextVersion(table, by) })
        .where(eq(table.id, id))
        .returning(fields);
      return row;
    },
    /** 400 on `name` when another row has it, ignoring case. */
    assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
      return assertUnique(db, { table, column: table.name, idColumn: table.id, value: name, exceptId, field: 'name' });
    },
    /** Deleted only while no other row uses it (db/remove-unused). */
    remove(db: Db, id: number): Promise<void> {
      return removeUnlessUsed(db, table, table.id, id);
    },
  };
}
