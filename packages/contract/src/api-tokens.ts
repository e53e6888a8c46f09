/**
 * Personal API tokens for scripts (docs/decisions/279): a signed-in person names a token, picks its
 * scope and its last day; the secret is answered once and only its SHA-256 is kept. A token is sent as
 * `Authorization: Bearer chub_…` like a sign-in token and acts as its owner, with the abilities of the
 * owner's CURRENT role ('As my role') or only that role's GET calls ('Read only').
 * `/api/profile/tokens` (own) and `/api/tokens` (every user's, ability `manageApiTokens`).
 */
import { z } from 'zod';
import { INVALID_VALUE_MESSAGE, REQUIRED_MESSAGE, idParams, listQuery, listResponse, requiredString } from './common';
import { formatDay, londonToday } from './london-time';

/** Every API token starts with this; a sign-in token (a JWT) never does. */
export const API_TOKEN_PREFIX = 'chub_';
/** Characters of the token shown in lists: the prefix and the first characters of the secret, not enough to guess the rest. */
export const API_TOKEN_SHOWN_LENGTH = API_TOKEN_PREFIX.length + 6;

export const API_TOKEN_SCOPES = ['readOnly', 'asMyRole'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = { readOnly: 'Read only', asMyRole: 'As my role' };
export const apiTokenScope = z.enum(API_TOKEN_SCOPES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? REQUIRED_MESSAGE : 'Choose Read only or As my role.'),
});

/** The HTTP methods a 'Read only' token may call. */
export const READ_ONLY_METHODS: readonly string[] = ['GET', 'HEAD'];

export const API_TOKEN_NAME_MAX = 80;
/** Tokens one person keeps (expired ones count until revoked). */
export const API_TOKENS_PER_USER = 20;

export const API_TOKEN_INVALID = 'Invalid API token';
export const API_TOKEN_EXPIRED = 'Expired API token';
/** 403 on the account's own routes (profile, tokens, users), whatever the scope. */
export const SIGN_IN_REQUIRED = 'An API token cannot do this: sign in.';
/** 403 for a write with a 'Read only' token. */
export const READ_ONLY_TOKEN = 'This API token is read only.';
export const TOO_MANY_TOKENS = `You can keep at most ${API_TOKENS_PER_USER} API tokens. Revoke one first.`;

/** The last day a token may be given: one year from today (London), the same date. */
export function latestApiTokenExpiry(today: string = londonToday()): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // 29 February + 1 year → 1 March: Date.UTC rolls the day over.
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

export const EXPIRY_IN_PAST = 'Choose today or a later day.';
export const expiryTooFar = (latest: string) => `Choose a day no later than ${formatDay(latest)} (one year from today).`;

/**
 * The token's last day, YYYY-MM-DD: it works until that day ends in London. Today at the earliest,
 * one year from today at the latest (checked against the day the request is read).
 */
export const apiTokenExpiresOn = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.iso.date({ error: (i) => (i.input === undefined ? undefined : 'Enter a date as YYYY-MM-DD.') }).superRefine((day, ctx) => {
    const today = londonToday();
    if (day < today) ctx.addIssue({ code: 'custom', message: EXPIRY_IN_PAST, input: day });
    else if (day > latestApiTokenExpiry(today))
      ctx.addIssue({ code: 'custom', message: expiryTooFar(latestApiTokenExpiry(today)), input: day });
  }),
);

export const apiTokenCreateBody = z.object({
  name: requiredString(API_TOKEN_NAME_MAX),
  scope: apiTokenScope,
  expiresOn: apiTokenExpiresOn,
});
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateBody>;

export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiTokenScope,
  /** The token's first characters ('chub_Ab12Cd'), to tell tokens apart; never the secret. */
  shown: z.string(),
  owner: z.object({ id: z.number().int(), username: z.string() }),
  /** ISO 8601 UTC. */
  createdAt: z.iso.datetime(),
  /** The last day it works (London), YYYY-MM-DD. */
  expiresOn: z.iso.date(),
  /** Its last day is over: it is refused (401) until revoked and made again. */
  expired: z.boolean(),
  /** When a call was last made with it, at most a minute behind (written at most once a minute); null: never used. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer of a create: the token with its secret, shown this once and never again. */
export const apiTokenCreated = apiToken.extend({ token: z.string().regex(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]+$`)) });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;

export const apiTokenList = listResponse(apiToken);
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** Every user's tokens, newest first unless asked otherwise; filtered by the owner's name (contains, any case). */
export const allApiTokensQuery = listQuery(['createdAt', 'expiresOn', 'lastUsedAt', 'name'], {
  username: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(180, INVALID_VALUE_MESSAGE).optional()),
});
export type AllApiTokensQuery = z.infer<typeof allApiTokensQuery>;

export const apiTokenParams = idParams;

/**
 * A history entry's source for a change made with a token: 'via token {name}' (docs/decisions/279);
 * an import's source is '<file>, row <n>' (docs/decisions/258).
 */
const VIA_TOKEN = 'via token ';
export const viaTokenSource = (tokenName: string) => `${VIA_TOKEN}${tokenName}`;
/** The token's name of a history entry's source, or null when the change did not come through a token. */
export function tokenOfSource(source: string | null): string | null {
  return source?.startsWith(VIA_TOKEN) ? source.slice(VIA_TOKEN.length) : null;
}
