/**
 * The note being built on /create-dn, carried across its three steps (preparation, scan, preview):
 * the delivery type, the preparation's fields and the LB numbers. It lives in sessionStorage so a
 * reload of /create-dn/scan or /create-dn/preview keeps it, and going back to the preparation shows
 * what was chosen; it is cleared once the note is created (docs/decisions/176).
 *
 * The type comes from the navigation state when a list preset it, else from the type last chosen
 * (localStorage, docs/product.md §4 "The chosen delivery type is remembered"), else transfer.
 */
import { z } from 'zod';
import { DELIVERY_TYPE_TABLE, deliveryType, isDeliveryType, type DeliveryType } from '@cooler-hub/contract/delivery-types';
import { listPathOf, nounTitle } from '../../../lib/delivery-screens';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const DRAFT_KEY = 'createDn.draft';
export const TYPE_KEY = 'createDn.type';

export interface CreateDeliveryDraft<F> {
  type: DeliveryType;
  /** The preparation's fields; null until the preparation has been shown once. */
  fields: F | null;
  lbNumbers: string[];
}

/** What a stored draft must be; the preparation's fields are the form's own (an object, or null). */
const storedDraft = z.object({
  type: deliveryType,
  fields: z.record(z.string(), z.unknown()).nullable(),
  lbNumbers: z.array(z.string()),
});

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
export function loadDraft<F>(session: DraftStorage | null): CreateDeliveryDraft<F> | null {
  const text = read(session, DRAFT_KEY);
  if (!text) return null;
  try {
    const parsed = storedDraft.safeParse(JSON.parse(text));
    return parsed.success ? { ...parsed.data, fields: parsed.data.fields as F | null } : null;
  } catch {
    return null;
  }
}

export function saveDraft<F>(session: DraftStorage | null, draft: CreateDeliveryDraft<F>) {
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
export function openingDraft<F>(
  preset: DeliveryType | null,
  stored: CreateDeliveryDraft<F> | null,
  remembered: DeliveryType | null,
): CreateDeliveryDraft<F> {
  if (stored && (preset === null || stored.type === preset)) return stored;
  return { type: preset ?? remembered ?? 'transfer', fields: null, lbNumbers: [] };
}

/** The screen's title: 'Create Delivery Note', 'Create Error Sheet'. */
export function createDeliveryTitle(type: DeliveryType): string {
  return `Create ${nounTitle(type)}`;
}

/** The preview's submit button: 'Complete delivery note', 'Complete error sheet'. */
export function completeLabel(type: DeliveryType): string {
  return `Complete ${DELIVERY_TYPE_TABLE[type].noun}`;
}

/**
 * Where a created note is listed: the list screen of its type. Null for a type this screen does
 * not know (an unknown delivery type after creation is only logged).
 */
export function listPathAfterCreate(type: unknown): string | null {
  return listPathOf(type);
}
