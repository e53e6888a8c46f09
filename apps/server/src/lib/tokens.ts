/**
 * JWT (HS256, jose). The payload is the contract's `tokenPayload` plus `ver`, the user's token
 * version at signing time: the guard compares it with the stored one, so bumping the version
 * revokes every older token of that user (docs/decisions/011).
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { JWT_LIFETIME_SECONDS, TOKEN_EXPIRED, TOKEN_INVALID, type TokenPayload } from '@cooler-hub/contract/auth';
import { permissionsOf, type Role } from '@cooler-hub/contract/permissions';
import { UnauthorizedError } from './errors';

export interface TokenSubject {
  id: number;
  username: string;
  role: Role;
  tokenVersion: number;
}

export interface VerifiedToken {
  userId: number;
  version: number;
}

export interface TokenService {
  sign(user: TokenSubject): Promise<string>;
  /** Throws UnauthorizedError(TOKEN_EXPIRED | TOKEN_INVALID). */
  verify(token: string): Promise<VerifiedToken>;
}

/**
 * Tokens already verified, kept until they expire: checking the HMAC of the same token again on every
 * request cost ~9 % of a list call's CPU (docs/decisions/240). Only the signature and expiry are
 * skipped; the guard still compares the user's token version on every request.
 */
const MAX_VERIFIED = 10_000;

export function createTokenService(secret: string, lifetimeSeconds = JWT_LIFETIME_SECONDS): TokenService {
  const verified = new Map<string, VerifiedToken & { expiresAtMs: number }>();
  // Imported once: given raw bytes, jose would import the HMAC key again on every sign and verify.
  const keyReady = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async sign(user) {
      const claims: Omit<TokenPayload, 'iat' | 'exp' | 'sub'> & { ver: number } = {
        username: user.username,
        role: user.role,
        permissions: permissionsOf(user.role),
        ver: user.tokenVersion,
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await keyReady);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAtMs) return { userId: known.userId, version: known.version };
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await keyReady, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] });
        const userId = Number(payload.sub);
        const version = payload['ver'];
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof version !== 'number') {
          throw new UnauthorizedError(TOKEN_INVALID);
        }
        verified.set(token, { userId, version, expiresAtMs: (payload.exp ?? 0) * 1000 });
        if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        return { userId, version };
      } catch (err) {
        if (err instanceof UnauthorizedError) throw err;
        if (err instanceof errors.JWTExpired) throw new UnauthorizedError(TOKEN_EXPIRED);
        throw new UnauthorizedError(TOKEN_INVALID);
      }
    },
  };
}
