/**
 * Sending one webhook POST (docs/decisions/280), and the address rule: a target on a private,
 * loopback or link-local network is refused — when it is registered, and again when each request
 * connects, since a name can resolve elsewhere by then. The connection goes to the very address that
 * was checked (the socket's own `lookup`), so a second DNS answer cannot slip past the check.
 * WEBHOOKS_ALLOW_PRIVATE_TARGETS=true lifts the rule (a receiver on this machine or network).
 *
 * A slow or dead receiver never holds the hub: each request is cut after the timeout, and at most
 * MAX_ANSWER_BYTES of the answer are read.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_PRIVATE_TARGET, WEBHOOK_UNRESOLVED } from '@cooler-hub/contract/webhooks';

/** Bytes of the receiver's answer read at most; the rest is dropped with the connection. */
export const MAX_ANSWER_BYTES = 4096;

const privateV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const privateV6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];
const blocked = new net.BlockList();
for (const [address, prefix] of privateV4) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of privateV6) blocked.addSubnet(address, prefix, 'ipv6');

/** True for an address no webhook may target: private, loopback, link-local, unspecified, multicast. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it holds.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

/** The host of a URL without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why `url` may not be a target, or null when it may: its host is (or resolves only to… any of)
 * a private address. Every address a name resolves to must be public.
 */
export async function targetRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(new URL(url));
  if (net.isIP(host)) return isPrivateAddress(host) ? WEBHOOK_PRIVATE_TARGET : null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return WEBHOOK_UNRESOLVED;
  }
  if (addresses.length === 0) return WEBHOOK_UNRESOLVED;
  return addresses.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_PRIVATE_TARGET : null;
}

/** A socket lookup that answers only public addresses (the first one found), else an error saying why. */
function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
): void {
  dns.lookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0 || allowed.length !== addresses.length) {
      return callback(Object.assign(new Error(WEBHOOK_PRIVATE_TARGET), { code: 'EPRIVATETARGET' }), '');
    }
    if (options.all) return callback(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
}

export interface SendOutcome {
  /** The receiver's HTTP status; null when no answer came. */
  statusCode: number | null;
  /** What went wrong in a sentence; null on a 2xx. */
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException;
  switch (e.code ?? '') {
    case 'ETIMEDOUT_WEBHOOK':
      return `No answer within ${timeoutMs} ms; the request was cut.`;
    case 'EPRIVATETARGET':
      return WEBHOOK_PRIVATE_TARGET;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name could not be resolved.';
    case 'ECONNREFUSED':
      return 'The receiver refused the connection (nothing listens there).';
    case 'ECONNRESET':
      return 'The receiver closed the connection before answering.';
    default:
      return `The request failed: ${e.message || String(err)}`;
  }
}

/** POSTs `body` to `url` once: the status of the answer, or why none came. Never throws. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch (err) {
    return { statusCode: null, error: describeError(err, options.timeoutMs), durationMs: elapsed() };
  }
  const host = hostOf(target);
  if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return { statusCode: null, error: WEBHOOK_PRIVATE_TARGET, durationMs: elapsed() };
  }
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const fail = (err: unknown) => finish({ statusCode: null, error: describeError(err, options.timeoutMs) });

    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Cooler-Hub-Webhooks/1' },
      // No connection reuse: each delivery is its own short request, checked afresh.
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(() => {
      const timeout = Object.assign(new Error('timeout'), { code: 'ETIMEDOUT_WEBHOOK' });
      fail(timeout);
      request.destroy(timeout);
    }, options.timeoutMs);
    request.on('error', fail);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        finish(
          status >= 200 && status < 300
            ? { statusCode: status, error: null }
            : {
                statusCode: status,
                error: `The receiver answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}.`,
              },
        );
        request.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough of the answer: its status is what counts.
        if (read >= MAX_ANSWER_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
