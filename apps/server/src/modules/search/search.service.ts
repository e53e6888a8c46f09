/**
 * The top-bar search (docs/decisions/249): the records the text names exactly — an LB number, a
 * serial, a delivery note number ('54', 'DN 54') — and up to SEARCH_LIMIT partial matches of each
 * kind unless the text is a whole code, only of the kinds the user may open. Partial matches of
 * text need SEARCH_MIN_PARTIAL characters; an exact match is never repeated among them.
 */
import { DELIVERY_TYPE_TABLE, deliveryType } from '@cooler-hub/contract/delivery-types';
import type { Permission } from '@cooler-hub/contract/permissions';
import { LB_NUMBER_PATTERN, normalizeLbNumber } from '@cooler-hub/contract/rules';
import {
  deliveryNumberOf,
  SEARCH_LIMIT,
  SEARCH_MIN_PARTIAL,
  searchableKinds,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
} from '@cooler-hub/contract/search';
import type { Db } from '../../db/client';
import * as repo from './search.repository';

/** A lookup's row as the hit its kind shows. */
const HIT: Record<SearchKind, (row: repo.HitRow) => SearchHit> = {
  receipt: (r) => ({ kind: 'receipt', id: String(r.id), label: r.label ?? '', detail: r.detail }),
  cooler: (r) => ({ kind: 'cooler', id: String(r.id), label: r.label ?? '', detail: r.detail }),
  deliveryNote: (r) => {
    const type = deliveryType.parse(r.type);
    return {
      kind: 'deliveryNote',
      id: Number(r.id),
      type,
      label: `DN ${String(r.id)}`,
      detail: [DELIVERY_TYPE_TABLE[type].label, r.status, r.detail].filter(Boolean).join(' · '),
    };
  },
  customerAccount: (r) => ({ kind: 'customerAccount', id: Number(r.id), label: r.label ?? '', detail: r.detail }),
  client: (r) => ({ kind: 'client', id: Number(r.id), label: r.label ?? '', detail: null }),
  partNumber: (r) => ({ kind: 'partNumber', id: String(r.id), label: r.label ?? '', detail: r.detail }),
};

/** A kind's lookup of `q`, or null when `q` cannot name one of that kind. */
type Finder = (q: string) => repo.Lookup | null;

/** Exact lookups, by unique index. */
const EXACT: Partial<Record<SearchKind, Finder>> = {
  receipt: (q) => (LB_NUMBER_PATTERN.test(normalizeLbNumber(q)) ? repo.receiptByLbNumber : null),
  cooler: () => repo.coolerBySerial,
  deliveryNote: (q) => (deliveryNumberOf(q) === null ? null : repo.noteById),
};

/** Partial lookups of text; each reads one more row than it shows, in case the exact match is among them. */
const text =
  (lookup: (q: string) => repo.Lookup): Finder =>
  (q) =>
    q.length < SEARCH_MIN_PARTIAL ? null : lookup(q);
const PARTIAL: Record<SearchKind, Finder> = {
  receipt: text(repo.receiptsContaining),
  cooler: text(repo.coolersContaining),
  deliveryNote: (q) => (deliveryNumberOf(q) === null ? null : repo.notesStartingWith),
  customerAccount: text(() => repo.customerAccountsContaining),
  client: text(() => repo.clientsContaining),
  partNumber: text(() => repo.partNumbersContaining),
};

type Stage = 'exact' | 'partial';
const FINDERS: Record<Stage, Partial<Record<SearchKind, Finder>>> = { exact: EXACT, partial: PARTIAL };
type Found = Map<SearchKind, SearchHit[]>;

/** Each stage's hits of each kind for `q`, all read in one statement; kinds a finder has nothing to look up for are left out. */
async function find(db: Db, stages: readonly Stage[], kinds: readonly SearchKind[], q: string): Promise<Record<Stage, Found>> {
  const lookups = new Map<`${Stage}:${SearchKind}`, repo.Lookup>();
  for (const stage of stages) {
    for (const kind of kinds) {
      const lookup = FINDERS[stage][kind]?.(q);
      if (lookup) lookups.set(`${stage}:${kind}`, lookup);
    }
  }
  const rows = await repo.readLookups(db, lookups, {
    text: q,
    lbNumber: normalizeLbNumber(q),
    note: deliveryNumberOf(q),
    limit: SEARCH_LIMIT + 1,
  });
  const found: Record<Stage, Found> = { exact: new Map(), partial: new Map() };
  for (const [key, hits] of rows) {
    const [stage, kind] = key.split(':') as [Stage, SearchKind];
    found[stage].set(kind, hits.map(HIT[kind]));
  }
  return found;
}

const keyOf = (hit: SearchHit) => `${hit.kind}:${String(hit.id)}`;
/** 'DN 54': a note named as a note, not digits that may be part of another code. */
const NOTE_PREFIX = /^\s*dn/i;
/** Digits alone: a note's number, or part of a serial or an LB number. */
const BARE_DIGITS = /^\d+$/;

export class SearchService {
  constructor(private readonly db: Db) {}

  /**
   * `q` is trimmed and non-empty (the contract); `permissions` are the signed-in user's. At most two
   * statements: the exact lookups together, then, unless they named the record, the partial ones
   * together; bare digits, one statement of both.
   */
  async search(q: string, permissions: readonly Permission[]): Promise<SearchResponse> {
    const kinds = searchableKinds(permissions);
    // Bare digits almost always list their partial matches too (below): both stages are read in
    // one statement.
    const digits = BARE_DIGITS.test(q);
    const first = await find(this.db, digits ? ['exact', 'partial'] : ['exact'], kinds, q);
    const exact = [...first.exact.values()].flat();
    // A whole code (a scan, a pasted LB number or serial, 'DN 54') is answered by what it names
    // alone: the partial lookups would only list longer codes that contain it. Bare digits naming
    // a note may as well be part of a serial or an LB number, so those still list the partial
    // matches (docs/decisions/249).
    if (exact.some((hit) => hit.kind !== 'deliveryNote') || (exact.length > 0 && NOTE_PREFIX.test(q))) return { q, exact, groups: [] };
    const shown = new Set(exact.map(keyOf));
    const partial = digits ? first.partial : (await find(this.db, ['partial'], kinds, q)).partial;
    const groups: SearchGroup[] = [];
    for (const kind of kinds) {
      const items = (partial.get(kind) ?? []).filter((hit) => !shown.has(keyOf(hit))).slice(0, SEARCH_LIMIT);
      if (items.length > 0) groups.push({ kind, items });
    }
    return { q, exact, groups };
  }
}
