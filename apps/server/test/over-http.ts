/**
 * The test-side tools to talk over HTTP to a server running as its own process (started with
 * @cooler-hub/process-kit/server): seed it through the same API factories the in-process tests
 * use, sign in, call it.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ADMIN_PASSWORD } from './helpers';

/**
 * The API factories call `app.inject`; this stand-in sends the same calls over HTTP to `base`, so
 * tests seed through the real API of the server under test. `headers` go with every call.
 */
export function overHttp(base: string, headers: Record<string, string> = {}): FastifyInstance {
  const inject = async (o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    // A Buffer goes as it is (multipart, with the caller's content type); anything else as JSON.
    const raw = Buffer.isBuffer(o.payload);
    const asJson = o.payload !== undefined && !raw;
    const res = await fetch(`${base}${o.url}`, {
      method: o.method,
      headers: { ...headers, ...(asJson ? { 'content-type': 'application/json' } : {}), ...(o.headers ?? {}) },
      body: raw ? (o.payload as Buffer) : asJson ? JSON.stringify(o.payload) : undefined,
    });
    const body = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body,
      json: () => JSON.parse(body) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}

/** Signs in over HTTP; the answer as it came (status, body) for tests of refusals too. */
export async function signInOverHttp(
  base: string,
  credentials: { username: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; token?: string; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, token: typeof body.token === 'string' ? body.token : undefined, body, headers: res.headers };
}

export async function signIn(base: string, password = ADMIN_PASSWORD): Promise<Response> {
  return fetch(`${base}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
}

export async function tokenFor(base: string, password = ADMIN_PASSWORD): Promise<string> {
  const res = await signIn(base, password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export async function api(base: string, token: string, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
