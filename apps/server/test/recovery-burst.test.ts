/**
 * Password recovery's limits hold under a burst (docs/decisions/262): a code's try is counted in
 * the statement that grants it, so however many guesses arrive at once, at most
 * RECOVERY_MAX_ATTEMPTS are judged against it; request and verify are limited per client address
 * and per name, with uses kept in the database, and a burst of requests gets exactly the limit.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (where concurrent statements really
 * run side by side on the pool's connections).
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolationList } from '@cooler-hub/contract/common';
import { INVALID_CODE, RECOVERY_MAX_ATTEMPTS, tooManyRecoveryAttempts } from '@cooler-hub/contract/password-recovery';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { passwordRecoveryCodes } from '../src/db/schema';
import { DEFAULT_RECOVERY_THROTTLE } from '../src/modules/password-recovery/password-recovery.service';
import { buildTestApp, codeFrom, createUser, hydraDescription, json, type TestApp } from './helpers';
import { waitForIdleQueue } from './jobs';

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

let address = 0;
/** A new client address each call, unless one is given. */
const nextAddress = () => `198.51.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

function post(
  t: TestApp,
  step: 'request' | 'verify',
  payload: Record<string, unknown>,
  remoteAddress = nextAddress(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/password_recovery/${step}`, payload, remoteAddress });
}

async function requestCode(t: TestApp, user: { username: string; email: string }): Promise<string> {
  const since = smtp.messages.length;
  expect(json(await post(t, 'request', { username: user.username }))).toEqual({ sent: true });
  return codeFrom(await smtp.waitForMessage(user.email, since, 60_000));
}

/**
 * The database busy (decision 187): every pooled connection taken for 5 s, as 200 requests at once
 * can do on a loaded machine. A refusal like any other: nothing was judged.
 */
const isBusy = (res: LightMyRequestResponse) => res.statusCode === 503;

const isInvalidCode = (res: LightMyRequestResponse) =>
  res.statusCode === 400 &&
  JSON.stringify(json<ConstraintViolationList>(res).violations) ===
    JSON.stringify([{ propertyPath: 'code', title: INVALID_CODE, message: INVALID_CODE }]);

/** Each `res` is a 429 with the recovery sentence for its Retry-After. */
function expectTooMany(res: LightMyRequestResponse): void {
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(DEFAULT_RECOVERY_THROTTLE.windowSeconds);
  expect(hydraDescription(res, 429)).toBe(tooManyRecoveryAttempts(retryAfter));
}

describe('a code under a burst of guesses (the address and name limits lifted, so every guess reaches the code)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const lifted = { perAddress: 100_000, perName: 100_000 };
    t = await buildTestApp({ SMTP_URL: smtp.url }, { recoveryThrottle: { request: lifted, verify: lifted } });
  }, 180_000);
  afterAll(() => t.close());

  it.each([1, 2])(
    'burst %i: 200 wrong codes at once, never more than 5 judged; the right code after them is refused',
    async () => {
      const { user } = await createUser(t.app);
      const code = await requestCode(t, user);
      const wrong = Array.from({ length: 200 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(wrong.map((guess) => post(t, 'verify', { username: user.username, code: guess })));
      expect(answers.filter((a) => !isInvalidCode(a) && !isBusy(a)).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
      // Far more guesses got their verdict than the code has tries …
      expect(answers.filter(isInvalidCode).length).toBeGreaterThan(2 * RECOVERY_MAX_ATTEMPTS);
      // … and what was judged is what was counted on the code: every judging takes one try first.
      const [row] = await t.database.db.select().from(passwordRecoveryCodes).where(eq(passwordRecoveryCodes.userId, user.id));
      expect(row!.attempts).toBe(RECOVERY_MAX_ATTEMPTS);

      const right = await Promise.all(Array.from({ length: 20 }, () => post(t, 'verify', { username: user.username, code })));
      expect(right.filter((a) => !isInvalidCode(a) && !isBusy(a)).map((a) => a.statusCode)).toEqual([]);
      const [after] = await t.database.db.select().from(passwordRecoveryCodes).where(eq(passwordRecoveryCodes.userId, user.id));
      expect(after).toMatchObject({ attempts: RECOVERY_MAX_ATTEMPTS, usedAt: null });
    },
    120_000,
  );

  it('a right code among a burst of wrong ones counts as one of the five: accepted only within them', async () => {
    const { user } = await createUser(t.app);
    const code = await requestCode(t, user);
    const guesses = [code, ...Array.from({ length: 49 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))];
    const answers = await Promise.all(guesses.map((guess) => post(t, 'verify', { username: user.username, code: guess })));
    const [row] = await t.database.db.select().from(passwordRecoveryCodes).where(eq(passwordRecoveryCodes.userId, user.id));
    expect(row!.attempts).toBeLessThanOrEqual(RECOVERY_MAX_ATTEMPTS);
    // Accepted at most once, and then the code is used.
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || isInvalidCode(a) || isBusy(a))).toBe(true);
  }, 120_000);
});

