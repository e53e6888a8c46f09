/**
 * TRUST_PROXY names the proxies in front, by count or by address (docs/decisions/261): the address
 * the sign-in locks count is the one the outermost trusted proxy saw, never what a client wrote
 * into X-Forwarded-For. Each proxy here appends the address it saw, as nginx's
 * `$proxy_add_x_forwarded_for` and every load balancer do; the client's own header comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsFromHere } from '@cooler-hub/contract/auth';
import { eq, like } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config';
import { loginFailures } from '../src/db/schema';
import { MAX_FAILURES_PER_PAIR } from '../src/modules/auth/auth.service';
import { buildTestApp, createUser, hydraDescription, type TestApp } from './helpers';

const CLIENT = '203.0.113.7';
const PROXY = '10.0.0.5';
/** Quick spacing, so the old behaviour (each forged address a stranger) fails fast instead of slowly. */
const QUICK = { freeChecks: 5, firstSpacingMs: 20, maxSpacingMs: 40 };

describe('the setting', () => {
  const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('reads a count of proxies, their addresses and ranges, or none', () => {
    expect(read('0')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('')).toBe(false);
    // The old flag's "on" is one proxy in front.
    expect(read('1')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(read(' 10.0.0.5 , 10.1.0.0/16,fd00::/8, loopback ')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it.each(['true', 'yes', 'any', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '11', '-1', ','])(
    'refuses %j at boot, naming TRUST_PROXY',
    (value) => {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^Invalid configuration: TRUST_PROXY /);
    },
  );
});

describe.each([
  ['one proxy by count', '1', ''],
  ['one proxy by address', PROXY, ''],
  ['two proxies by count (an edge proxy, then a load balancer)', '2', '192.0.2.10'],
])('behind %s (TRUST_PROXY=%s)', (_name, setting, outerProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: setting }, { loginThrottle: QUICK });
  }, 180_000);
  afterAll(() => t.close());

  /**
   * A sign-in from CLIENT that wrote `forged` into X-Forwarded-For. The proxy the server sees is
   * PROXY; the one CLIENT reached (`outerProxy`, or PROXY itself when there is one) appended CLIENT,
   * and PROXY, when it is the second, appended `outerProxy`.
   */
  const signIn = (username: string, password: string, forged: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': [forged, CLIENT, ...(outerProxy === '' ? [] : [outerProxy])].join(', ') },
      payload: { username, password },
    });

  it('8 failures with 8 forged X-Forwarded-For: the lock of the account from the client address holds from the sixth', async () => {
    const { user, password } = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await signIn(user.username, `wrong-${i}`, `198.51.100.${i + 1}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(hydraDescription(res, 429)).toBe(tooManyAttemptsFromHere(Number(res.headers['retry-after'])));
    }
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES_PER_PAIR).fill(401), 429, 429, 429]);
    // Locked even with the right password, whatever the client writes.
    expect((await signIn(user.username, password, '198.51.100.99')).statusCode).toBe(429);
    // What was counted is the client's address, and no forged one.
    const keys = (
      await t.database.db
        .select({ key: loginFailures.key })
        .from(loginFailures)
        .where(like(loginFailures.key, `pair:user:${user.id}@%`))
    ).map((r) => r.key);
    expect(new Set(keys)).toEqual(new Set([`pair:user:${user.id}@ip:${CLIENT}`]));
    expect(await t.database.db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:198.51.100.1'))).toEqual([]);
  });
});

describe('a client that reaches the server without the named proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8' }, { loginThrottle: QUICK });
  }, 180_000);
  afterAll(() => t.close());

  it('is counted by its own address: its X-Forwarded-For is not read', async () => {
    const { user } = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login_check',
        remoteAddress: CLIENT,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { username: user.username, password: `wrong-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES_PER_PAIR).fill(401), 429]);
  });

  it('behind two proxies of the named range, the address is the one the outer proxy saw', async () => {
    const { user } = await createUser(t.app);
    for (let i = 0; i < 6; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login_check',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${CLIENT}, 10.9.9.9` },
        payload: { username: user.username, password: `wrong-${i}` },
      });
    }
    const keys = (
      await t.database.db
        .select({ key: loginFailures.key })
        .from(loginFailures)
        .where(like(loginFailures.key, `pair:user:${user.id}@%`))
    ).map((r) => r.key);
    expect(new Set(keys)).toEqual(new Set([`pair:user:${user.id}@ip:${CLIENT}`]));
  });
});
