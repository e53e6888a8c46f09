/**
 * Search from the top bar (docs/decisions/249): `GET /api/search?q=` answers the exact matches
 * (an LB number, a serial, a delivery note number) and up to SEARCH_LIMIT partial matches of each
 * kind the user may open, in one call.
 */
import { z } from 'zod';
import { requiredString } from './common';
import { deliveryType } from './delivery-types';
import { can, type Ability } from './permissions';

/** The kinds a search finds, in the order the results show them. */
export const SEARCH_KINDS = ['receipt', 'cooler', 'deliveryNote', 'customerAccount', 'client', 'partNumber'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The ability that opens each kind's screens: a kind is searched only for a user who has it. */
export const SEARCH_KIND_ABILITY: Record<SearchKind, Ability> = {
  receipt: 'receipts',
  cooler: 'coolers',
  deliveryNote: 'customers',
  customerAccount: 'customers',
  client: 'customers',
  partNumber: 'settings',
};

export function searchableKinds(permissions: readonly string[]): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => can(permissions, SEARCH_KIND_ABILITY[kind]));
}

/** Partial matches per kind. */
export const SEARCH_LIMIT = 5;
/** Partial text matches need this many characters (fewer give a trigram index nothing to narrow by). */
export const SEARCH_MIN_PARTIAL = 3;
export const SEARCH_MAX_LENGTH = 100;

/** `GET /api/search?q=`: blank → 'Required Field' on q. */
export const searchQuery = z.object({ q: requiredString(SEARCH_MAX_LENGTH) });
export type SearchQuery = z.infer<typeof searchQuery>;

/** 'DN 54', 'dn54', '54' → 54: how a person names a delivery note. */
export function deliveryNumberOf(q: string): number | null {
  const match = /^(?:DN\s*)?(\d{1,10})$/i.exec(q.trim());
  if (!match?.[1]) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

const hitBase = {
  /** What the result shows first: the LB number, serial, note number or name. */
  label: z.string(),
  /** A second line: the cooler's part number, the note's type and status, the account's client. */
  detail: z.string().nullable(),
};

export const searchHit = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('receipt'), id: z.string(), ...hitBase }),
  z.object({ kind: z.literal('cooler'), id: z.string(), ...hitBase }),
  z.object({ kind: z.literal('deliveryNote'), id: z.number().int(), type: deliveryType, ...hitBase }),
  z.object({ kind: z.literal('customerAccount'), id: z.number().int(), ...hitBase }),
  z.object({ kind: z.literal('client'), id: z.number().int(), ...hitBase }),
  z.object({ kind: z.literal('partNumber'), id: z.string(), ...hitBase }),
]);
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchHit) });
export type SearchGroup = z.infer<typeof searchGroup>;

/**
 * `exact`: the records the text names exactly (one opens with no further click; several are a
 * choice). `groups`: the partial matches of each searched kind that has any, exact ones left out.
 */
export const searchResponse = z.object({ q: z.string(), exact: z.array(searchHit), groups: z.array(searchGroup) });
export type SearchResponse = z.infer<typeof searchResponse>;
