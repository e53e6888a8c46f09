/**
 * Floor speed (docs/decisions/120): the create form starts from what this user
 * chose on their previous receipt — account, supplier, receipt mode with its collection point,
 * process option and, on the same day only, the receipt date. Kept per user in this browser's
 * localStorage (key by user id); 'Clear defaults' forgets them.
 */
import { z } from 'zod';
import { namedRef } from '@cooler-hub/contract/common';
import { londonToday } from '@cooler-hub/contract/london-time';
import { processOption } from '@cooler-hub/contract/receipts';
import { RECEIPT_MODES } from '../form/receipt-form-schema';

const stored = z.object({
  account: namedRef.nullable(),
  supplier: namedRef.nullable(),
  mode: z.enum(RECEIPT_MODES).nullable(),
  collectionPoint: namedRef.nullable(),
  processOption: processOption.nullable(),
  /** YYYY-MM-DD the user gave as receipt date. */
  receiptDate: z.iso.date().nullable(),
  /** The London day the receipt was saved: a back-dated receipt date is offered on that day only. */
  savedOn: z.iso.date(),
});
export type ReceiptDefaults = z.infer<typeof stored>;

const storageKey = (userId: string) => `receipt-defaults:${userId}`;

export function readReceiptDefaults(userId: string, today: string = londonToday()): ReceiptDefaults | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    if (!raw) return null;
    const parsed = stored.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const defaults = parsed.data;
    return defaults.savedOn === today ? defaults : { ...defaults, receiptDate: null };
  } catch {
    return null;
  }
}

export function saveReceiptDefaults(userId: string, defaults: Omit<ReceiptDefaults, 'savedOn'>, today: string = londonToday()): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify({ ...defaults, savedOn: today }));
  } catch {
    /* storage unavailable or full: the next receipt just starts empty */
  }
}

export function clearReceiptDefaults(userId: string): void {
  try {
    localStorage.removeItem(storageKey(userId));
  } catch {
    /* storage unavailable: nothing kept */
  }
}

/**
 * What follows a create (docs/decisions/215): 'list' is the Create of docs/product.md §2.9 (→ Master Data), 'next'
 * is 'Create and receive next' (a fresh form for the next cooler). The one used last is this user's
 * choice: the main button, and where the focus goes once the scans have filled the form.
 */
export const AFTER_CREATE = ['list', 'next'] as const;
export type AfterCreate = (typeof AFTER_CREATE)[number];

const afterCreateKey = (userId: string) => `receipt-after-create:${userId}`;

export function readAfterCreate(userId: string): AfterCreate {
  try {
    return localStorage.getItem(afterCreateKey(userId)) === 'next' ? 'next' : 'list';
  } catch {
    return 'list';
  }
}

export function saveAfterCreate(userId: string, choice: AfterCreate): void {
  try {
    localStorage.setItem(afterCreateKey(userId), choice);
  } catch {
    /* storage unavailable: the choice lasts until the page is left */
  }
}
