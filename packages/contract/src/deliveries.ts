/**
 * Delivery notes (docs/product.md §2.13, §3, §4, §5.4, §7; docs/architecture.md §5; docs/decisions/150–159): transfer, scrap and
 * error-sheet notes, their lines (one per LB number), recipients (delivery e-mails) and the dispatch /
 * invoice addresses of transfers. Shared by the server's validation and the web's forms.
 */
import { z } from 'zod';
import {
  INVALID_VALUE_MESSAGE,
  integerId,
  listQuery,
  listResponse,
  namedRef,
  optionalText,
  queryValue,
  referenceId,
  REQUIRED_MESSAGE,
  required,
  searchText,
} from './common';
import { uuidReference } from './coolers';
import { DELIVERY_TYPES, lbNumber, LB_NUMBER_MAX, processOption, queryBoolean, type ProcessOption } from './receipts';
import { normalizeLbNumber } from './rules';

export { DELIVERY_TYPES };

// ── enumerations (docs/product.md §3) ───────────────────────────────────────────────────────────────────────

export const deliveryType = z.enum(DELIVERY_TYPES, { error: (i) => (i.input === undefined ? undefined : 'Choose transfer, scrap or error_sheet.') });
export type DeliveryType = z.infer<typeof deliveryType>;

/** The types whose notes hold an LB number exclusively (docs/architecture.md §5): at most one such note per LB. */
export const EXCLUSIVE_DELIVERY_TYPES = ['transfer', 'scrap'] as const satisfies readonly DeliveryType[];
export function isExclusiveType(type: DeliveryType): boolean {
  return type === 'transfer' || type === 'scrap';
}

export const DELIVERY_STATUSES = ['pending', 'approved'] as const;
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;

/** "delivery kinds" of docs/product.md §3: which address of a transfer. */
export const ADDRESS_TARGETS = ['dispatch', 'invoice'] as const;
export const addressTarget = z.enum(ADDRESS_TARGETS, { error: (i) => (i.input === undefined ? undefined : 'Choose dispatch or invoice.') });
export type AddressTarget = z.infer<typeof addressTarget>;

// ── messages ────────────────────────────────────────────────────────────────────────────────────

/** docs/product.md §5.4: the recipients of a transfer. */
export const EMAIL_MISSED = 'Email is missed';
export const DUPLICATE_LB_NUMBER = 'This LB number is already on this note.';
export const UNKNOWN_LB_NUMBER = 'No receipt has this LB number.';
export const noteHoldingMessage = (note: { id: number; type: DeliveryType }) =>
  `This LB number is already on ${note.type} delivery note ${note.id}.`;
export const APPROVED_READ_ONLY = 'This delivery note is approved and can no longer be changed.';
export const NOT_APPROVED_YET = 'Approve the delivery note before sending it.';
export const LAST_LINE = 'A delivery note keeps at least one LB number: delete the note instead.';
export const wrongTypeMessage = (actual: DeliveryType) => `This delivery note is of type ${actual}.`;
export const NO_ACCOUNT_EMAIL = 'This customer account has no e-mail address.';
export const INVALID_EMAIL_ADDRESS = 'This value is not a valid email address.';
/** The most LB numbers one note takes: a driver's sheet, not an export. */
export const MAX_LB_NUMBERS = 5000;

// ── e-mail status (docs/product.md §4, docs/architecture.md §5) ────────────────────────────────────────────────────────

