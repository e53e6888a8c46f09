/** Hub users (docs/product.md §2.4, §3, §5.2, §7) and the signed-in user's own profile (docs/product.md §2.5). */
import { z } from 'zod';
import { clearableText, listQuery, listResponse, queryValue, required, requiredString, searchText, withVersion } from './common';
import { role } from './permissions';
import { currentUser } from './auth';

/** The notes list 18 colours but name 19; all 19 are offered (docs/product.md §3). */
export const COLORS = [
  'Red',
  'Green',
  'Blue',
  'Yellow',
  'Purple',
  'Orange',
  'Pink',
  'Brown',
  'Gray',
  'Black',
  'Cyan',
  'Magenta',
  'Lime',
  'Teal',
  'Indigo',
  'Maroon',
  'Gold',
  'Silver',
  'Violet',
] as const;
export const color = z.enum(COLORS, { error: 'Choose one of the listed colours.' });
export type Color = (typeof COLORS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `This value is too short. It should have ${PASSWORD_MIN_LENGTH} characters or more.`;
export const INVALID_EMAIL = 'This value is not a valid email address.';
export const ALREADY_USED = 'This value is already used.';

export const email = requiredString(180).pipe(z.email(INVALID_EMAIL));
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(4096);
/** On update an empty password keeps the old one. */
const keptPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), newPassword.optional());

export const hubUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role,
  color: color.nullable(),
});
export type HubUser = z.infer<typeof hubUser>;

const userFields = {
  username: requiredString(180),
  email,
  role: required(role),
  /** Production only; the server clears it for any other role. */
  color: color.nullish(),
};

export const hubUserCreateBody = z.object({ ...userFields, plainPassword: required(newPassword) });
export type HubUserCreateBody = z.infer<typeof hubUserCreateBody>;

export const hubUserUpdateBody = z.object({ ...userFields, plainPassword: keptPassword });
export type HubUserUpdateBody = z.infer<typeof hubUserUpdateBody>;

export const HUB_USER_SORTABLE = ['id', 'username', 'email', 'role'] as const;
export const hubUserListQuery = listQuery(HUB_USER_SORTABLE, {
  username: searchText(180),
  role: queryValue(role),
});
export type HubUserListQuery = z.infer<typeof hubUserListQuery>;
/** Users are edited from their list row (there is no GET of one user): each carries its version (docs/decisions/200). */
export const hubUserList = listResponse(withVersion(hubUser));

/** A new password or e-mail on the profile needs the current password (docs/decisions/263). */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

/**
 * PUT /api/profile. The payload of docs/product.md §7 also carries the user id and role; the id is the signed-in
 * user's and a role sent here is ignored, so nobody promotes themselves (docs/decisions).
 */
export const profileUpdateBody = z.object({
  username: requiredString(180),
  email,
  plainPassword: keptPassword,
  /**
   * Required, and checked like a sign-in, when the body changes the password or the e-mail; ignored
   * otherwise, so a name or avatar change is sent as docs/product.md §7 has it (docs/decisions/263).
   */
  currentPassword: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(4096).optional()),
  /** Missing keeps the current avatar; null or '' removes it. */
  avatar: clearableText(500),
  role: role.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/**
 * A password change invalidates the user's old tokens, so the profile answer carries a fresh token
 * the web stores at once; the user stays signed in.
 */
export const profileUpdateResponse = withVersion(currentUser).extend({ token: z.string() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;
