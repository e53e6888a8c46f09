/**
 * The signature of a webhook delivery (docs/decisions/280), Stripe's scheme:
 * `Cooler-Hub-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`.
 * The receiver recomputes it over the raw bytes it received, compares in constant time and refuses a
 * `t` far from its clock (a replayed request).
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@cooler-hub/contract/webhooks';
import { randomToken } from '../../lib/crypto';

/** A new secret: whsec_ and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;
}

/** The hex HMAC-SHA256 of `<t>.<body>` with the whole secret (prefix included) as the key. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The Cooler-Hub-Signature header's value for `body` sent at `at`. */
export function signatureHeader(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}