export const EMAIL_STATUSES = ['Read', 'Sent', 'Failed', 'N/A'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * 'Read' once the tracking image loaded, else 'Sent' once the SMTP server accepted it, else
 * 'Failed' when the server refused it for good (and no later attempt was accepted), else 'N/A'.
 * A refusal after an acceptance (a resend that bounced) reads 'Failed': a bounce is never 'Sent'.
 */
export function emailStatusOf(d: {
  emailViewedAt: string | null;
  emailDeliveredAt: string | null;
  emailFailedAt?: string | null | undefined;
}): EmailStatus {
  if (d.emailViewedAt) return 'Read';
  const failed = d.emailFailedAt ?? null;
  if (failed && (!d.emailDeliveredAt || Date.parse(failed) > Date.parse(d.emailDeliveredAt))) return 'Failed';
  if (d.emailDeliveredAt) return 'Sent';
  return 'N/A';
}

// ── delivery e-mails ────────────────────────────────────────────────────────────────────────────

export const deliveryEmail = z.object({ id: z.number().int(), email: z.string() });
export type DeliveryEmail = z.infer<typeof deliveryEmail>;

/** docs/product.md §5.4: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmailLike(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** POST /api/delivery-emails/create. Stored lower-cased: one row per address. */
export const deliveryEmailCreateBody = z.object({
  email: required(
    z
      .string()
      .trim()
      .max(255, 'This value is too long. It should have 255 characters or less.')
      .regex(EMAIL_PATTERN, INVALID_EMAIL_ADDRESS)
      .transform((v) => v.toLowerCase()),
  ),
});
export type DeliveryEmailCreateBody = z.infer<typeof deliveryEmailCreateBody>;

/** GET /api/delivery-emails/dropdown?page=&searchEmail= (contains, any case; by e-mail). */
export const deliveryEmailDropDownQuery = listQuery(['email'], { searchEmail: searchText(255) }).omit({ order: true });
export type DeliveryEmailDropDownQuery = z.infer<typeof deliveryEmailDropDownQuery>;
export const deliveryEmailList = listResponse(deliveryEmail);

export const customerAccountIdParams = z.object({ customerAccountId: integerId });

// ── delivery addresses ──────────────────────────────────────────────────────────────────────────

/**
 * An address: the text typed (searchText) and, when the geocoder found it, the looked-up fields of
 * docs/product.md §3 (null otherwise: docs/architecture.md §5 "keeps only its search text").
 */
export const lookedUpAddress = z.object({
  searchText: z.string(),
  formattedAddress: z.string().nullable(),
  full: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  postcode: z.string().nullable(),
  cleanPostcode: z.string().nullable(),
  placeId: z.string().nullable(),
  /** Street number plus route. */
  address1: z.string().nullable(),
  /** Route. */
  address2: z.string().nullable(),
  /** Area level 1 (England, Scotland, …). */
  address3: z.string().nullable(),
  /** Area level 2 (county or district). */
  address4: z.string().nullable(),
  country: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
});
export type LookedUpAddress = z.infer<typeof lookedUpAddress>;

/** An address with nothing looked up: what is kept when there is no geocoder or it failed. */
export function searchTextOnly(searchText: string): LookedUpAddress {
  return {
    searchText,
    formattedAddress: null,
    full: null,
    lat: null,
    lng: null,
    postcode: null,
    cleanPostcode: null,
    placeId: null,
    address1: null,
    address2: null,
    address3: null,
    address4: null,
    country: null,
    town: null,
    county: null,
  };
}

export const deliveryAddress = z.object({ id: z.number().int(), address: lookedUpAddress, addressTarget });
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

const addressSearchText = requiredString500();
function requiredString500() {
  return required(
    z
      .string()
      .trim()
      .max(500, 'This value is too long. It should have 500 characters or less.')
      .refine((v) => !v.includes('\u0000'), INVALID_VALUE_MESSAGE),
  );
}

/**
 * POST /api/delivery_addresses (docs/product.md §7: id, address, addressTarget). The server geocodes
 * `address.searchText` itself (GEOCODER_URL); looked-up fields a client sends are not trusted and
 * are dropped. `id` is the server's (docs/architecture.md §4): one sent is ignored.
 */
export const deliveryAddressCreateBody = z.object({
  id: z.unknown().optional(),
  address: required(z.object({ searchText: addressSearchText })),
  addressTarget: z.preprocess((v) => (v === '' || v === null ? undefined : v), addressTarget),
});
export type DeliveryAddressCreateBody = z.infer<typeof deliveryAddressCreateBody>;

/** GET /api/delivery_addresses/used?page=&addressType= — addresses some note uses, newest first. */
export const usedAddressesQuery = listQuery(['id'], { addressType: queryValue(addressTarget) }).omit({ order: true });
export type UsedAddressesQuery = z.infer<typeof usedAddressesQuery>;
export const deliveryAddressList = listResponse(deliveryAddress);

/** GET /api/delivery_addresses/lookup?searchText= — the address picker's blur: geocode without storing. */
export const addressLookupQuery = z.object({ searchText: addressSearchText });
export type AddressLookupQuery = z.infer<typeof addressLookupQuery>;

// ── delivery lines ──────────────────────────────────────────────────────────────────────────────

export const deliveryLineItem = z.object({
  id: z.uuid(),
  serialNumber: z.string(),
  /** YYYY-MM-DD; shown dd/MM/yyyy. */
  dateOfManufacture: z.iso.date(),
  partNumber: z.object({ id: z.uuid(), partNumber: z.string() }),
});

export const deliveryLine = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  deliveryType,
  lbNumber: z.string(),
  /** The receipt holding the LB number. */
  receiptId: z.uuid(),
  inventoryItem: deliveryLineItem,
});
export type DeliveryLine = z.infer<typeof deliveryLine>;

