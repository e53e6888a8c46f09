/**
 * SQL of the top-bar search (docs/decisions/249). Each lookup is a small SELECT of one kind's hits;
 * `readLookups` runs any set of them as one statement, so a search costs one round trip per stage
 * and not one per kind. Exact lookups go through unique indexes (receipts_lb_number_unique,
 * coolers_serial_number_unique, the notes' primary key); partial ones through the trigram indexes
 * on lower(lb_number), lower(serial_number), lower(part_number) and an account's lower(name), or
 * walk the btree that already orders those columns until LIMIT is met (the serial and account
 * walks read covering indexes alone, migration 0013). Names and descriptions are joined to the few
 * rows a LIMIT kept, never to every candidate. Clients (hundreds) have no trigram index and are scanned.
 * Every lookup is built once, over placeholders (`LookupValues`), and each set of them is built into
 * its statement once: a search only fills in its values.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryStatus } from '@cooler-hub/contract/deliveries';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import type { Db } from '../../db/client';
import { containsByTail, containsPattern, longerThanTail, matchesPattern, tailPattern } from '../../db/paging';
import { nameStatement, selectNamedRows, type NamedStatement } from '../../db/rows';
import { clients, coolers, customerAccounts, deliveries, partNumbers, receipts } from '../../db/schema';

/**
 * A hit as every lookup selects it: `id`, `label`, `detail`, a note's `type` and `status` (null for
 * other kinds), and `sort`, the order the lookup's own ORDER BY gives.
 */
export interface HitRow {
  id: string | number;
  label: string | null;
  detail: string | null;
  type: DeliveryType | null;
  status: DeliveryStatus | null;
}

/** A SELECT of the columns of HitRow and `sort` over the placeholders of LookupValues; `id` tells it from every other lookup. */
export interface Lookup {
  readonly id: number;
  readonly sql: SQL;
}

let lookupsMade = 0;
const lookup = (query: SQL): Lookup => ({ id: lookupsMade++, sql: query });

/** What a search's lookups read, filled into their placeholders on each call. */
export interface LookupValues {
  /** The text searched: a serial exactly, or part of a code or name. */
  text: string;
  /** The text as an LB number. */
  lbNumber: string;
  /** The note number the text names, or the start of one; null when it names none. */
  note: number | null;
  /** Rows a partial lookup reads. */
  limit: number;
}

const placeholder = {
  text: sql.placeholder('text'),
  lbNumber: sql.placeholder('lbNumber'),
  note: sql.placeholder('note'),
  limit: sql.placeholder('limit'),
  /** The text upper-cased: the start of an LB number. */
  lbStart: sql.placeholder('lbStart'),
  /** The text as a LIKE pattern of "contains" (containsPattern). */
  pattern: sql.placeholder('pattern'),
  /** The containsPattern of the text's tail (paging's tailPattern): what a serial search asks the trigram index for. */
  tail: sql.placeholder('tail'),
};

/** Each set of lookups built into its statement, by the set's keys and lookups: a few sets in all (stages, kinds a role may open, an LB start or not). */
const statements = new Map<string, NamedStatement>();

/**
 * The hits of every lookup, in one statement: one row, each lookup's hits a JSON array in its own
 * order (json_agg's ORDER BY, the same key the lookup's LIMIT kept them by; id breaks ties).
 */
export async function readLookups<K extends string>(db: Db, lookups: Map<K, Lookup>, values: LookupValues): Promise<Map<K, HitRow[]>> {
  if (lookups.size === 0) return new Map();
  const entries = [...lookups];
  const shape = entries.map(([key, { id }]) => `${key}=${id}`).join(',');
  let statement = statements.get(shape);
  if (!statement) {
    const columns = entries.map(
      (
        [, lookup],
        i,
      ) => sql`(select coalesce(json_agg(json_build_object('id', h.id, 'label', h.label, 'detail', h.detail, 'type', h.type, 'status', h.status)
        order by h.sort, h.id), '[]') from (${lookup.sql}) h) as ${sql.identifier(`k${i}`)}`,
    );
    statement = nameStatement(db, sql`select ${sql.join(columns, sql`, `)}`);
    statements.set(shape, statement);
  }
  const filled = {
    ...values,
    lbStart: normalizeLbNumber(values.text),
    pattern: containsPattern(values.text),
    tail: tailPattern(values.text),
  };
  const [row] = await selectNamedRows<Record<string, HitRow[] | string>>(db, statement, filled);
  // node-postgres parses json columns; a driver that hands back text gets it parsed here.
  const hitsOf = (value: HitRow[] | string | undefined): HitRow[] =>
    typeof value === 'string' ? (JSON.parse(value) as HitRow[]) : (value ?? []);
  return new Map(entries.map(([key], i) => [key, hitsOf(row?.[`k${i}`])]));
}

const notNote = sql`null::text as type, null::text as status`;

/** Receipts of `chosen` (a SELECT of receipts' id, lb_number and inventory_item_id), with their cooler's serial. */
const receiptHits = (chosen: SQL, where: SQL = sql`true`): Lookup =>
  lookup(sql`select s.id, s.lb_number as label, (select ${coolers.serialNumber} from ${coolers} where ${coolers.id} = s.inventory_item_id) as detail,
    ${notNote}, s.lb_number as sort from (${chosen}) s where ${where}`);
const receiptColumns = sql`select ${receipts.id} as id, ${receipts.lbNumber} as lb_number, ${receipts.inventoryItemId} as inventory_item_id from ${receipts}`;

/** The receipt whose LB number is exactly `lbNumber` (stored upper-cased). */
export const receiptByLbNumber = receiptHits(sql`${receiptColumns} where ${receipts.lbNumber} = ${placeholder.lbNumber} limit 1`);

