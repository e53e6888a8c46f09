/**
 * Saved views (docs/decisions/253): a list screen's URL query (filters, sort) and its visible
 * columns under a name, private to its owner or shared with everyone, with one default per user and
 * list. `/api/saved_views`.
 */
import { z } from 'zod';
import { ALREADY_USED } from './users';
import { INVALID_VALUE_MESSAGE, REQUIRED_MESSAGE, integerId, listResponse, recordVersion, requiredString } from './common';
import type { Ability } from './permissions';

/** The list screens that keep views, each with the ability that opens it (docs/product.md §6). */
export const SAVED_VIEW_LISTS = {
  receipts: 'receipts',
  main: 'receipts',
  transferDeliveries: 'customers',
  scrapDeliveries: 'customers',
  coolers: 'coolers',
  endOfDaySheet: 'endOfDaySheet',
} as const satisfies Record<string, Ability>;
export type SavedViewList = keyof typeof SAVED_VIEW_LISTS;
export const SAVED_VIEW_LIST_KEYS = Object.keys(SAVED_VIEW_LISTS) as [SavedViewList, ...SavedViewList[]];
export const savedViewListKey = z.enum(SAVED_VIEW_LIST_KEYS, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? REQUIRED_MESSAGE : 'Choose one of the list screens.'),
});

export const SAVED_VIEW_NAME_MAX = 80;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Pairs in a view's query: more than any list has filters (Master Data has 11, plus one sort). */
export const SAVED_VIEW_QUERY_MAX_PAIRS = 30;
export const SAVED_VIEW_COLUMNS_MAX = 40;
/** Views one person keeps of one list. */
export const SAVED_VIEWS_PER_LIST = 50;
/** At most this many views (own and shared) answer one list's GET, by name. */
export const SAVED_VIEWS_ANSWER_MAX = 200;

export const TOO_MANY_VIEWS = `You can keep at most ${SAVED_VIEWS_PER_LIST} views of a list.`;
export const NOT_A_QUERY = 'This is not a list query (key=value pairs joined by &).';
export const VIEW_NAME_TAKEN = ALREADY_USED;
export const NOT_YOUR_VIEW = 'Only the person who saved a view can change or delete it.';

/**
 * One query key: a list parameter name, optionally with one bracketed part (`order[lbNumber]`,
 * `receiptDate[after]`) — what components/list writes, and nothing else.
 */
const QUERY_KEY = /^[A-Za-z][A-Za-z0-9_.]{0,59}(\[[A-Za-z0-9_]{1,60}\])?$/;
/** A percent-encoded value: unreserved characters, sub-delims but & and =, ':', '@', '/', '?', '%XX', '+'. */
const QUERY_VALUE = /^(?:[A-Za-z0-9\-._~!$'()*,;:@/?+]|%[0-9A-Fa-f]{2})*$/;

/**
 * Whether `text` is a list query as the address bar holds it after '?': `key=value` pairs joined
 * by '&', keys as QUERY_KEY, values percent-encoded, at most SAVED_VIEW_QUERY_MAX_PAIRS; '' is the
 * list with nothing chosen.
 */
export function isListQuery(text: string): boolean {
  if (text === '') return true;
  const pairs = text.split('&');
  if (pairs.length > SAVED_VIEW_QUERY_MAX_PAIRS) return false;
  return pairs.every((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 1) return false;
    const key = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!QUERY_KEY.test(key) || !QUERY_VALUE.test(value)) return false;
    try {
      decodeURIComponent(value);
      return true;
    } catch {
      return false;
    }
  });
}

export const savedViewQuery = z
  .string({ error: INVALID_VALUE_MESSAGE })
  .trim()
  .max(SAVED_VIEW_QUERY_MAX, `This value is too long. It should have ${SAVED_VIEW_QUERY_MAX} characters or less.`)
  .refine(isListQuery, NOT_A_QUERY);

/** A column's key as the list screens name them (`serialNumber`, `deliveryNoteNo`). */
export const columnKey = z.string({ error: INVALID_VALUE_MESSAGE }).regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, INVALID_VALUE_MESSAGE);

/** The columns shown, in no particular order; null: every column of the list. */
export const visibleColumns = z
  .array(columnKey, { error: INVALID_VALUE_MESSAGE })
  .min(1, 'Show at least one column.')
  .max(SAVED_VIEW_COLUMNS_MAX, `At most ${SAVED_VIEW_COLUMNS_MAX} columns.`)
  .refine((keys) => new Set(keys).size === keys.length, 'Each column once.')
  .nullable();

export const savedViewBody = z.object({
  name: requiredString(SAVED_VIEW_NAME_MAX),
  query: savedViewQuery.default(''),
  visibleColumns: visibleColumns.default(null),
  shared: z.boolean({ error: INVALID_VALUE_MESSAGE }).default(false),
});
export const savedViewCreateBody = savedViewBody.extend({ list: savedViewListKey });
export type SavedViewCreateBody = z.infer<typeof savedViewCreateBody>;
/** An update changes the name, query, columns and sharing; a view stays on its list. */
export const savedViewUpdateBody = savedViewBody;
export type SavedViewUpdateBody = z.infer<typeof savedViewUpdateBody>;

export const savedViewListQuery = z.object({ list: savedViewListKey });
export type SavedViewListQuery = z.infer<typeof savedViewListQuery>;

export const savedViewParams = z.object({ id: integerId });

export const savedView = z.object({
  id: z.number().int(),
  list: savedViewListKey,
  name: z.string(),
  query: z.string(),
  visibleColumns: z.array(z.string()).nullable(),
  shared: z.boolean(),
  /** The owner's name (who to ask about a shared view). */
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** Saved by the signed-in user: only they may change or delete it. */
  mine: z.boolean(),
  /** The signed-in user's default view of this list. */
  isDefault: z.boolean(),
  version: recordVersion,
});
export type SavedView = z.infer<typeof savedView>;

export const savedViewListResponse = listResponse(savedView);
export type SavedViewListResponse = z.infer<typeof savedViewListResponse>;
