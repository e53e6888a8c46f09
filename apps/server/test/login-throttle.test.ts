/**
 * Sign-in throttling on two instances sharing one database (docs/decisions/012): addresses vary by
 * X-Forwarded-For (TRUST_PROXY=1), requests alternate between the instances. The attacker side: the
 * account's checks stay within the stated bound however many addresses guess at once, every answer
 * is 401 or 429, never a 500. The victim side: failures from one address never stop the right
 * password from another, which signs in within the stated delay; an address the account signed in
 * from is not queued behind strangers at all. The spacing is shortened for the test (the rule is
 * the same; the production figures are checked against the decision's).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBusy } from '@cooler-hub/contract/auth';
import type { HydraError } from '@cooler-hub/contract/common';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seed } from '../src/db/seed';
import { randomToken } from '../src/lib/crypto';
import {
  accountSpacingMs,
  DEFAULT_LOGIN_THROTTLE,
  MAX_CHECKS_PER_ACCOUNT_HOUR,
  MAX_FAILURES_PER_PAIR,
  maxQueueWaitMs,
  type LoginThrottleTimings,
} from '../src/modules/auth/auth.service';
import { migrationsFolder } from '../src/paths';
import { ADMIN_PASSWORD, createScratchDatabase, createUser } from './helpers';

const TIMINGS: LoginThrottleTimings = { freeChecks: 5, firstSpacingMs: 100, maxSpacingMs: 400 };

let apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-throttle-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD, TRUST_PROXY: '1' });
  const jwtSecret = randomToken(48);
  let databases: Database[];
  if (process.env.DATABASE_URL) {
    // Two connection pools on one PostgreSQL database, as two servers would have.
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    databases = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    cleanups.push(async () => {
      for (const d of databases) await d.close();
      await scratch.drop();
    });
  } else {
    // Embedded PGlite is one process's database: both instances share it.
    const one = await openDatabase({ memory: true });
    databases = [one, one];
    cleanups.push(() => one.close());
  }
  await databases[0]!.migrate(migrationsFolder);
  await seed(databases[0]!.db, { adminPassword: ADMIN_PASSWORD });
  apps = await Promise.all(databases.map((database) => buildApp({ config, database, jwtSecret, loginThrottle: TIMINGS })));
  await Promise.all(apps.map((a) => a.ready()));
  cleanups.unshift(async () => {
    for (const a of apps) await a.close();
  });
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
}, 60_000);
afterAll(async () => {
  for (const c of cleanups) await c();
});

let turn = 0;
/** A sign-in through the next instance in turn, from `address`. */
async function signIn(username: string, password: string, address: string) {
  const app = apps[turn++ % apps.length]!;
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password },
    headers: { 'x-forwarded-for': address },
  });
  return { status: res.statusCode, ms: performance.now() - started, body: res.body, retryAfter: Number(res.headers['retry-after'] ?? 0) };
}

/** The most checks the rule lets through within `ms` (from a quiet account), counting the queue's lookahead. */
function boundWithin(ms: number, t: LoginThrottleTimings): number {
  let checks = 0;
  let at = 0;
  for (;;) {
    const next = at + accountSpacingMs(checks, t);
    if (next > ms + maxQueueWaitMs(accountSpacingMs(checks, t))) return checks;
    at = next;
    checks += 1;
  }
}

describe('the stated figures', () => {
  it('production: at most 188 checks of an account an hour, a right password waits at most 40 s in the queue', () => {
    expect(MAX_CHECKS_PER_ACCOUNT_HOUR).toBe(188);
    expect(maxQueueWaitMs(accountSpacingMs(10_000, DEFAULT_LOGIN_THROTTLE))).toBe(40_000);
    expect(MAX_FAILURES_PER_PAIR).toBe(5);
  });
});

describe('attacker side', () => {
  it('40 guesses at once from 40 addresses on two instances: only the bound is checked, the rest are told to wait', async () => {
    const { user } = await createUser(apps[0]!);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(user.username, `guess-${i}`, `10.20.${i}.1`)));
    const elapsed = performance.now() - started;
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(','),
    ).toBe(true);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(TIMINGS.freeChecks);
    expect(checked).toBeLessThanOrEqual(boundWithin(elapsed, TIMINGS));
    const refused = answers.find((a) => a.status === 429)!;
    expect(JSON.parse(refused.body) as HydraError).toMatchObject({ 'hydra:description': accountBusy(refused.retryAfter) });
    expect(refused.retryAfter).toBeGreaterThan(0);
  }, 60_000);

  it('a sustained attack from 30 addresses for 4 s: the checks stay within the bound', async () => {
    const { user } = await createUser(apps[0]!);
    const until = performance.now() + 4000;
    const started = performance.now();
    let checked = 0;
    let other = 0;
    let n = 0;
    // Eight workers keep guessing, each from the next address in turn.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          const i = n++;
          const { status } = await signIn(user.username, `guess-${i}`, `10.30.${i % 30}.1`);
          if (status === 401) checked += 1;
          else if (status !== 429) other += 1;
          else await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    const elapsed = performance.now() - started;
    expect(other).toBe(0);
    expect(checked).toBeGreaterThan(TIMINGS.freeChecks);
    expect(checked).toBeLessThanOrEqual(boundWithin(elapsed, TIMINGS));
  }, 60_000);
});

describe('victim side', () => {
  it('failures from one address: that address is locked for the account, the right password from another signs in within two spacings', async () => {
    const { user, password } = await createUser(apps[0]!);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await signIn(user.username, 'wrong', '10.40.0.1')).status).toBe(401);
    expect((await signIn(user.username, password, '10.40.0.1')).status).toBe(429);
    // The attacker keeps trying from that address while the victim signs in from elsewhere.
    const attacker = Promise.all(Array.from({ length: 10 }, () => signIn(user.username, 'wrong', '10.40.0.1')));
    const victim = await signIn(user.username, password, '10.40.0.2');
    expect(victim.status).toBe(200);
    expect(victim.ms).toBeLessThan(maxQueueWaitMs(TIMINGS.maxSpacingMs) + 3000);
    expect((await attacker).every((a) => a.status === 429)).toBe(true);
  }, 60_000);

  it('an address the account signed in from is not queued behind a distributed attack', async () => {
    const { user, password } = await createUser(apps[0]!);
    expect((await signIn(user.username, password, '10.50.0.99')).status).toBe(200);
    // Many addresses keep the account's queue full …
    const stop = performance.now() + 3000;
    let busy = 0;
    const attack = Promise.all(
      Array.from({ length: 30 }, async (_, w) => {
        for (let i = 0; performance.now() < stop; i++) {
          if ((await signIn(user.username, 'wrong', `10.51.${w}.${i % 200}`)).status === 429) busy += 1;
        }
      }),
    );
    // … so strangers are told to wait, but the person's usual address is never refused, however full the queue.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 600));
      expect((await signIn(user.username, password, '10.50.0.99')).status).toBe(200);
    }
    await attack;
    expect(busy).toBeGreaterThan(0);
  }, 60_000);

  it('an Admin from another address signs in while the admin account is attacked from one', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_PAIR + 3; i++) expect([401, 429]).toContain((await signIn('admin', 'wrong', '10.60.0.1')).status);
    const admin = await signIn('admin', ADMIN_PASSWORD, '10.60.0.2');
    expect(admin.status).toBe(200);
  });
});