describe('request and verify are limited per address and per name', () => {
  let t: TestApp;
  const { request, verify } = DEFAULT_RECOVERY_THROTTLE;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_URL: smtp.url });
  }, 180_000);
  afterAll(() => t.close());

  it(`request: ${request.perAddress} from one address, then 429; another address is still served`, async () => {
    const here = nextAddress();
    for (let i = 0; i < request.perAddress; i++) {
      expect((await post(t, 'request', { username: `nobody-a-${i}` }, here)).statusCode).toBe(200);
    }
    expectTooMany(await post(t, 'request', { username: 'nobody-a-last' }, here));
    expect((await post(t, 'request', { username: 'nobody-a-last' })).statusCode).toBe(200);
  }, 120_000);

  it(`request: ${request.perName} for one name from as many addresses, then 429 — the same for a real name and a made-up one`, async () => {
    const { user } = await createUser(t.app);
    for (const name of [user.username, 'nobody-at-all']) {
      for (let i = 0; i < request.perName; i++) expect((await post(t, 'request', { username: name })).statusCode).toBe(200);
      expectTooMany(await post(t, 'request', { username: name }));
      // What was typed counts, in any case and spacing.
      expectTooMany(await post(t, 'request', { username: ` ${name.toUpperCase()} ` }));
    }
    await waitForIdleQueue(t.database.db);
  }, 120_000);

  it(`request: a burst of 60 from one address gets exactly ${request.perAddress} answers, the rest 429`, async () => {
    const here = nextAddress();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(t, 'request', { username: `nobody-burst-${i}` }, here)));
    const served = answers.filter((a) => a.statusCode === 200).length;
    expect(served).toBeLessThanOrEqual(request.perAddress);
    // All of the limit served, unless the database was too busy for some (then 503, nothing queued).
    if (!answers.some(isBusy)) expect(served).toBe(request.perAddress);
    for (const refused of answers.filter((a) => a.statusCode !== 200 && !isBusy(a))) expectTooMany(refused);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    await waitForIdleQueue(t.database.db);
  }, 120_000);

  it(`verify: ${verify.perAddress} from one address, then 429`, async () => {
    const here = nextAddress();
    for (let i = 0; i < verify.perAddress; i++) {
      expect(isInvalidCode(await post(t, 'verify', { username: `nobody-v-${i}`, code: '123456' }, here))).toBe(true);
    }
    expectTooMany(await post(t, 'verify', { username: 'nobody-v-last', code: '123456' }, here));
  }, 120_000);

  it(`verify: ${verify.perName} for one account from as many addresses, by name or e-mail, then 429 — even with the right code`, async () => {
    const { user } = await createUser(t.app);
    const code = await requestCode(t, user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < verify.perName; i++) {
      const login = i % 2 === 0 ? user.username : user.email;
      expect(isInvalidCode(await post(t, 'verify', { username: login, code: wrong }))).toBe(true);
    }
    expectTooMany(await post(t, 'verify', { username: user.username, code }));
  }, 120_000);

  it('verify: a burst of 60 for one name from 60 addresses: at most the limit answered, the rest 429', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => post(t, 'verify', { username: 'nobody-burst', code: '123456' })));
    const checked = answers.filter(isInvalidCode).length;
    expect(checked).toBeLessThanOrEqual(verify.perName);
    if (!answers.some(isBusy)) expect(checked).toBe(verify.perName);
    for (const refused of answers.filter((a) => !isInvalidCode(a) && !isBusy(a))) expectTooMany(refused);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
  }, 120_000);
});
