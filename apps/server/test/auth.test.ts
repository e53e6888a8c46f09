import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import {
  INVALID_CREDENTIALS,
  JWT_LIFETIME_SECONDS,
  TOKEN_EXPIRED,
  TOKEN_INVALID,
  TOKEN_NOT_FOUND,
  tokenPayload,
  tooManyAttemptsFromHere,
} from '@cooler-hub/contract/auth';
import type { ConstraintViolationList, HydraError } from '@cooler-hub/contract/common';
import {
  ADDRESS_DELAY_MAX_MS,
  ADDRESS_DELAY_STEP_MS,
  MAX_FAILURES_PER_PAIR,
  SLOW_DOWN_AFTER_ADDRESS_FAILURES,
  addressDelayMs,
} from '../src/modules/auth/auth.service';
import { ADMIN_PASSWORD, authHeader, buildTestApp, createUser, json, login, loginAs, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const loginCheck = (username: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, remoteAddress: ip });
const profile = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/profile', headers });

describe('POST /api/login_check', () => {
  it('signs in by user name or e-mail, any case, and the token carries the contract payload', async () => {
    const { user, password } = await createUser(t.app, { role: 'Production' });
    const byName = await loginCheck(user.username.toUpperCase(), password);
    expect(byName.statusCode).toBe(200);
    const byEmail = await loginCheck(user.email, password);
    expect(byEmail.statusCode).toBe(200);

    const claims = decodeJwt(json<{ token: string }>(byEmail).token);
    const payload = tokenPayload.parse(claims);
    expect(payload).toMatchObject({ sub: String(user.id), username: user.username, role: 'Production', permissions: ['ROLE_ADMIN_USER'] });
    expect(payload.exp - payload.iat).toBe(JWT_LIFETIME_SECONDS);
    expect(claims['ver']).toBe(0);
  });

  it("answers 401 'Invalid credentials.' for a wrong password or an unknown user", async () => {
    const wrong = await loginCheck('admin', 'not-the-password', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ code: 401, message: INVALID_CREDENTIALS });
    const unknown = await loginCheck('nobody-here', 'whatever-123', '10.0.0.1');
    expect(json(unknown)).toEqual({ code: 401, message: INVALID_CREDENTIALS });
  });

  it('validates the body: a missing password is a violation, not a 401 or 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(res).violations).toEqual([
      { propertyPath: 'password', title: 'Required Field', message: 'Required Field' },
    ]);
  });

  it(`refuses an account from one address with 429 after ${MAX_FAILURES_PER_PAIR} failures there, even with the right password; another address signs in`, async () => {
    const { user, password } = await createUser(t.app);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      // By name or by e-mail alike: it is the account from that address that is counted.
      const res = await loginCheck(i % 2 ? user.email : user.username, 'wrong-password', '10.1.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginCheck(user.username, password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(json<HydraError>(blocked)).toEqual({
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': tooManyAttemptsFromHere(retryAfter),
    });
    expect(json<HydraError>(blocked)['hydra:description']).toBe(
      'Too many failed login attempts from this device. Try again in 15 minutes, or sign in from another device.',
    );
    // The same person from another address gets in; other accounts from the locked address too.
    expect((await loginCheck(user.username, password, '10.1.1.1')).statusCode).toBe(200);
    expect((await loginCheck('admin', ADMIN_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account’s failures', async () => {
    const { user, password } = await createUser(t.app);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < MAX_FAILURES_PER_PAIR - 1; i++) {
        expect((await loginCheck(user.username, 'wrong-password', '10.2.0.1')).statusCode).toBe(401);
      }
      expect((await loginCheck(user.username, password, '10.2.0.1')).statusCode).toBe(200);
    }
  });

  it(`slows an address down after ${SLOW_DOWN_AFTER_ADDRESS_FAILURES} failures across names, but a right password still signs in`, async () => {
    const { user, password } = await createUser(t.app);
    const address = '10.3.0.9';
    for (let i = 0; i < SLOW_DOWN_AFTER_ADDRESS_FAILURES; i++) {
      expect((await loginCheck(`guess-${i}`, 'wrong-password', address)).statusCode).toBe(401);
    }
    const timed = async (username: string, pass: string, ip: string) => {
      const started = performance.now();
      const res = await loginCheck(username, pass, ip);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    // Everyone behind that address (a proxy without TRUST_PROXY, an office NAT) still gets in, after a wait.
    const admin = await timed('admin', ADMIN_PASSWORD, address);
    expect(admin.status).toBe(200);
    expect(admin.ms).toBeGreaterThanOrEqual(ADDRESS_DELAY_STEP_MS);
    const other = await timed(user.username, password, address);
    expect(other.status).toBe(200);
    // The wait grows with each further failure.
    expect((await loginCheck('guess-more', 'wrong-password', address)).statusCode).toBe(401);
    const later = await timed(user.username, password, address);
    expect(later.status).toBe(200);
    expect(later.ms).toBeGreaterThanOrEqual(2 * ADDRESS_DELAY_STEP_MS);
    // Another address is not slowed.
    expect((await timed('admin', ADMIN_PASSWORD, '10.3.0.10')).ms).toBeLessThan(ADDRESS_DELAY_STEP_MS + 2000);
  });

  it('the lock of an account from an address still holds when that address is being slowed down', async () => {
    const { user, password } = await createUser(t.app);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await loginCheck(user.username, 'nope', '10.3.0.9')).statusCode).toBe(401);
    expect((await loginCheck(user.username, password, '10.3.0.9')).statusCode).toBe(429);
  });

  it('the address delay grows step by step up to its cap', () => {
    expect(addressDelayMs(SLOW_DOWN_AFTER_ADDRESS_FAILURES - 1)).toBe(0);
    expect(addressDelayMs(SLOW_DOWN_AFTER_ADDRESS_FAILURES)).toBe(ADDRESS_DELAY_STEP_MS);
    expect(addressDelayMs(SLOW_DOWN_AFTER_ADDRESS_FAILURES + 3)).toBe(4 * ADDRESS_DELAY_STEP_MS);
    expect(addressDelayMs(10_000)).toBe(ADDRESS_DELAY_MAX_MS);
  });
});

