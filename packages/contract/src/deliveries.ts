/**
 * Delivery notes (docs/decisions/150): transfer, scrap and error-sheet notes — the answer, the
 * create and edit bodies with the rules of the delivery-type table, the lists and the downloads.
 * Shared by the server's validation and the web's forms. Their lines, recipients, addresses and the
 * scan step's check have files of their own (delivery-lines, delivery-emails, delivery-addresses,
 * lb-numbers).
 */
import { z } from 'zod';
import { minutes } from './auth';
import {
  INVALID_VALUE_MESSAGE,
  integerId,
  listQuery,
  listResponse,
  namedRef,
  optionalReferenceId,
  optionalText,
  queryValue,
  referenceId,
  REQUIRED_MESSAGE,
  required,
} from './common';
import { uuidReference } from './coolers';
import { deliveryAddress } from './delivery-addresses';
import { deliveryEmail } from './delivery-emails';
import {
  DELIVERY_TYPE_TABLE,
  deliveryType,
  isDeliveryType,
  type DeliveryMode,
  type DeliveryType,
  type RequirableField,
} from './delivery-types';
import { lbNumber, queryBoolean } from './receipts';

export const DELIVERY_STATUSES = ['pending', 'approved'] as const;
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;

// ── messages ────────────────────────────────────────────────────────────────────────────────────

/** The recipients of a transfer are missing. */
export const EMAIL_MISSED = 'Email is missed';
export const DUPLICATE_LB_NUMBER = 'This LB number is already on this note.';
export const APPROVED_READ_ONLY = 'This delivery note is approved and can no longer be changed.';
export const NOT_APPROVED_YET = 'Approve the delivery note before sending it.';
export const wrongTypeMessage = (actual: DeliveryType) => `This delivery note is of type ${actual}.`;
/** The most LB numbers one note takes: a driver's sheet, not an export. */
export const MAX_LB_NUMBERS = 5000;

// ── e-mail status (docs/decisions/186) ──────────────────────────────────────────────────────

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
  /** The same value as `type`: clients read either name. */
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

const optionalUuidRef = z.preprocess(
  (v) => (v === '' ? null : v),
  uuidReference.nullish().transform((v) => v ?? null),
);

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
  customerAccount: optionalReferenceId,
  businessName: optionalText(255),
  dispatchAddress: optionalReferenceId,
  invoiceAddress: optionalReferenceId,
};

/** How each field a type may require is missing, and what its issue says. */
const REQUIRABLE: Record<RequirableField, { message: string; missing: (value: unknown) => boolean }> = {
  customerAccount: { message: REQUIRED_MESSAGE, missing: (v) => v === null || v === undefined },
  emails: { message: EMAIL_MISSED, missing: (v) => !Array.isArray(v) || v.length === 0 },
};

interface RuleInput {
  type?: unknown;
  customerAccount?: unknown;
  emails?: unknown;
}

/**
 * The fields the delivery-type table requires in `mode` of a note of the body's type (or of
 * `type`, for an edit's body, which names none). Runs even when a single field failed (`when`), so
 * a form learns every problem at once; the values may then still be raw input, hence `unknown`.
 */
export function requiredFieldRules(mode: DeliveryMode, type?: DeliveryType) {
  return (v: RuleInput, ctx: z.RefinementCtx): void => {
    // No body at all: the object's own issue says so.
    if (typeof v !== 'object' || v === null) return;
    const noteType = type ?? v.type;
    if (!isDeliveryType(noteType)) return;
    for (const field of DELIVERY_TYPE_TABLE[noteType].required[mode]) {
      if (REQUIRABLE[field].missing(v[field])) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRABLE[field].message });
    }
  };
}

const always = { when: () => true };

/** What a save keeps: the fields of other types cleared (a scrap has no addresses, an error sheet no account). */
function normalise<
  T extends {
    type: DeliveryType;
    customerAccount: number | null;
    businessName: string | null;
    dispatchAddress: number | null;
    invoiceAddress: number | null;
  },
>(v: T): T {
  const { hasCustomer, hasAddresses } = DELIVERY_TYPE_TABLE[v.type];
  if (hasAddresses) return v;
  return { ...v, businessName: null, dispatchAddress: null, invoiceAddress: null, customerAccount: hasCustomer ? v.customerAccount : null };
}

/** A note is sent again by e-mail at most once in this many minutes (docs/decisions/262). */
export const RESEND_INTERVAL_MINUTES = 5;
/** 429 for a Resend within RESEND_INTERVAL_MINUTES of the last one. */
export const resendTooSoon = (retryAfterSeconds: number) =>
  `This note was e-mailed again less than ${RESEND_INTERVAL_MINUTES} minutes ago. Try again in ${minutes(retryAfterSeconds)}.`;
/** The first sentence of the note's history entry for a Resend; the second names the recipients. */
export const RESENT_BY_EMAIL = 'Sent again by e-mail.';

