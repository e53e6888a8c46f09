/**
 * The receipt forms' schemas (docs/product.md §4, §5.3): the contract's create and update bodies, plus what only
 * the form knows — the receipt mode, and on create the receipt date as a day (dd/MM/yyyy picker).
 * The contract reports "no mode" at form level; the form knows which mode was chosen, so it says
 * 'Required Field' on that mode's field instead (docs/product.md §5.3: collection point required only in
 * collection-point mode, engineer number only in engineer-number mode).
 */
import { z } from 'zod';
import {
  NO_MODE_MESSAGE,
  receiptCreateBody,
  receiptUpdateBody,
  type ReceiptCreateInput,
  type ReceiptUpdateInput,
} from '@cooler-hub/contract/receipts';
import { REQUIRED_MESSAGE } from '@cooler-hub/contract/common';
import { londonDayStart, londonToday } from '@cooler-hub/contract/london-time';

/** How a receipt came in (docs/product.md §4): from a collection point or with an engineer. */
export const RECEIPT_MODES = ['collectionPoint', 'engineer'] as const;
export type ReceiptMode = (typeof RECEIPT_MODES)[number];

/**
 * The receipt date the form shows (YYYY-MM-DD) as the instant the API takes: today is now; another
 * day is its London noon, well inside that day whatever the clocks do.
 */
export function receiptDayToInstant(day: string, now: Date = new Date()): string {
  if (day === londonToday(now)) return now.toISOString();
  return new Date(londonDayStart(day).getTime() + 12 * 60 * 60 * 1000).toISOString();
}

export interface ModeInput {
  /** Collection point or engineer number; null until the user chooses (submit stays disabled). */
  mode: ReceiptMode | null;
}

export type ReceiptCreateFormInput = Omit<ReceiptCreateInput, 'receiptDate'> & ModeInput & { receiptDate: string | null };
export type ReceiptUpdateFormInput = ReceiptUpdateInput & ModeInput;

type Issue = { path: PropertyKey[]; message: string };

/** A form-level "no mode" issue moved onto the chosen mode's field (or onto the mode choice). */
function placeIssue(issue: Issue, mode: ReceiptMode | null): Issue {
  if (issue.path.length > 0 || issue.message !== NO_MODE_MESSAGE) return issue;
  if (mode === 'engineer') return { path: ['engineerNo'], message: REQUIRED_MESSAGE };
  if (mode === 'collectionPoint') return { path: ['collectionPoint'], message: REQUIRED_MESSAGE };
  return { path: ['mode'], message: NO_MODE_MESSAGE };
}

/**
 * Checks `values` with `body` and reports its issues (placed as above) — then lets `body` produce
 * the output, so the form submits exactly what the API validates.
 */
function withMode<I extends ModeInput, B extends z.ZodType>(body: B, toBody: (values: I) => unknown) {
  return z.preprocess((values: I, ctx) => {
    const converted = toBody(values);
    const result = body.safeParse(converted);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const placed = placeIssue({ path: [...issue.path], message: issue.message }, values.mode);
        ctx.addIssue({ code: 'custom', path: placed.path, message: placed.message, input: converted });
      }
    }
    return converted;
  }, body);
}

/** The other mode's field is sent empty: choosing one clears the other (docs/product.md §4). */
function modeValues<T extends { collectionPoint?: unknown; engineerNo?: unknown }>(values: T, mode: ReceiptMode | null): T {
  if (mode === 'engineer') return { ...values, collectionPoint: null };
  if (mode === 'collectionPoint') return { ...values, engineerNo: null };
  return values;
}

export const receiptCreateForm = withMode(receiptCreateBody, (v: ReceiptCreateFormInput) => {
  const { mode, receiptDate, ...rest } = v;
  return { ...modeValues(rest, mode), receiptDate: receiptDate ? receiptDayToInstant(receiptDate) : receiptDate };
});

export const receiptUpdateForm = withMode(receiptUpdateBody, (v: ReceiptUpdateFormInput) => {
  const { mode, ...rest } = v;
  return modeValues(rest, mode);
});
