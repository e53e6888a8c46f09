/**
 * The JWT is only decoded here, never verified: the server verifies it on every call. The payload is
 * read as JSON (docs/product.md §3) and checked against the contract's `tokenPayload`; anything else means
 * "logged out".
 */
import { tokenPayload, type TokenPayload } from '@cooler-hub/contract/auth';

export const TOKEN_STORAGE_KEY = 'token';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The token's payload, or null when it is not a three-part JWT with a valid payload. */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const parsed = tokenPayload.safeParse(JSON.parse(base64UrlDecode(parts[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isExpired(payload: TokenPayload, nowMs: number = Date.now()): boolean {
  return payload.exp * 1000 <= nowMs;
}
