import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolationList, HydraError } from '@cooler-hub/contract/common';
import { TOKEN_INVALID } from '@cooler-hub/contract/auth';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import {
  INVALID_CODE,
  INVALID_RESET_TOKEN,
  PASSWORD_HISTORY_SIZE,
  PASSWORD_REUSED,
  RECOVERY_MAX_ATTEMPTS,
} from '@cooler-hub/contract/password-recovery';
import { MAX_CODES_PER_HOUR, RECOVERY_SUBJECT } from '../src/modules/password-recovery/password-recovery.service';
import { eq } from 'drizzle-orm';
import { passwordRecoveryCodes } from '../src/db/schema';
import { authHeader, buildTestApp, codeFrom, createUser, json, login, type TestApp } from './helpers';
import { waitForIdleQueue } from './jobs';

let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Cooler Hub <no-reply@coolerhub.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (step: 'request' | 'verify' | 'reset', payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/password_recovery/${step}`, payload });

/** request → mail → code */
async function requestCode(login: string, to: string): Promise<string> {
  const since = smtp.messages.length;
  const res = await post('request', { username: login });
  expect(json(res)).toEqual({ sent: true });
  return codeFrom(await smtp.waitForMessage(to, since));
}

async function resetTokenFor(user: { username: string; email: string }): Promise<string> {
  const code = await requestCode(user.username, user.email);
  const verified = await post('verify', { username: user.username, code });
  expect(verified.statusCode).toBe(200);
  return json<{ resetToken: string }>(verified).resetToken;
}

describe('password recovery', () => {
  it('full flow over real SMTP: code by mail → reset token → new password; old tokens die', async () => {
    const { user, password } = await createUser(t.app);
    const oldToken = await login(t.app, user.username, password);

    const since = smtp.messages.length;
    expect(json(await post('request', { username: user.email.toUpperCase() }))).toEqual({ sent: true });
    const mail = await smtp.waitForMessage(user.email, since);
    expect(mail.subject).toBe(RECOVERY_SUBJECT);
    expect(mail.from?.address).toBe('no-reply@coolerhub.test');
    const code = codeFrom(mail);
    expect(mail.html).toContain(code);

    const verified = await post('verify', { username: user.username, code });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = json<{ resetToken: string }>(verified);
    expect(resetToken.length).toBeGreaterThanOrEqual(40);

    const reset = await post('reset', { resetToken, plainPassword: 'fresh-password-1' });
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).toEqual({ reset: true });

    await expect(login(t.app, user.username, 'fresh-password-1')).resolves.toBeTruthy();
    await expect(login(t.app, user.username, password)).rejects.toThrow(/401/);
    const old = await t.app.inject({ url: '/api/profile', headers: authHeader(oldToken) });
    expect(json(old)).toEqual({ code: 401, message: TOKEN_INVALID });
  });

  it('answers the same for an unknown name and sends nothing', async () => {
    const since = smtp.messages.length;
    const unknown = await post('request', { username: 'no-such-person' });
    const { user } = await createUser(t.app);
    const known = await post('request', { username: user.username });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await smtp.waitForMessage(user.email, since);
    expect(smtp.messages.slice(since)).toHaveLength(1);
  });

  it('a wrong code is a violation on `code`; the code dies after the allowed attempts', async () => {
    const { user } = await createUser(t.app);
    const code = await requestCode(user.username, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < RECOVERY_MAX_ATTEMPTS; i++) {
      const res = await post('verify', { username: user.username, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(json<ConstraintViolationList>(res).violations).toEqual([{ propertyPath: 'code', title: INVALID_CODE, message: INVALID_CODE }]);
    }
    const tooLate = await post('verify', { username: user.username, code });
    expect(json<ConstraintViolationList>(tooLate).violations[0]!.propertyPath).toBe('code');
  });

  it('a code is single-use and a newer request kills the older code', async () => {
    const { user } = await createUser(t.app);
    const first = await requestCode(user.username, user.email);
    const second = await requestCode(user.username, user.email);
    if (first !== second) expect((await post('verify', { username: user.username, code: first })).statusCode).toBe(400);
    expect((await post('verify', { username: user.username, code: second })).statusCode).toBe(200);
    expect((await post('verify', { username: user.username, code: second })).statusCode).toBe(400);
  });

  it('a malformed code or an unknown user is the same violation', async () => {
    const malformed = await post('verify', { username: 'admin', code: '12ab' });
    expect(json<ConstraintViolationList>(malformed).violations.map((v) => v.propertyPath)).toEqual(['code']);
    const unknown = await post('verify', { username: 'no-such-person', code: '123456' });
    expect(json<ConstraintViolationList>(unknown).violations).toEqual([
      { propertyPath: 'code', title: INVALID_CODE, message: INVALID_CODE },
    ]);
  });

  it('a reset token is single-use; an unknown one is a hydra:Error', async () => {
    const { user } = await createUser(t.app);
    const resetToken = await resetTokenFor(user);
    expect((await post('reset', { resetToken, plainPassword: 'first-new-pass' })).statusCode).toBe(200);
    const again = await post('reset', { resetToken, plainPassword: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(json<HydraError>(again)).toEqual({
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': INVALID_RESET_TOKEN,
    });
    expect(json<HydraError>(await post('reset', { resetToken: 'made-up', plainPassword: 'second-new-pass' }))['hydra:description']).toBe(
      INVALID_RESET_TOKEN,
    );
  });

  it(`refuses the current password and any of the last ${PASSWORD_HISTORY_SIZE}, on plainPassword`, async () => {
    const { user } = await createUser(t.app, { plainPassword: 'history-pass-0' });
    const admin = await login(t.app, 'admin', 'admin-password-1');
    // Five more changes through the users API: history now holds -1…-5 (the current is -5).
    for (let i = 1; i <= 5; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/hub_users/${user.id}`,
        headers: authHeader(admin),
        payload: { ...user, plainPassword: `history-pass-${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const resetToken = await resetTokenFor(user);
    for (const reused of ['history-pass-5', 'history-pass-1']) {
      const res = await post('reset', { resetToken, plainPassword: reused });
      expect(res.statusCode, reused).toBe(400);
      expect(json<ConstraintViolationList>(res).violations).toEqual([
        { propertyPath: 'plainPassword', title: PASSWORD_REUSED, message: PASSWORD_REUSED },
      ]);
    }
    // The sixth-newest has dropped out of the history, and the refused tries did not use the token.
    expect((await post('reset', { resetToken, plainPassword: 'history-pass-0' })).statusCode).toBe(200);
    await expect(login(t.app, user.username, 'history-pass-0')).resolves.toBeTruthy();
  });

  it(`sends at most ${MAX_CODES_PER_HOUR} codes per hour to one account (no mail bombing)`, async () => {
    const { user } = await createUser(t.app);
    const since = smtp.messages.length;
    for (let i = 0; i < MAX_CODES_PER_HOUR + 2; i++) {
      expect(json(await post('request', { username: user.username }))).toEqual({ sent: true });
    }
    await waitForIdleQueue(t.database.db);
    const codes = await t.database.db.select().from(passwordRecoveryCodes).where(eq(passwordRecoveryCodes.userId, user.id));
    expect(codes).toHaveLength(MAX_CODES_PER_HOUR);
    // A code replaced before its mail went out is not mailed (docs/decisions/163): the mails are
    // at most one per code, and the last one carries the live code.
    const mine = smtp.messages.slice(since).filter((m) => m.to?.some((a) => a.address === user.email));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.length).toBeLessThanOrEqual(MAX_CODES_PER_HOUR);
    const verified = await post('verify', { username: user.username, code: codeFrom(mine.at(-1)!) });
    expect(verified.statusCode).toBe(200);
  });

  it('validates the bodies', async () => {
    const res = await post('reset', { resetToken: 'x', plainPassword: 'short' });
    expect(json<ConstraintViolationList>(res).violations.map((v) => v.propertyPath)).toEqual(['plainPassword']);
    const empty = await post('request', {});
    expect(json<ConstraintViolationList>(empty).violations).toEqual([
      { propertyPath: 'username', title: 'Required Field', message: 'Required Field' },
    ]);
  });
});
