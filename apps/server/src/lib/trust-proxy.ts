/**
 * TRUST_PROXY (docs/decisions/261): which proxies in front of the server may say, in
 * X-Forwarded-For, where a request came from. Never "any": the leftmost entry is written by the
 * client, so trusting every hop lets a client pick its own address and step around the sign-in
 * locks that are kept per address.
 *
 * - unset, `0` or `false`: no proxy; the address is the connection's.
 * - a whole number N (1 … MAX_PROXY_HOPS): N proxies in front; the address is the one the
 *   outermost of them saw (the Nth entry from the right of X-Forwarded-For). `1` — the old flag's
 *   "on" — is one proxy.
 * - a comma-separated list of addresses, CIDR ranges or `loopback` / `linklocal` / `uniquelocal`:
 *   the proxies themselves; the address is the first one from the right that is not in the list.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

export const MAX_PROXY_HOPS = 10;
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** false: no proxy; a number: that many hops; a list: the proxies' addresses and ranges. */
export type TrustProxy = false | number | readonly string[];

export const TRUST_ANY_REFUSED =
  "must be 0, the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16); 'true' (trust any client's X-Forwarded-For) is not accepted";

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The environment value → TrustProxy; anything else is refused at boot with TRUST_ANY_REFUSED. */
export const trustProxySetting = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_PROXY_HOPS} proxies` });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0 || !entries.every(isAddressOrRange)) {
    ctx.addIssue({ code: 'custom', message: TRUST_ANY_REFUSED });
    return z.NEVER;
  }
  return entries;
});

/**
 * Fastify's `trustProxy` for the setting. A hop count is given as a function of the hop's position:
 * Fastify reads a bare number as "trust nothing", and `true` as "trust everything".
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}