/** GET /api/delivery_lines?deliveryId=|lbNumber=&page= — in the order they were added. */
export const deliveryLineListQuery = listQuery(['id'], {
  deliveryId: queryValue(integerId),
  /** Exact LB number (upper-cased). */
  lbNumber: queryValue(z.string().overwrite(normalizeLbNumber).max(LB_NUMBER_MAX)),
});
export type DeliveryLineListQuery = z.infer<typeof deliveryLineListQuery>;
export const deliveryLineList = listResponse(deliveryLine);

// ── the delivery answer ─────────────────────────────────────────────────────────────────────────

export const ccCodeRef = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

const deliveryFields = {
  id: z.number().int(),
  /** ISO 8601 UTC. */
  createdAt: z.iso.datetime(),
  /** YYYY-MM-DD (the note's Date; the lists' 'Receipt Date'). */
  deliveryDay: z.iso.date(),
  itemsCount: z.number().int(),
  type: deliveryType,
  /** The same value as `type` (docs/product.md §3: "type or deliveryType"). */
  deliveryType,
  status: deliveryStatus,
  approvedAt: z.iso.datetime().nullable(),
  /** The asset owner. */
  customerAccount: namedRef.nullable(),
  businessName: z.string().nullable(),
  dispatchAddress: deliveryAddress.nullable(),
  invoiceAddress: deliveryAddress.nullable(),
  CCCode: ccCodeRef.nullable(),
  /** The recipients. */
  emails: z.array(deliveryEmail),
  emailDeliveredAt: z.iso.datetime().nullable(),
  emailViewedAt: z.iso.datetime().nullable(),
  emailFailedAt: z.iso.datetime().nullable(),
  /** The SMTP server's words when it refused the message for good. */
  emailFailureReason: z.string().nullable(),
  emailStatus: z.enum(EMAIL_STATUSES),
};

/** One row of the three lists. */
export const deliveryListItem = z.object(deliveryFields);
export type DeliveryListItem = z.infer<typeof deliveryListItem>;

/** GET /api/deliveries/{id} and the answer of every write: the list row plus its LB numbers. */
export const delivery = z.object({ ...deliveryFields, lbNumbers: z.array(z.string()) });
export type Delivery = z.infer<typeof delivery>;

// ── bodies ──────────────────────────────────────────────────────────────────────────────────────

const optionalIdRef = z.preprocess((v) => (v === '' ? null : v), referenceId.nullish().transform((v) => v ?? null));
const optionalUuidRef = z.preprocess((v) => (v === '' ? null : v), uuidReference.nullish().transform((v) => v ?? null));

/** The note's LB numbers: each 'LB' + digits, none twice (the second one is blamed), at least one. */
export const lbNumberList = required(
  z
    .array(lbNumber, { error: (i) => (i.input === undefined ? undefined : 'Give a list of LB numbers.') })
    .min(1, REQUIRED_MESSAGE)
    .max(MAX_LB_NUMBERS, `A delivery note takes at most ${MAX_LB_NUMBERS} LB numbers.`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((lb, i) => {
        if (seen.has(lb)) ctx.addIssue({ code: 'custom', path: [i], message: DUPLICATE_LB_NUMBER });
        seen.add(lb);
      });
    }),
);

/** Recipients by delivery e-mail id; the same id twice counts once. */
const emailIds = z
  .array(referenceId, { error: (i) => (i.input === undefined ? undefined : 'Give a list of e-mail ids.') })
  .max(50, 'At most 50 recipients.')
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

const deliveryDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.iso.date({ error: (i) => (i.input === undefined ? undefined : 'Enter a date as YYYY-MM-DD.') }),
);

const commonFields = {
  deliveryDay,
  lbNumbers: lbNumberList,
  emails: emailIds,
  CCCode: optionalUuidRef,
};

