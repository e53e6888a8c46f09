/**
 * The note being built on /create-dn, carried across its three steps (preparation, scan, preview):
 * the delivery type, the preparation's fields and the LB numbers. It lives in sessionStorage so a
 * reload of /create-dn/scan or /create-dn/preview keeps it, and going back to the preparation shows
 * what was chosen; it is cleared once the note is created (docs/decisions/176).
 *
 * The type comes from the navigation state when a list preset it, else from the type last chosen
 * (localStorage, docs/product.md §4 "The chosen delivery type is remembered"), else transfer.
 */
import { DELIVERY_TYPES, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { paths } from '../../../lib/paths';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const DRAFT_KEY = 'createDn.draft';
export const TYPE_KEY = 'createDn.type';

export interface CreateDnDraft<F> {
  type: DeliveryType;
  /** The preparation's fields; null until the preparation has been shown once. */
  fields: F | null;
  lbNumbers: string[];
}

export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === 'string' && (DELIVERY_TYPES as readonly string[]).includes(value);
}

/** The type a list preset through navigation state (`{ type: 'scrap' }`), if any. */
export function presetType(state: unknown): DeliveryType | null {
  if (typeof state !== 'object' || state === null || !('type' in state)) return null;
  const { type } = state;
  return isDeliveryType(type) ? type : null;
}

function read(storage: DraftStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: DraftStorage | null, key: string, value: string | null) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    // A full or forbidden storage only loses the draft on reload; the screen goes on.
    console.warn('The delivery note draft could not be stored', error);
  }
}

export function rememberedType(local: DraftStorage | null): DeliveryType | null {
  const value = read(local, TYPE_KEY);
  return isDeliveryType(value) ? value : null;
}

export function rememberType(local: DraftStorage | null, type: DeliveryType) {
  write(local, TYPE_KEY, type);
}

/** The stored draft, or null when there is none or it is not one (an older shape, hand-edited). */
export function loadDraft<F>(session: DraftStorage | null): CreateDnDraft<F> | null {
  const text = read(session, DRAFT_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { type, fields, lbNumbers } = value as Record<string, unknown>;
    if (!isDeliveryType(type)) return null;
    if (!Array.isArray(lbNumbers) || !lbNumbers.every((lb) => typeof lb === 'string')) return null;
    if (typeof fields !== 'object') return null;
    return { type, fields: fields as F | null, lbNumbers: lbNumbers };
  } catch {
    return null;
  }
}

export function saveDraft<F>(session: DraftStorage | null, draft: CreateDnDraft<F>) {
  write(session, DRAFT_KEY, JSON.stringify(draft));
}

export function clearDraft(session: DraftStorage | null) {
  write(session, DRAFT_KEY, null);
}

/**
 * The draft the screen opens with. A type preset by a list wins: the stored draft is kept only when
 * it is of that type (the user went to the list and came back), else a fresh one starts. Without a
 * preset the stored draft is kept as it is (a reload, a Back), else a fresh one of the remembered type.
 */
export function openingDraft<F>(preset: DeliveryType | null, stored: CreateDnDraft<F> | null, remembered: DeliveryType | null): CreateDnDraft<F> {
  if (stored && (preset === null || stored.type === preset)) return stored;
  return { type: preset ?? remembered ?? 'transfer', fields: null, lbNumbers: [] };
}

/** The screen's title (docs/product.md §2.13). */
export function createDnTitle(type: DeliveryType): string {
  return type === 'error_sheet' ? 'Create Error Sheet' : 'Create Delivery Note';
}

/** The preview's submit button (docs/product.md §2.13). */
export function completeLabel(type: DeliveryType): string {
  return type === 'error_sheet' ? 'Complete error sheet' : 'Complete delivery note';
}

/**
 * Where a created note is listed (docs/product.md §2.13): /delivery-list/{type}, or /error-sheet. Null for a
 * type this screen does not know (docs/product.md §4: "Unknown delivery type after creation: only logged").
 */
export function listPathAfterCreate(type: unknown): string | null {
  if (type === 'transfer') return paths.deliveryListTransfer.to();
  if (type === 'scrap') return paths.deliveryListScrap.to();
  if (type === 'error_sheet') return paths.errorSheet.to();
  return null;
}