describe('tokens', () => {
  it("no token → 401 'JWT Token not found' (also an empty Bearer)", async () => {
    expect(json(await profile())).toEqual({ code: 401, message: TOKEN_NOT_FOUND });
    expect(json(await profile({ authorization: 'Bearer ' }))).toEqual({ code: 401, message: TOKEN_NOT_FOUND });
    expect(json(await profile({ authorization: 'Basic YWRtaW46eA==' }))).toEqual({ code: 401, message: TOKEN_NOT_FOUND });
  });

  it("a malformed or foreign-signed token → 401 'Invalid JWT Token'", async () => {
    expect(json(await profile(authHeader('not.a.jwt')))).toEqual({ code: 401, message: TOKEN_INVALID });
    const foreign = await new SignJWT({ username: 'admin', role: 'Admin', permissions: [], ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret'));
    const res = await profile(authHeader(foreign));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 401, message: TOKEN_INVALID });
  });

  it("an expired token → 401 'Expired JWT Token'", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ username: 'admin', role: 'Admin', permissions: [], ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(now - JWT_LIFETIME_SECONDS - 60)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect(json(await profile(authHeader(expired)))).toEqual({ code: 401, message: TOKEN_EXPIRED });
  });

  it('a token signed with our key but an old version or a missing user → 401', async () => {
    const sign = (sub: string, ver: number) =>
      new SignJWT({ username: 'x', role: 'Admin', permissions: [], ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.jwtSecret));
    expect(json(await profile(authHeader(await sign('1', 0))))).toMatchObject({ username: 'admin' });
    expect(json(await profile(authHeader(await sign('1', 7))))).toEqual({ code: 401, message: TOKEN_INVALID });
    expect(json(await profile(authHeader(await sign('424242', 0))))).toEqual({ code: 401, message: TOKEN_INVALID });
    expect(json(await profile(authHeader(await sign('not-a-number', 0))))).toEqual({ code: 401, message: TOKEN_INVALID });
  });

  it('old tokens die after a password change, a role change and deletion; fresh ones work', async () => {
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    const put = (id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/hub_users/${id}`, headers: authHeader(admin), payload });

    const a = await loginAs(t.app, 'Production');
    await put(a.user.id, { ...a.user, plainPassword: 'changed-pass-1' });
    expect((await profile(authHeader(a.token))).statusCode).toBe(401);
    expect((await profile(authHeader(await login(t.app, a.user.username, 'changed-pass-1')))).statusCode).toBe(200);

    const b = await loginAs(t.app, 'Production');
    await put(b.user.id, { ...b.user, role: 'Admin' });
    expect((await profile(authHeader(b.token))).statusCode).toBe(401);
    const promoted = json<{ permissions: string[] }>(await profile(authHeader(await login(t.app, b.user.username, b.password))));
    expect(promoted.permissions).toContain('ROLE_MASTER_ACCOUNT');

    const c = await loginAs(t.app, 'Production');
    await t.app.inject({ method: 'DELETE', url: `/api/hub_users/${c.user.id}`, headers: authHeader(admin) });
    expect(json(await profile(authHeader(c.token)))).toEqual({ code: 401, message: TOKEN_INVALID });
  });
});
