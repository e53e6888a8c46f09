/** Personal API tokens (docs/decisions/279): made, used, narrowed by scope, refused once revoked or expired, listed by an Admin. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_TOKEN_EXPIRED,
  API_TOKEN_INVALID,
  API_TOKEN_PREFIX,
  EXPIRY_IN_PAST,
  READ_ONLY_TOKEN,
  SIGN_IN_REQUIRED,
  expiryTooFar,
  latestApiTokenExpiry,
  type ApiTokenCreated,
  type ApiTokenList,
} from '@cooler-hub/contract/api-tokens';
import { REQUIRED_MESSAGE, type ListResponse } from '@cooler-hub/contract/common';
import { londonToday, nextDay } from '@cooler-hub/contract/london-time';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { setExpiry } from '../src/modules/api-tokens/api-tokens.repository';
import { call, createReceiptReferences, newReceipt, unique, type ReceiptReferences } from './factories';
import { adminToken, hydraDescription, json, loginAs, useSignedInApp, violationsOf } from './helpers';

// The suite's user is Production: receipts (ROLE_ADMIN_USER) but no users, imports or backups.
const suite = useSignedInApp('Production');
const me = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => suite.api(method, url, payload);
/** A call made with an API token (or any Bearer value). */
const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(suite.app, token, method, url, payload);

const inAMonth = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 30);
  return d.toISOString().slice(0, 10);
};

async function makeToken(
  app: FastifyInstance,
  jwt: string,
  overrides: Partial<{ name: string; scope: string; expiresOn: string }> = {},
): Promise<ApiTokenCreated> {
  const res = await call(app, jwt, 'POST', '/api/profile/tokens', {
    name: unique('script'),
    scope: 'asMyRole',
    expiresOn: inAMonth(),
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`creating a token failed: ${res.statusCode} ${res.body}`);
  return json<ApiTokenCreated>(res);
}
const mine = (overrides: Parameters<typeof makeToken>[2] = {}) => makeToken(suite.app, suite.token, overrides);

function unauthorized(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(401);
  const body = json<{ code: number; message: string }>(res);
  expect(body.code).toBe(401);
  return body.message;
}

let refs: ReceiptReferences;
beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
});

describe('POST /api/profile/tokens', () => {
  it('answers the secret once (201); the lists show its first characters, never the secret', async () => {
    const name = unique('nightly');
    const created = await mine({ name: `  ${name}  `, expiresOn: londonToday() });
    expect(created).toMatchObject({ name, scope: 'asMyRole', expiresOn: londonToday(), expired: false, lastUsedAt: null });
    expect(created.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created.token.startsWith(created.shown)).toBe(true);
    expect(created.shown.length).toBeLessThan(16);

    const list = await me('GET', '/api/profile/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    const row = json<ApiTokenList>(list).items.find((t) => t.id === created.id);
    expect(row).toEqual({ ...created, token: undefined });
    expect(row).not.toHaveProperty('token');
  });

  it('bad input → 400 on the field, never a 500; nothing is made', async () => {
    const taken = (await mine()).name;
    const before = json<ApiTokenList>(await me('GET', '/api/profile/tokens')).totalCount;
    const yesterday = new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10);
    const latest = latestApiTokenExpiry();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '' }, { name: REQUIRED_MESSAGE }],
      [{ name: '   ' }, { name: REQUIRED_MESSAGE }],
      [{ name: 'x'.repeat(81) }, { name: 'This value is too long. It should have 80 characters or less.' }],
      [{ name: taken.toUpperCase() }, { name: ALREADY_USED }],
      [{ expiresOn: yesterday }, { expiresOn: EXPIRY_IN_PAST }],
      [{ expiresOn: nextDay(latest) }, { expiresOn: expiryTooFar(latest) }],
      [{ expiresOn: '' }, { expiresOn: REQUIRED_MESSAGE }],
      [{ expiresOn: '31/12/2026' }, { expiresOn: 'Enter a date as YYYY-MM-DD.' }],
      [{ scope: 'everything' }, { scope: 'Choose Read only or As my role.' }],
      [{ scope: undefined }, { scope: REQUIRED_MESSAGE }],
    ];
    for (const [body, expected] of cases) {
      const res = await me('POST', '/api/profile/tokens', { name: unique('bad'), scope: 'readOnly', expiresOn: inAMonth(), ...body });
      expect(violationsOf(res), JSON.stringify(body)).toEqual(expected);
    }
    // The latest day allowed is one year from today.
    await mine({ expiresOn: latest });
    expect(json<ApiTokenList>(await me('GET', '/api/profile/tokens')).totalCount).toBe(before + 1);
  });
});

