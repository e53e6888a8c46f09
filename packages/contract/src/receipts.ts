/**
 * Receipts (docs/product.md §2.6–2.9, §3, §4, §5.3, §7; docs/decisions/090): the answer, the create and update
 * bodies with the rules of parts 4 and 5.3 — shared by the server and the web's forms — the Master
 * Data list query.
 */
import { z } from 'zod';
import {
  INVALID_VALUE_MESSAGE,
  listQuery,
  listResponse,
  namedRef,
  optionalReferenceId,
  optionalText,
  queryValue,
  referenceId,
  REQUIRED_MESSAGE,
  searchText,
} from './common';
import { uuidReference } from './coolers';
import { DELIVERY_TYPES } from './delivery-types';
import { LB_NUMBER_PATTERN, WRONG_LB_NUMBER, normalizeLbNumber } from './rules';
import { scrapReasonCodeFilter } from './settings';

// ── process option, state, scrap reason, mode (docs/product.md §4) ──────────────────────────────────────────

export const PROCESS_OPTIONS = ['X', 'D', 'S'] as const;
export const processOption = z.enum(PROCESS_OPTIONS);
export type ProcessOption = z.infer<typeof processOption>;

/** D1–D4 read as success, D5 as danger (docs/product.md §4). */
export const PROCESS_STATES = ['D1', 'D2', 'D3', 'D4', 'D5'] as const;
export const processState = z.enum(PROCESS_STATES);
export type ProcessState = z.infer<typeof processState>;

/** A process state applies only to option D. */
export function processStateApplies(option: unknown): boolean {
  return option === 'D';
}

/** A scrap reason applies to option S, and to D with state D5. */
export function scrapReasonApplies(option: unknown, state: unknown): boolean {
  return option === 'S' || (option === 'D' && state === 'D5');
}

/** docs/product.md §4: 'D1'–'D4' success, 'D5' danger. */
export function processStateTone(state: ProcessState): 'success' | 'danger' {
  return state === 'D5' ? 'danger' : 'success';
}

/** The Status column of /main: option and state joined by a slash ('D/D3', 'X'). */
export function receiptStatus(r: { processOption: ProcessOption; processState: ProcessState | null }): string {
  return r.processState ? `${r.processOption}/${r.processState}` : r.processOption;
}

export const NO_MODE_MESSAGE = 'Choose a collection point or enter an engineer number.';
export const BOTH_MODES_MESSAGE = 'A receipt has a collection point or an engineer number, not both.';

// ── the answer ──────────────────────────────────────────────────────────────────────────────────

export const receiptCooler = z.object({
  id: z.uuid(),
  serialNumber: z.string(),
  partNumber: z.object({ id: z.uuid(), partNumber: z.string() }),
  /** YYYY-MM-DD */
  dateOfManufacture: z.iso.date(),
});

export const receipt = z.object({
  id: z.uuid(),
  lbNumber: z.string(),
  /** ISO 8601 UTC. */
  receiptDate: z.iso.datetime(),
  supplier: namedRef,
  /** The customer account. */
  account: namedRef,
  inventoryItem: receiptCooler,
  collectionPoint: namedRef.nullable(),
  engineerNo: z.string().nullable(),
  processOption,
  processState: processState.nullable(),
  /** The scrap reason's code. */
  scrapReason: z.number().int().nullable(),
  notes: z.string().nullable(),
  tagFaultComment: z.string().nullable(),
  assetNo: z.string().nullable(),
  isExported: z.boolean(),
  // Read-only columns of the lists and the end-of-day sheet (docs/decisions/090).
  /** The supplier's name (the form's 'Supplier Code' picks the supplier). */
  supplierCode: z.string(),
  /** The customer account's name. */
  accountNo: z.string(),
  /** The name of the account's client. */
  customer: z.string(),
  /** The LB tag's number: the LB number. */
  tagNumber: z.string(),
  /** No form or call writes an RO number (docs/product.md §3): always null. */
  roNumber: z.string().nullable(),
  /** The transfer or scrap note holding this LB number; null until delivery notes exist. */
  deliveryNoteNo: z.string().nullable(),
  deliveryId: z.number().int().nullable(),
  deliveryType: z.enum(DELIVERY_TYPES).nullable(),
});
export type Receipt = z.infer<typeof receipt>;