const transferFields = {
  customerAccount: optionalIdRef,
  businessName: optionalText(255),
  dispatchAddress: optionalIdRef,
  invoiceAddress: optionalIdRef,
};

interface RuleInput {
  type?: unknown;
  customerAccount?: unknown;
  emails?: unknown;
}

/** docs/product.md §5.4: the customer account of transfers (and of scraps on create), the recipients of transfers. */
function deliveryRules(accountRequiredFor: readonly DeliveryType[]) {
  return (v: RuleInput, ctx: z.RefinementCtx) => {
    if (typeof v !== 'object' || v === null) return;
    const type = v.type as DeliveryType;
    if (accountRequiredFor.includes(type) && (v.customerAccount === null || v.customerAccount === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['customerAccount'], message: REQUIRED_MESSAGE });
    }
    if (type === 'transfer' && (!Array.isArray(v.emails) || v.emails.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['emails'], message: EMAIL_MISSED });
    }
  };
}

const always = { when: () => true };

/** What a save keeps: the fields of other types cleared (a scrap has no addresses, an error sheet no account). */
function normalise<T extends { type: DeliveryType; customerAccount: number | null; businessName: string | null; dispatchAddress: number | null; invoiceAddress: number | null }>(v: T): T {
  if (v.type === 'transfer') return v;
  return { ...v, businessName: null, dispatchAddress: null, invoiceAddress: null, customerAccount: v.type === 'scrap' ? v.customerAccount : null };
}

/** POST /api/deliveries (docs/product.md §7). */
export const deliveryCreateBody = z
  .object({ type: z.preprocess((v) => (v === '' || v === null ? undefined : v), deliveryType), ...commonFields, ...transferFields })
  .superRefine(deliveryRules(['transfer', 'scrap']), always)
  .transform(normalise);
export type DeliveryCreateBody = z.infer<typeof deliveryCreateBody>;
export type DeliveryCreateInput = z.input<typeof deliveryCreateBody>;

/** PUT /api/deliveries/{id}/transfer. */
export const transferUpdateBody = z
  .object({ ...commonFields, ...transferFields })
  .superRefine((v, ctx) => deliveryRules(['transfer'])({ ...v, type: 'transfer' }, ctx), always);
export type TransferUpdateBody = z.infer<typeof transferUpdateBody>;

/** PUT /api/deliveries/{id}/scrap — the customer account is optional on edit (docs/product.md §5.4). */
export const scrapUpdateBody = z.object({ ...commonFields, customerAccount: optionalIdRef });
export type ScrapUpdateBody = z.infer<typeof scrapUpdateBody>;

/** PUT /api/deliveries/{id}/error_sheet. */
export const errorSheetUpdateBody = z.object(commonFields);
export type ErrorSheetUpdateBody = z.infer<typeof errorSheetUpdateBody>;

/** Any of the three edits, as the service takes it. */
export interface DeliveryUpdate {
  deliveryDay: string;
  lbNumbers: string[];
  emails: number[];
  CCCode: string | null;
  customerAccount: number | null;
  businessName: string | null;
  dispatchAddress: number | null;
  invoiceAddress: number | null;
}

/** POST /api/deliveries/{id}/approve answers the status (docs/product.md §7). */
export const approveResponse = z.object({ id: z.number().int(), status: deliveryStatus });
export type ApproveResponse = z.infer<typeof approveResponse>;

// ── the scan step's check (docs/decisions/153) ──────────────────────────────────────────────────

/**
 * POST /api/deliveries/check_lb_numbers: the scan step asks about every code at once, before the
 * note exists. `type` (default transfer) decides whether another note's claim matters; `deliveryId`
 * is the note being edited (its own lines are not "taken").
 */
export const lbCheckBody = z.object({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), deliveryType.optional()).transform((v) => v ?? 'transfer'),
  deliveryId: optionalIdRef,
  lbNumbers: required(
    z
      .array(z.string().overwrite(normalizeLbNumber).max(100, 'This value is too long.'))
      .min(1, REQUIRED_MESSAGE)
      .max(MAX_LB_NUMBERS, `At most ${MAX_LB_NUMBERS} LB numbers at once.`),
  ),
});
export type LbCheckBody = z.infer<typeof lbCheckBody>;