/** The sentence for a create key already used by a note with other values (docs/decisions/271). */
export const DELIVERY_KEY_REUSED = 'A different delivery note was already created with this key.';

/**
 * POST /api/deliveries. `clientKey` (optional, a UUID the client makes once per note): a retry with
 * the same key answers the note the first request made and creates nothing (docs/decisions/271).
 */
export const deliveryCreateBody = z
  .object({
    type: z.preprocess((v) => (v === '' || v === null ? undefined : v), deliveryType),
    clientKey: uuidReference.nullish().transform((v) => v ?? null),
    ...commonFields,
    ...transferFields,
  })
  .superRefine(requiredFieldRules('create'), always)
  .transform(normalise);
export type DeliveryCreateBody = z.infer<typeof deliveryCreateBody>;
export type DeliveryCreateInput = z.input<typeof deliveryCreateBody>;

/** PUT /api/deliveries/{id}/transfer. */
export const transferUpdateBody = z
  .object({ ...commonFields, ...transferFields })
  .superRefine(requiredFieldRules('edit', 'transfer'), always);
export type TransferUpdateBody = z.infer<typeof transferUpdateBody>;

/** PUT /api/deliveries/{id}/scrap. */
export const scrapUpdateBody = z
  .object({ ...commonFields, customerAccount: optionalReferenceId })
  .superRefine(requiredFieldRules('edit', 'scrap'), always);
export type ScrapUpdateBody = z.infer<typeof scrapUpdateBody>;

/** PUT /api/deliveries/{id}/error_sheet. */
export const errorSheetUpdateBody = z.object(commonFields).superRefine(requiredFieldRules('edit', 'error_sheet'), always);
export type ErrorSheetUpdateBody = z.infer<typeof errorSheetUpdateBody>;

/** The edit body of each type: PUT /api/deliveries/{id}/{type}. */
export const DELIVERY_UPDATE_BODIES = {
  transfer: transferUpdateBody,
  scrap: scrapUpdateBody,
  error_sheet: errorSheetUpdateBody,
} as const satisfies Record<DeliveryType, z.ZodType>;

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

/** POST /api/deliveries/{id}/approve answers the status. */
export const approveResponse = z.object({ id: z.number().int(), status: deliveryStatus });
export type ApproveResponse = z.infer<typeof approveResponse>;

// ── approving several notes at once (docs/decisions/257) ───────────────────────────────────────

/** The most notes one 'Approve selected' takes: a list page holds at most 100 rows. */
export const MAX_APPROVE_SELECTED = 100;
export const NOTE_LISTED_TWICE = 'Each delivery note can be listed once.';

/** `POST /api/deliveries/approve_selected`: the notes' ids, in the order they are approved. */
export const approveSelectedBody = z.object({
  ids: required(
    z
      .array(integerId, { error: (i) => (i.input === undefined ? undefined : 'Give a list of delivery note ids.') })
      .min(1, REQUIRED_MESSAGE)
      .max(MAX_APPROVE_SELECTED, `At most ${MAX_APPROVE_SELECTED} delivery notes at once.`)
      .superRefine((ids, ctx) => {
        const seen = new Set<number>();
        ids.forEach((id, i) => {
          if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: NOTE_LISTED_TWICE });
          seen.add(id);
        });
      }),
  ),
});
export type ApproveSelectedBody = z.infer<typeof approveSelectedBody>;

/** What became of one note: approved now, approved before this call, or not approved (with why). */
export const APPROVE_OUTCOMES = ['approved', 'alreadyApproved', 'failed'] as const;
export type ApproveOutcome = (typeof APPROVE_OUTCOMES)[number];
export const NO_SUCH_NOTE = 'This delivery note no longer exists.';
export const NO_RECIPIENTS_TO_MAIL = 'Approved, but it has no recipients: no e-mail was sent.';

/** One answer per id, in the body's order; `message` says why a note failed, or what to know about it. */
export const approveSelectedResponse = z.object({
  items: z.array(z.object({ id: z.number().int(), outcome: z.enum(APPROVE_OUTCOMES), message: z.string().nullable() })),
});
export type ApproveSelectedResponse = z.infer<typeof approveSelectedResponse>;

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
  id: z
    .string()
    .regex(/^\d+$/, INVALID_VALUE_MESSAGE)
    .transform(Number)
    .pipe(z.number().positive().max(2_147_483_647, 'No item has this id.')),
  format: z.enum(DOWNLOAD_FORMATS, { error: 'Choose csv or pdf.' }),
});

/** 'transfer-note-12.pdf', 'error-sheet-3.csv': the download's name (content-disposition). */
export function deliveryFileName(d: { id: number; type: DeliveryType }, format: (typeof DOWNLOAD_FORMATS)[number]): string {
  return `${DELIVERY_TYPE_TABLE[d.type].fileName}-${d.id}.${format}`;
}