describe('a token at work', () => {
  it('"As my role": a GET and a write of the role; history reads "<user> via token <name>"', async () => {
    const token = await mine({ name: unique('nightly-import') });
    expect((await withToken(token.token, 'GET', '/api/receipts')).statusCode).toBe(200);
    const create = await withToken(token.token, 'POST', '/api/receipts', newReceipt(refs));
    expect(create.statusCode).toBe(201);
    const receipt = json<{ id: string; lbNumber: string }>(create);

    const history = json<ListResponse<RevisionEntry>>(
      await withToken(token.token, 'GET', `/api/revision_entries?entryKind=Receipt&entryRef=${receipt.id}`),
    ).items;
    expect(history.length).toBeGreaterThan(0);
    for (const entry of history) {
      expect(entry.creator.username).toBe(await profileName());
      expect(entry.source).toBe(`via token ${token.name}`);
    }
    // The same change signed in has no source.
    const signedIn = json<{ id: string }>(await me('POST', '/api/receipts', newReceipt(refs)));
    const own = json<ListResponse<RevisionEntry>>(await me('GET', `/api/revision_entries?entryKind=Receipt&entryRef=${signedIn.id}`)).items;
    expect(own.map((e) => e.source)).toEqual(own.map(() => null));
  });

  it('"Read only": GETs of the role only; a write is 403 and writes nothing', async () => {
    const token = await mine({ scope: 'readOnly' });
    expect((await withToken(token.token, 'GET', '/api/receipts')).statusCode).toBe(200);
    const body = newReceipt(refs);
    expect(hydraDescription(await withToken(token.token, 'POST', '/api/receipts', body), 403)).toBe(READ_ONLY_TOKEN);
    expect((await me('GET', `/api/receipts/${body.id}`)).statusCode).toBe(404);
  });

  it('never on the account itself, its tokens or user management (403), whatever the scope', async () => {
    const token = await mine();
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', { username: 'renamed', email: 'renamed@example.com', plainPassword: 'new-password-1' }],
      ['GET', '/api/profile/tokens'],
      ['POST', '/api/profile/tokens', { name: unique('from-a-token'), scope: 'asMyRole', expiresOn: inAMonth() }],
      ['DELETE', `/api/profile/tokens/${token.id}`],
    ];
    for (const [method, url, payload] of refused) {
      const res = await withToken(token.token, method as 'GET', url, payload);
      expect(hydraDescription(res, 403), `${method} ${url}`).toBe(SIGN_IN_REQUIRED);
    }
    // An Admin's token may not manage users or see everyone's tokens either.
    const admin = await makeToken(suite.app, await adminToken(suite.app));
    for (const url of ['/api/hub_users', '/api/tokens']) {
      expect(hydraDescription(await withToken(admin.token, 'GET', url), 403), url).toBe(SIGN_IN_REQUIRED);
    }
    // …while the role's other calls work.
    expect((await withToken(admin.token, 'GET', '/api/imports')).statusCode).toBe(200);
    // The token still works, and is still listed.
    expect((await withToken(token.token, 'GET', '/api/receipts')).statusCode).toBe(200);
  });

  it('an unknown, revoked or expired token → 401 {code, message}; a sign-in token still works', async () => {
    expect(unauthorized(await withToken(`${API_TOKEN_PREFIX}${'A'.repeat(43)}`, 'GET', '/api/receipts'))).toBe(API_TOKEN_INVALID);

    const revoked = await mine();
    expect((await me('DELETE', `/api/profile/tokens/${revoked.id}`)).statusCode).toBe(204);
    expect(unauthorized(await withToken(revoked.token, 'GET', '/api/receipts'))).toBe(API_TOKEN_INVALID);
    expect(json<ApiTokenList>(await me('GET', '/api/profile/tokens')).items.map((t) => t.id)).not.toContain(revoked.id);

    const expiring = await mine();
    await setExpiry(suite.t.database.db, expiring.id, new Date(Date.now() - 1000));
    expect(unauthorized(await withToken(expiring.token, 'GET', '/api/receipts'))).toBe(API_TOKEN_EXPIRED);
    const listed = json<ApiTokenList>(await me('GET', '/api/profile/tokens')).items.find((t) => t.id === expiring.id);
    expect(listed?.expired).toBe(true);

    expect((await me('GET', '/api/receipts')).statusCode).toBe(200);
  });

  it('last used: set by a call, then kept for a minute instead of written on every call', async () => {
    const token = await mine();
    const lastUsed = async () =>
      json<ApiTokenList>(await me('GET', '/api/profile/tokens')).items.find((t) => t.id === token.id)?.lastUsedAt ?? null;
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    await withToken(token.token, 'GET', '/api/receipts');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 5000);
    await withToken(token.token, 'GET', '/api/receipts');
    expect(await lastUsed()).toBe(first);
  });

  it("follows the owner's CURRENT role; read-only stays read-only; the owner deleted → 401", async () => {
    const person = await loginAs(suite.app, 'Production');
    const asRole = await makeToken(suite.app, person.token);
    const readOnly = await makeToken(suite.app, person.token, { scope: 'readOnly' });
    expect((await withToken(asRole.token, 'GET', '/api/imports')).statusCode).toBe(403);

    const admin = await adminToken(suite.app);
    const promoted = await call(suite.app, admin, 'PUT', `/api/hub_users/${person.user.id}`, {
      username: person.user.username,
      email: person.user.email,
      role: 'Admin',
      color: null,
      plainPassword: '',
    });
    expect(promoted.statusCode).toBe(200);
    expect((await withToken(asRole.token, 'GET', '/api/imports')).statusCode).toBe(200);
    expect((await withToken(readOnly.token, 'GET', '/api/imports')).statusCode).toBe(200);
    expect(hydraDescription(await withToken(readOnly.token, 'POST', '/api/receipts', newReceipt(refs)), 403)).toBe(READ_ONLY_TOKEN);

    expect((await call(suite.app, admin, 'DELETE', `/api/hub_users/${person.user.id}`)).statusCode).toBe(204);
    expect(unauthorized(await withToken(asRole.token, 'GET', '/api/receipts'))).toBe(API_TOKEN_INVALID);
  });
});

