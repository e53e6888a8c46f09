/** Sign-in, the token payload and the current user (docs/product.md §2.3, §3, §7). */
import { z } from 'zod';
import { requiredString } from './common';
import { PERMISSIONS, role } from './permissions';

export const JWT_LIFETIME_SECONDS = 8 * 60 * 60;
export const INVALID_CREDENTIALS = 'Invalid credentials.';
export const TOKEN_NOT_FOUND = 'JWT Token not found';
export const TOKEN_EXPIRED = 'Expired JWT Token';
export const TOKEN_INVALID = 'Invalid JWT Token';
/** A wait as a 429 sentence says it: whole minutes, at least one. */
export const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
};
/** 429 for an account from an address with too many failures (docs/decisions/012): other devices still get in. */
export const tooManyAttemptsFromHere = (retryAfterSeconds: number) =>
  `Too many failed login attempts from this device. Try again in ${minutes(retryAfterSeconds)}, or sign in from another device.`;
/** 429 when an account's queue of sign-ins is full (many failed attempts from elsewhere). */
export const accountBusy = (retryAfterSeconds: number) =>
  `Many failed login attempts on this account right now. Try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`;

/** `username` accepts the user name or the e-mail address. */
export const loginCheckBody = z.object({ username: requiredString(180), password: z.string().min(1) });
export type LoginCheckBody = z.infer<typeof loginCheckBody>;

export const tokenResponse = z.object({ token: z.string() });

/** What the web decodes from the JWT (docs/product.md §3: "the token payload is decoded as JSON"). */
export const tokenPayload = z.object({
  sub: z.string(),
  username: z.string(),
  role,
  permissions: z.array(z.enum(PERMISSIONS)),
  iat: z.number(),
  exp: z.number(),
});
export type TokenPayload = z.infer<typeof tokenPayload>;

export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role,
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type CurrentUser = z.infer<typeof currentUser>;
