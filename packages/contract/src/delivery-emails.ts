/**
 * Delivery e-mails: the address book of recipients a note is sent to (docs/decisions/156),
 * and the customer account's default recipient.
 */
import { z } from 'zod';
import { integerId, listQuery, listResponse, required, searchText } from './common';

export const NO_ACCOUNT_EMAIL = 'This customer account has no e-mail address.';
export const INVALID_EMAIL_ADDRESS = 'This value is not a valid email address.';

export const deliveryEmail = z.object({ id: z.number().int(), email: z.string() });
export type DeliveryEmail = z.infer<typeof deliveryEmail>;

/** A typed address is accepted when it reads text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmailLike(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** POST /api/delivery-emails/create. Stored lower-cased: one row per address. */
export const deliveryEmailCreateBody = z.object({
  email: required(
    z
      .string()
      .trim()
      .max(255, 'This value is too long. It should have 255 characters or less.')
      .regex(EMAIL_PATTERN, INVALID_EMAIL_ADDRESS)
      .transform((v) => v.toLowerCase()),
  ),
});
export type DeliveryEmailCreateBody = z.infer<typeof deliveryEmailCreateBody>;

/** GET /api/delivery-emails/dropdown?page=&searchEmail= (contains, any case; by e-mail). */
export const deliveryEmailDropDownQuery = listQuery(['email'], { searchEmail: searchText(255) }).omit({ order: true });
export type DeliveryEmailDropDownQuery = z.infer<typeof deliveryEmailDropDownQuery>;
export const deliveryEmailList = listResponse(deliveryEmail);

export const customerAccountIdParams = z.object({ customerAccountId: integerId });