describe("every user's tokens (/api/tokens)", () => {
  it("an Admin lists everyone's tokens with their owner and revokes another user's", async () => {
    const token = await mine({ name: unique('seen-by-admin') });
    const admin = await adminToken(suite.app);
    const name = await profileName();
    const list = json<ApiTokenList>(await call(suite.app, admin, 'GET', `/api/tokens?username=${encodeURIComponent(name)}&perPage=100`));
    const row = list.items.find((t) => t.id === token.id);
    expect(row).toMatchObject({ name: token.name, owner: { username: name }, scope: 'asMyRole' });
    expect(list.items.every((t) => t.owner.username === name)).toBe(true);
    expect(JSON.stringify(list)).not.toContain(token.token);

    expect((await call(suite.app, admin, 'DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(204);
    expect(unauthorized(await withToken(token.token, 'GET', '/api/receipts'))).toBe(API_TOKEN_INVALID);
    expect((await call(suite.app, admin, 'DELETE', `/api/tokens/${token.id}`)).statusCode).toBe(404);
  });

  it('answers each token as made, used or expired, in the order asked, with the total on every page', async () => {
    const person = await loginAs(suite.app, 'Production');
    const used = await makeToken(suite.app, person.token, { name: 'b-used' });
    const expiring = await makeToken(suite.app, person.token, { name: 'A-expired', scope: 'readOnly' });
    const fresh = await makeToken(suite.app, person.token, { name: 'c-fresh' });
    expect((await withToken(used.token, 'GET', '/api/receipts')).statusCode).toBe(200);
    // The start of 31 March 2024 in London (still GMT): its last day is the 30th.
    await setExpiry(suite.t.database.db, expiring.id, new Date('2024-03-31T00:00:00.000Z'));
    const admin = await adminToken(suite.app);
    const all = async (query: string) =>
      json<ApiTokenList>(await call(suite.app, admin, 'GET', `/api/tokens?username=${encodeURIComponent(person.user.username)}&${query}`));
    const asMade = ({ token: _secret, ...made }: ApiTokenCreated) => made;

    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const byName = await all('order[name]=asc');
    expect(byName).toMatchObject({ totalCount: 3, pagesCount: 1 });
    expect(byName.items).toEqual([
      { ...asMade(expiring), expiresOn: '2024-03-30', expired: true },
      { ...asMade(used), lastUsedAt: expect.stringMatching(iso) },
      asMade(fresh),
    ]);
    expect(byName.items.every((t) => iso.test(t.createdAt))).toBe(true);
    expect(Date.now() - Date.parse(byName.items[1]!.lastUsedAt!)).toBeLessThan(60_000);

    // Later pages, the last read from the end, each with the total; past the end, none.
    expect(await all('order[name]=asc&perPage=1&page=2')).toMatchObject({ totalCount: 3, pagesCount: 3, items: [byName.items[1]] });
    expect(await all('order[name]=asc&perPage=1&page=3')).toMatchObject({ totalCount: 3, items: [byName.items[2]] });
    expect(await all('order[name]=asc&perPage=1&page=4')).toMatchObject({ totalCount: 3, items: [] });
    // Never used sorts as the earliest; ties newest made first.
    expect((await all('order[lastUsedAt]=desc')).items.map((t) => t.id)).toEqual([used.id, fresh.id, expiring.id]);
    expect((await all('order[expiresOn]=asc&perPage=2&page=2')).items.map((t) => t.id)).toEqual([fresh.id]);
    expect((await all('')).items.map((t) => t.id)).toEqual([fresh.id, expiring.id, used.id]);
    expect(violationsOf(await call(suite.app, admin, 'GET', '/api/tokens?order[secret]=asc'))).toEqual({
      order: 'Unrecognized key: "secret"',
    });
  });

  it("a non-admin cannot list or revoke them (403), nor revoke another person's own token (404)", async () => {
    const admin = await adminToken(suite.app);
    const adminsToken = await makeToken(suite.app, admin);
    expect(hydraDescription(await me('GET', '/api/tokens'), 403)).toBeTruthy();
    expect(hydraDescription(await me('DELETE', `/api/tokens/${adminsToken.id}`), 403)).toBeTruthy();
    expect((await me('DELETE', `/api/profile/tokens/${adminsToken.id}`)).statusCode).toBe(404);
    expect((await withToken(adminsToken.token, 'GET', '/api/receipts')).statusCode).toBe(200);
  });
});

async function profileName(): Promise<string> {
  return json<{ username: string }>(await me('GET', '/api/profile')).username;
}
