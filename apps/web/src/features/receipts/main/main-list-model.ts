/** The Delivery cell of /main's receipts (docs/product.md §2.6): where it links and what it reads. */
import type { Receipt } from '@cooler-hub/contract/receipts';
import { DELIVERY_SCREENS } from '../../../lib/delivery-screens';

/** Where a receipt's Delivery cell links: the page a link to its note opens (its edit screen). */
export function deliveryTo(r: Receipt): string | null {
  if (r.deliveryId === null || r.deliveryType === null) return null;
  return DELIVERY_SCREENS[r.deliveryType].open(r.deliveryId);
}

export function deliveryLabel(r: Receipt): string {
  return r.deliveryNoteNo ?? `#${r.deliveryId}`;
}
