/**
 * Query keys that more than one feature reads: a feature whose action changes another's rows
 * invalidates them by the same key (downloading the end-of-day sheet marks Master Data's receipts
 * exported).
 */

/** Receipts: Master Data, /main and every receipt screen. */
export const RECEIPTS_KEY = ['receipts'] as const;

/** Label printers: Settings' list and form, and the print menus' choices (a saved printer refreshes them all). */
export const PRINTERS_KEY = ['printers'] as const;