/** 'LB' and digits, maybe none yet: the start of an LB number as a person types or a scanner sends it. */
const LB_NUMBER_START = /^LB\d*$/;

const receiptsFromLbStart = receiptHits(
  sql`${receiptColumns} where ${receipts.lbNumber} >= ${placeholder.lbStart} order by ${receipts.lbNumber} limit ${placeholder.limit}`,
  sql`starts_with(s.lb_number, ${placeholder.lbStart})`,
);
const receiptsWithPattern = receiptHits(
  sql`${receiptColumns} where ${matchesPattern(receipts.lbNumber, placeholder.pattern)} order by ${receipts.lbNumber} limit ${placeholder.limit}`,
);

/**
 * Receipts whose LB number contains `text`, in LB order. An LB number is 'LB' and digits, so a text
 * of that shape can only be its start: the matches are one run of receipts_lb_number_unique from
 * the text on, and the first `limit` rows there are the answer once those not starting with it are
 * dropped (a few index entries, where the trigram index reads every LB number sharing 'lb1',
 * 'b10', … — thousands). Any other text is searched "contains" by the trigram index.
 */
export const receiptsContaining = (text: string): Lookup =>
  LB_NUMBER_START.test(normalizeLbNumber(text)) ? receiptsFromLbStart : receiptsWithPattern;

/** Coolers of `chosen` (a SELECT of coolers' id, serial_number and part_number_id), with their part number. */
const coolerHits = (chosen: SQL): Lookup =>
  lookup(sql`select s.id, s.serial_number as label, (select ${partNumbers.partNumber} from ${partNumbers} where ${partNumbers.id} = s.part_number_id) as detail,
    ${notNote}, lower(s.serial_number) as sort from (${chosen}) s`);
const coolerColumns = sql`select ${coolers.id} as id, ${coolers.serialNumber} as serial_number, ${coolers.partNumberId} as part_number_id from ${coolers}`;

/** The cooler whose serial is the text, any case (serials are unique regardless of case). */
export const coolerBySerial = coolerHits(sql`${coolerColumns} where lower(${coolers.serialNumber}) = lower(${placeholder.text}) limit 1`);

const coolersWhere = (condition: SQL): Lookup =>
  coolerHits(sql`${coolerColumns} where ${condition} order by lower(${coolers.serialNumber}) limit ${placeholder.limit}`);
const coolersWithPattern = coolersWhere(matchesPattern(coolers.serialNumber, placeholder.pattern));
const coolersWithTail = coolersWhere(containsByTail(coolers.serialNumber, placeholder.text, placeholder.tail));

/** Coolers whose serial contains `text`: a text longer than its tail asks the trigram index for the tail (docs/decisions/289). */
export const coolersContaining = (text: string): Lookup => (longerThanTail(text) ? coolersWithTail : coolersWithPattern);

/** Notes matching `where`, in number order, with their customer account's name. */
const noteHits = (where: SQL, limit: SQL): SQL =>
  sql`select ${deliveries.id} as id, null::text as label,
    (select ${customerAccounts.name} from ${customerAccounts} where ${customerAccounts.id} = ${deliveries.customerAccountId}) as detail,
    ${deliveries.type}::text as type, ${deliveries.status}::text as status, ${deliveries.id} as sort
    from ${deliveries} where ${where} order by ${deliveries.id} limit ${limit}`;

export const noteById = lookup(noteHits(sql`${deliveries.id} = ${placeholder.note}`, sql`1`));

/**
 * Notes whose number starts with the digits of the note number and is longer: 54 → 540–549,
 * 5400–5499, … — one range of the primary key for each extra digit, 1 to 9 (a note number has at
 * most 10), so an index serves each (a cast to text would not). The ranges are made in SQL, so one
 * statement serves every prefix.
 */
export const notesStartingWith = lookup(
  sql`select n.* from generate_series(1, 9) as extra(digits)
    cross join lateral (select ${placeholder.note}::bigint * (10 ^ extra.digits)::bigint as low, (10 ^ extra.digits)::bigint as width) r
    cross join lateral (${noteHits(sql`${deliveries.id} between r.low and r.low + r.width - 1`, sql`${placeholder.limit}`)}) n
    order by n.sort limit ${placeholder.limit}`,
);

export const customerAccountsContaining = lookup(
  sql`select s.id, s.name as label, (select ${clients.name} from ${clients} where ${clients.id} = s.client_id) as detail, ${notNote}, lower(s.name) as sort
    from (select ${customerAccounts.id} as id, ${customerAccounts.name} as name, ${customerAccounts.clientId} as client_id from ${customerAccounts}
      where ${matchesPattern(customerAccounts.name, placeholder.pattern)} order by lower(${customerAccounts.name}), ${customerAccounts.id} limit ${placeholder.limit}) s`,
);

export const clientsContaining = lookup(
  sql`select ${clients.id} as id, ${clients.name} as label, null::text as detail, ${notNote}, lower(${clients.name}) as sort
    from ${clients} where ${matchesPattern(clients.name, placeholder.pattern)} order by lower(${clients.name}), ${clients.id} limit ${placeholder.limit}`,
);

export const partNumbersContaining = lookup(
  sql`select ${partNumbers.id} as id, ${partNumbers.partNumber} as label, ${partNumbers.description} as detail, ${notNote}, lower(${partNumbers.partNumber}) as sort
    from ${partNumbers} where ${matchesPattern(partNumbers.partNumber, placeholder.pattern)} order by lower(${partNumbers.partNumber}), ${partNumbers.id} limit ${placeholder.limit}`,
);