// ── bodies ──────────────────────────────────────────────────────────────────────────────────────

export const LB_NUMBER_MAX = 50;

/** 'LB' and digits; trimmed and upper-cased first (a scanner or a hand may type 'lb123'). */
export const lbNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? normalizeLbNumber(v) : v),
  z
    .string()
    .max(LB_NUMBER_MAX, `This value is too long. It should have ${LB_NUMBER_MAX} characters or less.`)
    .regex(LB_NUMBER_PATTERN, WRONG_LB_NUMBER),
);

/** A receipt's scrap reason by its code (docs/product.md §3, docs/architecture.md §4); empty or null means none. */
const scrapReasonCode = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: (i) => (i.input === undefined ? undefined : INVALID_VALUE_MESSAGE) })
    .int(INVALID_VALUE_MESSAGE)
    .min(0, INVALID_VALUE_MESSAGE)
    .max(2_147_483_647, INVALID_VALUE_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
);

const optionalProcessState = z.preprocess(
  (v) => (v === '' ? null : v),
  processState.nullish().transform((v) => v ?? null),
);

const receiptFields = {
  lbNumber,
  /** Supplier id. */
  supplier: referenceId,
  /** Customer account id. */
  customerAccount: referenceId,
  /** The cooler's id. */
  inventoryItem: uuidReference,
  processOption: z.preprocess((v) => (v === '' || v === null ? undefined : v), processOption),
  processState: optionalProcessState,
  scrapReason: scrapReasonCode,
  /** Collection-point mode: the point's id; else null. */
  collectionPoint: optionalReferenceId,
  /** Engineer-number mode: the number (scanned or typed); else null. */
  engineerNo: optionalText(100),
  notes: optionalText(2000),
  tagFaultComment: optionalText(2000),
  assetNo: optionalText(100),
};

type RuleInput = {
  processOption?: unknown;
  processState?: unknown;
  scrapReason?: unknown;
  collectionPoint?: unknown;
  engineerNo?: unknown;
};

/**
 * The cross-field rules of docs/product.md §4 and §5.3. They run even when a single field failed (`when`), so a
 * form learns every problem at once; the values may then still be raw input, hence `unknown`.
 */
function checkReceiptRules(v: RuleInput, ctx: z.RefinementCtx): void {
  // No body at all: the object's own issue says so.
  if (typeof v !== 'object' || v === null) return;
  if (scrapReasonApplies(v.processOption, v.processState) && (v.scrapReason === null || v.scrapReason === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['scrapReason'], message: REQUIRED_MESSAGE });
  }
  const hasPoint = v.collectionPoint !== null && v.collectionPoint !== undefined;
  const hasEngineer = v.engineerNo !== null && v.engineerNo !== undefined;
  if (!hasPoint && !hasEngineer) ctx.addIssue({ code: 'custom', path: [], message: NO_MODE_MESSAGE });
  if (hasPoint && hasEngineer) ctx.addIssue({ code: 'custom', path: ['engineerNo'], message: BOTH_MODES_MESSAGE });
}

/** What a save keeps (docs/product.md §4: "the same clearing happens on submit"): state only with D, scrap reason only where it applies. */
function normalise<T extends { processOption: ProcessOption; processState: ProcessState | null; scrapReason: number | null }>(v: T): T {
  return {
    ...v,
    processState: processStateApplies(v.processOption) ? v.processState : null,
    scrapReason: scrapReasonApplies(v.processOption, v.processState) ? v.scrapReason : null,
  };
}

const always = { when: () => true };

/** PUT /api/receipts/{id}/main (docs/product.md §7): the whole receipt but its id and receipt date. */
export const receiptUpdateBody = z.object(receiptFields).superRefine(checkReceiptRules, always).transform(normalise);
export type ReceiptUpdateBody = z.infer<typeof receiptUpdateBody>;
export type ReceiptUpdateInput = z.input<typeof receiptUpdateBody>;

