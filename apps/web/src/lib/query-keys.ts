/**
 * Query keys that more than one feature reads: a feature whose action changes another's rows
 * invalidates them by the same key (downloading the end-of-day sheet marks Master Data's receipts
 * exported).
 */

/** Receipts: Master Data, /main and every receipt screen. */
export const RECEIPTS_KEY = ['receipts'] as const;
