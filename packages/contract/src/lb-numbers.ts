/**
 * The LB-number check of the scan step (docs/decisions/153): which of the codes scanned may go on a
 * note, and why not, before the note exists.
 */
import { z } from 'zod';
import { optionalReferenceId, REQUIRED_MESSAGE, required } from './common';
import { MAX_LB_NUMBERS } from './deliveries';
import { deliveryType, hasCustomer, type DeliveryType } from './delivery-types';
import { processOption, type ProcessOption } from './receipts';
import { normalizeLbNumber } from './rules';

export const UNKNOWN_LB_NUMBER = 'No receipt has this LB number.';
export const noteHoldingMessage = (note: { id: number; type: DeliveryType }) =>
  `This LB number is already on ${note.type} delivery note ${note.id}.`;

/**
 * POST /api/deliveries/check_lb_numbers: the scan step asks about every code at once, before the
 * note exists. `type` (default transfer) decides whether another note's claim matters; `deliveryId`
 * is the note being edited (its own lines are not "taken").
 */
export const lbCheckBody = z.object({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), deliveryType.optional()).transform((v) => v ?? 'transfer'),
  deliveryId: optionalReferenceId,
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
  /** Its cooler's id: the serial links to the cooler page (docs/decisions/251). */
  coolerId: z.string(),
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
const FITTING_OPTIONS: Record<DeliveryType, readonly ProcessOption[]> = {
  transfer: ['X', 'D'],
  scrap: ['S'],
  error_sheet: ['X', 'D', 'S'],
};

/**
 * Warnings on a line that the server accepts but a person should look at twice (docs/decisions/220):
 * the receipt is another customer's than the note's, or its process option does not fit the note.
 * Not rules: a note with such lines saves as before.
 */
export function lineWarnings(type: DeliveryType, noteCustomerAccount: number | null, receipt: LbCheckReceipt): string[] {
  const warnings: string[] = [];
  if (hasCustomer(type) && noteCustomerAccount !== null && receipt.customerAccount.id !== noteCustomerAccount) {
    warnings.push(`Received for another customer: ${receipt.customerAccount.name}.`);
  }
  if (!FITTING_OPTIONS[type].includes(receipt.processOption)) {
    warnings.push(`Process option ${receipt.processOption} does not fit a ${type} note.`);
  }
  return warnings;
}
export const lbCheckResponse = z.object({ items: z.array(lbCheckItem) });
export type LbCheckResponse = z.infer<typeof lbCheckResponse>;
