/**
 * The top-bar search (docs/decisions/249): the records the text names exactly — an LB number, a
 * serial, a delivery note number ('54', 'DN 54') — and up to SEARCH_LIMIT partial matches of each
 * kind unless the text is a whole code, only of the kinds the user may open. Partial matches of
 * text need SEARCH_MIN_PARTIAL characters; an exact match is never repeated among them.
 */
import { DELIVERY_TYPE_TABLE } from '@cooler-hub/contract/delivery-types';
import type { Permission } from '@cooler-hub/contract/permissions';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
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

const receiptHit = (r: repo.ReceiptHitRow): SearchHit => ({ kind: 'receipt', id: r.id, label: r.lbNumber, detail: r.serialNumber });
const coolerHit = (c: repo.CoolerHitRow): SearchHit => ({ kind: 'cooler', id: c.id, label: c.serialNumber, detail: c.partNumber });
const noteHit = (n: repo.NoteHitRow): SearchHit => ({
  kind: 'deliveryNote',
  id: n.id,
  type: n.type,
  label: `DN ${n.id}`,
  detail: [DELIVERY_TYPE_TABLE[n.type].label, n.status, n.customer].filter(Boolean).join(' · '),
});

type Finder = (db: Db, q: string) => Promise<SearchHit[]>;

/** Exact lookups, by unique index. */
const EXACT: Partial<Record<SearchKind, Finder>> = {
  receipt: async (db, q) => (await repo.receiptByLbNumber(db, normalizeLbNumber(q))).map(receiptHit),
  cooler: async (db, q) => (await repo.coolerBySerial(db, q)).map(coolerHit),
  deliveryNote: async (db, q) => {
    const id = deliveryNumberOf(q);
    return id === null ? [] : (await repo.noteById(db, id)).map(noteHit);
  },
};

/** Partial lookups; each asks one more row than it shows, in case the exact match is among them. */
const PARTIAL: Record<SearchKind, Finder> = {
  receipt: async (db, q) => (q.length < SEARCH_MIN_PARTIAL ? [] : (await repo.receiptsContaining(db, q, SEARCH_LIMIT + 1)).map(receiptHit)),
  cooler: async (db, q) => (q.length < SEARCH_MIN_PARTIAL ? [] : (await repo.coolersContaining(db, q, SEARCH_LIMIT + 1)).map(coolerHit)),
  deliveryNote: async (db, q) => {
    const prefix = deliveryNumberOf(q);
    return prefix === null ? [] : (await repo.notesStartingWith(db, prefix, SEARCH_LIMIT + 1)).map(noteHit);
  },
  customerAccount: async (db, q) =>
    q.length < SEARCH_MIN_PARTIAL
      ? []
      : (await repo.customerAccountsContaining(db, q, SEARCH_LIMIT + 1)).map((a) => ({ kind: 'customerAccount', id: a.id, label: a.name, detail: a.client })),
  client: async (db, q) =>
    q.length < SEARCH_MIN_PARTIAL ? [] : (await repo.clientsContaining(db, q, SEARCH_LIMIT + 1)).map((c) => ({ kind: 'client', id: c.id, label: c.name, detail: null })),
  partNumber: async (db, q) =>
    q.length < SEARCH_MIN_PARTIAL
      ? []
      : (await repo.partNumbersContaining(db, q, SEARCH_LIMIT + 1)).map((p) => ({ kind: 'partNumber', id: p.id, label: p.partNumber, detail: p.description })),
};

const keyOf = (hit: SearchHit) => `${hit.kind}:${String(hit.id)}`;
/** 'DN 54': a note named as a note, not digits that may be part of another code. */
const NOTE_PREFIX = /^\s*dn/i;

export class SearchService {
  constructor(private readonly db: Db) {}

  /**
   * `q` is trimmed and non-empty (the contract); `permissions` are the signed-in user's. The
   * lookups run one after another on one connection: each is an index probe, and a search must
   * not take most of the pool's connections at once.
   */
  async search(q: string, permissions: readonly Permission[]): Promise<SearchResponse> {
    const kinds = searchableKinds(permissions);
    const exact: SearchHit[] = [];
    for (const kind of kinds) exact.push(...((await EXACT[kind]?.(this.db, q)) ?? []));
    // A whole code (a scan, a pasted LB number or serial, 'DN 54') is answered by what it names
    // alone: the partial lookups would only list longer codes that contain it. Bare digits naming
    // a note may as well be part of a serial or an LB number, so those still list the partial
    // matches (docs/decisions/249).
    if (exact.some((hit) => hit.kind !== 'deliveryNote') || (exact.length > 0 && NOTE_PREFIX.test(q))) return { q, exact, groups: [] };
    const shown = new Set(exact.map(keyOf));
    const groups: SearchGroup[] = [];
    for (const kind of kinds) {
      const items = (await PARTIAL[kind](this.db, q)).filter((hit) => !shown.has(keyOf(hit))).slice(0, SEARCH_LIMIT);
      if (items.length > 0) groups.push({ kind, items });
    }
    return { q, exact, groups };
  }
}