/**
 * ok: a receipt has it and no other transfer or scrap note (for those types); invalid: not 'LB' +
 * digits; unknown: no receipt; taken: on `note` already; duplicate: earlier in the same list.
 */
export const LB_CHECK_STATUSES = ['ok', 'invalid', 'unknown', 'taken', 'duplicate'] as const;
/** What a line's receipt holds that a person checks a note by (docs/decisions/220). */
export const lbCheckReceipt = z.object({
  id: z.string(),
  serialNumber: z.string(),
  partNumber: z.string(),
  customerAccount: z.object({ id: z.number().int(), name: z.string() }),
  processOption: processOption,
});
export type LbCheckReceipt = z.infer<typeof lbCheckReceipt>;

export const lbCheckItem = z.object({
  lbNumber: z.string(),
  status: z.enum(LB_CHECK_STATUSES),
  /** The sentence a flagged row shows; null when ok. */
  message: z.string().nullable(),
  note: z.object({ id: z.number().int(), type: deliveryType }).nullable(),
  /** The receipt holding the LB number; null when there is none (invalid, unknown). */
  receipt: lbCheckReceipt.nullable(),
});
export type LbCheckItem = z.infer<typeof lbCheckItem>;

/** The process options a note of each type expects: a scrap note takes S receipts, a transfer X or D. */
const FITTING_OPTIONS: Record<DeliveryType, readonly ProcessOption[]> = { transfer: ['X', 'D'], scrap: ['S'], error_sheet: ['X', 'D', 'S'] };

/**
 * Warnings on a line that the server accepts but a person should look at twice (docs/decisions/220):
 * the receipt is another customer's than the note's, or its process option does not fit the note.
 * Not rules: a note with such lines saves as before.
 */
export function lineWarnings(type: DeliveryType, noteCustomerAccount: number | null, receipt: LbCheckReceipt): string[] {
  const warnings: string[] = [];
  if (type !== 'error_sheet' && noteCustomerAccount !== null && receipt.customerAccount.id !== noteCustomerAccount) {
    warnings.push(`Received for another customer: ${receipt.customerAccount.name}.`);
  }
  if (!FITTING_OPTIONS[type].includes(receipt.processOption)) {
    warnings.push(`Process option ${receipt.processOption} does not fit a ${type} note.`);
  }
  return warnings;
}
export const lbCheckResponse = z.object({ items: z.array(lbCheckItem) });
export type LbCheckResponse = z.infer<typeof lbCheckResponse>;

// ── lists ───────────────────────────────────────────────────────────────────────────────────────

export const DELIVERY_SORT_FIELDS = ['id', 'createdAt', 'deliveryDay', 'itemsCount', 'customerAccount', 'status'] as const;
export type DeliverySortField = (typeof DELIVERY_SORT_FIELDS)[number];

/** GET /api/deliveries/{transfer,scrap,error_sheet}_list — newest first (id desc) by default. */
export const deliveryListQuery = listQuery(DELIVERY_SORT_FIELDS, {
  status: queryValue(deliveryStatus),
  /** The asset owner's id. */
  customerAccount: queryValue(integerId),
  approved: queryBoolean,
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;
export const deliveryList = listResponse(deliveryListItem);

export const DOWNLOAD_FORMATS = ['csv', 'pdf'] as const;
export const downloadParams = z.object({
  id: z.string().regex(/^\d+$/, INVALID_VALUE_MESSAGE).transform(Number).pipe(z.number().positive().max(2_147_483_647, 'No item has this id.')),
  format: z.enum(DOWNLOAD_FORMATS, { error: 'Choose csv or pdf.' }),
});

/** 'transfer-12.pdf', 'error-sheet-3.csv': the download's name (content-disposition). */
export function deliveryFileName(d: { id: number; type: DeliveryType }, format: (typeof DOWNLOAD_FORMATS)[number]): string {
  const kind = d.type === 'error_sheet' ? 'error-sheet' : `${d.type}-note`;
  return `${kind}-${d.id}.${format}`;
}

/** The title a person reads: 'Transfer delivery note 12', 'Error sheet 3'. */
export function deliveryTitle(d: { id: number; type: DeliveryType }): string {
  if (d.type === 'error_sheet') return `Error sheet ${d.id}`;
  return `${d.type === 'transfer' ? 'Transfer' : 'Scrap'} delivery note ${d.id}`;
}