/** POST /api/receipts with a client-generated id (a retry with the same id and body creates nothing). */
export const receiptCreateBody = z
  .object({
    id: z.uuid(),
    /** ISO 8601 instant (an offset is accepted; stored and answered in UTC). */
    receiptDate: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.iso.datetime({ offset: true, error: (i) => (i.input === undefined ? undefined : 'Enter a date and time in ISO 8601 form.') }),
    ),
    ...receiptFields,
  })
  .superRefine(checkReceiptRules, always)
  .transform(normalise);
export type ReceiptCreateBody = z.infer<typeof receiptCreateBody>;
export type ReceiptCreateInput = z.input<typeof receiptCreateBody>;

// ── queries ─────────────────────────────────────────────────────────────────────────────────────

const DAY_MESSAGE = 'Enter a date as YYYY-MM-DD.';
/** A calendar day in a query, YYYY-MM-DD, read as the whole day in Europe/London. */
const queryDay = queryValue(z.iso.date({ error: DAY_MESSAGE }));

export const DAYS_REVERSED = 'The end date is before the start date.';

/**
 * Every date filter takes both forms (docs/decisions/206): one day, `receiptDate=YYYY-MM-DD`, or a
 * range, `receiptDate[after]=YYYY-MM-DD&receiptDate[before]=YYYY-MM-DD` (docs/architecture.md §4), both days
 * included, either end open. One day comes out as the range of that day.
 */
export const dayFilter = queryValue(
  z
    .union([z.iso.date({ error: DAY_MESSAGE }), z.object({ after: queryDay, before: queryDay })], { error: DAY_MESSAGE })
    .transform((v): { after?: string | undefined; before?: string | undefined } => (typeof v === 'string' ? { after: v, before: v } : v))
    .superRefine((range, ctx) => {
      if (range.after && range.before && range.before < range.after) {
        ctx.addIssue({ code: 'custom', path: ['before'], message: DAYS_REVERSED, input: range.before });
      }
    }),
);
export type DayFilter = z.infer<typeof dayFilter>;

/** 'true' / 'false' in a query string. */
export const queryBoolean = queryValue(
  z.union([
    z.boolean(),
    z.enum(['true', 'false', '1', '0'], { error: 'Enter true or false.' }).transform((v) => v === 'true' || v === '1'),
  ]),
);

/** Every column of Master Data and /main can be sorted (docs/product.md §2.2, §2.6, §2.8). */
export const RECEIPT_SORT_FIELDS = [
  'receiptDate',
  'lbNumber',
  'supplierCode',
  'accountNo',
  'deliveryNoteNo',
  'deliveryId',
  'serialNumber',
  'partNumber',
  'customer',
  'collectionPoint',
  'engineerNo',
  'dateOfManufacture',
  'processOption',
  'processState',
  'scrapReason',
  'isExported',
] as const;
export type ReceiptSortField = (typeof RECEIPT_SORT_FIELDS)[number];

/**
 * GET /api/receipts — the list query of docs/product.md §3 and the Master Data filters of §2.8. Text filters
 * (lbNumber, engineerNo, serialNumber) match "contains, any case"; customerId, partNumber and
 * inventoryItemId are ids. Default order receiptDate desc.
 */
export const receiptListQuery = listQuery(RECEIPT_SORT_FIELDS, {
  /** The customer account's id. */
  customerId: queryValue(referenceId),
  /** The part number's id. */
  partNumber: queryValue(z.uuid({ error: INVALID_VALUE_MESSAGE })),
  inventoryItemId: queryValue(z.uuid({ error: INVALID_VALUE_MESSAGE })),
  lbNumber: searchText(LB_NUMBER_MAX),
  engineerNo: searchText(100),
  serialNumber: searchText(100),
  receiptDate: dayFilter,
  processOption: queryValue(processOption),
  processState: queryValue(processState),
  isExported: queryBoolean,
  inDeliveryNote: queryBoolean,
  /** The receipts of one delivery note. */
  deliveryId: queryValue(referenceId),
  /** The scrap reason's code (docs/decisions/255: the dashboard's scrap figures link here). */
  scrapReason: scrapReasonCodeFilter,
  /**
   * The receipts on a transfer or scrap note approved on these London days, one day or a range as
   * every date filter takes (docs/decisions/255: the dashboard's turnaround links here).
   */
  noteApprovedDate: dayFilter,
});
export type ReceiptListQuery = z.infer<typeof receiptListQuery>;
export const receiptList = listResponse(receipt);
