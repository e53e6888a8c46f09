/**
 * Page boundaries of a list remembered under the list's version (docs/decisions/274): the sort key
 * and id of the first and last row of every page read, by position. A later page near a remembered
 * position is a seek from that row instead of an OFFSET that walks every row before it. A boundary
 * is used only if the seek reads the same version it was remembered under (checked by the caller):
 * any write to the list's tables gives a new version, after which positions are found again by
 * OFFSET.
 */
import type { Db } from './client';

/** One row's place in a sort: its sort key as text (null when the key is null) and its id. */
export interface Boundary {
  key: string | null;
  id: string;
}

/** A seek: from `boundary`, skip `skip` rows, forwards or (`reversed`) backwards. */
export interface Seek {
  boundary: Boundary;
  skip: number;
  reversed: boolean;
  version: string;
}

/** How far past a remembered row a seek may still skip (an index walk of this many rows is cheap). */
const SKIP_MAX = 1000;
/** Positions kept per query, and queries kept per database; the oldest are forgotten first. */
const MAX_POSITIONS = 256;
const MAX_QUERIES = 1000;

interface Remembered {
  version: string;
  at: Map<number, Boundary>;
}
const byDatabase = new WeakMap<Db, Map<string, Remembered>>();

/** The nearest remembered row to a page at `offset` … `offset + limit - 1` of `query`, if near enough. */
export function seekFrom(db: Db, query: string, offset: number, limit: number): Seek | undefined {
  const remembered = byDatabase.get(db)?.get(query);
  if (!remembered) return undefined;
  let best: Seek | undefined;
  for (const [position, boundary] of remembered.at) {
    // Before the page: skip what lies between it and the page. After the page: read backwards.
    const skip = position < offset ? offset - 1 - position : position - (offset + limit);
    if (skip < 0 || skip > SKIP_MAX || (best && best.skip <= skip)) continue;
    best = { boundary, skip, reversed: position >= offset + limit, version: remembered.version };
  }
  return best;
}

/** Remembers the first and last of `rows`, read at `offset` under their `version`. */
export function rememberBoundaries(db: Db, query: string, offset: number, rows: readonly (Boundary & { version: string })[]): void {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last || first.version !== last.version) return;
  let queries = byDatabase.get(db);
  if (!queries) byDatabase.set(db, (queries = new Map()));
  let remembered = queries.get(query);
  queries.delete(query);
  if (!remembered || remembered.version !== first.version) remembered = { version: first.version, at: new Map() };
  queries.set(query, remembered);
  if (queries.size > MAX_QUERIES) queries.delete(queries.keys().next().value!);
  remembered.at.set(offset, { key: first.key, id: first.id });
  remembered.at.set(offset + rows.length - 1, { key: last.key, id: last.id });
  while (remembered.at.size > MAX_POSITIONS) remembered.at.delete(remembered.at.keys().next().value!);
}
