/**
 * The recipients of a delivery note (docs/product.md §4, §5.4; docs/decisions/171): a list of delivery e-mails,
 * each once; the chosen customer's default e-mail joins it and replaces the previous customer's.
 */
import { isEmailLike, type DeliveryEmail } from '@cooler-hub/contract/delivery-emails';

export interface Recipients {
  emails: DeliveryEmail[];
  /** The id of the e-mail that came in as the customer's default (null: none, or picked by hand first). */
  defaultEmailId: number | null;
}

export function addEmail(list: readonly DeliveryEmail[], email: DeliveryEmail): DeliveryEmail[] {
  return list.some((e) => e.id === email.id) ? [...list] : [...list, email];
}

export function removeEmail(list: readonly DeliveryEmail[], id: number): DeliveryEmail[] {
  return list.filter((e) => e.id !== id);
}

/**
 * The customer changed: the previous default leaves (it belongs to the other customer), the new
 * default — null when the customer has none, or none is chosen — joins. An address the user had
 * already picked by hand stays, and is not treated as a default later (it was wanted anyway).
 */
export function withCustomerDefault(current: Recipients, next: DeliveryEmail | null): Recipients {
  const previous = current.defaultEmailId;
  const kept = previous !== null && previous !== next?.id ? removeEmail(current.emails, previous) : [...current.emails];
  if (!next) return { emails: kept, defaultEmailId: null };
  if (kept.some((e) => e.id === next.id)) return { emails: kept, defaultEmailId: previous === next.id ? next.id : null };
  return { emails: [...kept, next], defaultEmailId: next.id };
}

/**
 * The typed text as a new address to offer ('Attach new email...'), or null: it must look like an
 * e-mail (docs/product.md §5.4) and not be among the options shown or chosen (any case: the server stores it lower-cased).
 */
export function newEmailOffer(text: string, options: readonly DeliveryEmail[], chosen: readonly DeliveryEmail[]): string | null {
  const value = text.trim();
  if (!isEmailLike(value)) return null;
  const lower = value.toLowerCase();
  if ([...options, ...chosen].some((e) => e.email.toLowerCase() === lower)) return null;
  return lower;
}
