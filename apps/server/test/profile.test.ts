import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, TOKEN_INVALID, tooManyAttemptsFromHere } from '@cooler-hub/contract/auth';
import type { ConstraintViolationList } from '@cooler-hub/contract/common';
import { ALREADY_USED, CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, profileUpdateResponse } from '@cooler-hub/contract/users';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { MAX_FAILURES_PER_PAIR } from '../src/modules/auth/auth.service';
import { EMAIL_CHANGED_SUBJECT } from '../src/modules/profile/email-changed-mail';
import { INVALID_AVATAR } from '../src/modules/profile/profile.service';
import { PNG_1X1, authHeader, buildTestApp, createUser, hydraDescription, json, login, loginAs, multipart, type TestApp } from './helpers';
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

const getProfile = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: authHeader(token) });
const putProfile = (token: string, payload: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: authHeader(token), payload, ...(remoteAddress ? { remoteAddress } : {}) });
const currentPasswordViolation = (message: string) => [{ propertyPath: 'currentPassword', title: message, message }];
/** Messages the SMTP server received for `to` from message number `since` on, once the queue is idle. */
async function mailTo(to: string, since: number) {
  await waitForIdleQueue(t.database.db);
  return smtp.messages.slice(since).filter((m) => m.to?.some((a) => a.address === to));
}

/** Uploads a PNG as `token`'s user and answers its URL. */
async function uploadAvatar(token: string): Promise<string> {
  const form = multipart([
    { name: 'file', filename: 'me.png', contentType: 'image/png', data: PNG_1X1 },
    { name: 'type', value: 'avatar' },
  ]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/file_upload',
    headers: { ...authHeader(token), ...form.headers },
    payload: form.payload,
  });
  return json<{ url: string }>(upload).url;
}

describe('GET /api/profile', () => {
  it('answers the current user with the permissions of their role', async () => {
    const me = await loginAs(t.app, 'Production');
    const res = await getProfile(me.token);
    expect(res.statusCode).toBe(200);
    expect(currentUser.parse(json(res))).toEqual({
      id: me.user.id,
      username: me.user.username,
      email: me.user.email,
      avatar: null,
      role: 'Production',
      permissions: ['ROLE_ADMIN_USER'],
    });
  });
});

describe('PUT /api/profile', () => {
  it('updates name and e-mail; a role in the body is ignored', async () => {
    const me = await loginAs(t.app, 'Production');
    const res = await putProfile(me.token, {
      username: `${me.user.username}-renamed`,
      email: `renamed-${me.user.email}`,
      role: 'Admin',
      plainPassword: '',
      currentPassword: me.password,
    });
    expect(res.statusCode).toBe(200);
    const body = profileUpdateResponse.parse(json(res));
    expect(body).toMatchObject({
      username: `${me.user.username}-renamed`,
      email: `renamed-${me.user.email}`,
      role: 'Production',
      permissions: ['ROLE_ADMIN_USER'],
    });
    // No password change: the old token still works, and so does the fresh one.
    expect((await getProfile(me.token)).statusCode).toBe(200);
    expect(json(await getProfile(body.token))).toMatchObject({ role: 'Production' });
  });

  it('a new password revokes old tokens; the answered token and the new password work', async () => {
    const me = await loginAs(t.app, 'Production');
    const res = await putProfile(me.token, {
      username: me.user.username,
      email: me.user.email,
      plainPassword: 'my-new-password',
      currentPassword: me.password,
    });
    expect(res.statusCode).toBe(200);
    const { token } = profileUpdateResponse.parse(json(res));
    expect(json(await getProfile(me.token))).toEqual({ code: 401, message: TOKEN_INVALID });
    expect((await getProfile(token)).statusCode).toBe(200);
    await expect(login(t.app, me.user.username, 'my-new-password')).resolves.toBeTruthy();
    await expect(login(t.app, me.user.username, me.password)).rejects.toThrow(/401/);
  });

  it('keeps names and e-mails unique and passwords at least 8 characters', async () => {
    const other = await createUser(t.app);
    const me = await loginAs(t.app, 'Production');
    const clash = await putProfile(me.token, {
      username: other.user.username,
      email: other.user.email.toUpperCase(),
      currentPassword: me.password,
    });
    expect(clash.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(clash).violations).toEqual([
      { propertyPath: 'username', title: ALREADY_USED, message: ALREADY_USED },
      { propertyPath: 'email', title: ALREADY_USED, message: ALREADY_USED },
    ]);
    const short = await putProfile(me.token, { username: me.user.username, email: me.user.email, plainPassword: 'short' });
    expect(json<ConstraintViolationList>(short).violations.map((v) => v.propertyPath)).toEqual(['plainPassword']);
  });

  it('sets the avatar to an uploaded image url, refuses other urls, and null clears it', async () => {
    const me = await loginAs(t.app, 'Production');
    const url = await uploadAvatar(me.token);

    const set = await putProfile(me.token, { username: me.user.username, email: me.user.email, avatar: url });
    expect(json(set)).toMatchObject({ avatar: url });
    expect(json(await getProfile(me.token))).toMatchObject({ avatar: url });

    for (const bad of ['https://evil.example/x.png', '/api/uploads/does-not-exist', `/api/uploads/${'A'.repeat(43)}`]) {
      const res = await putProfile(me.token, { username: me.user.username, email: me.user.email, avatar: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(json<ConstraintViolationList>(res).violations).toEqual([
        { propertyPath: 'avatar', title: INVALID_AVATAR, message: INVALID_AVATAR },
      ]);
    }

    const cleared = await putProfile(me.token, { username: me.user.username, email: me.user.email, avatar: null });
    expect(json(cleared)).toMatchObject({ avatar: null });
  });

  it('keeps the avatar when the body has no avatar field; an empty string clears it', async () => {
    const me = await loginAs(t.app, 'Production');
    const url = await uploadAvatar(me.token);
    await putProfile(me.token, { username: me.user.username, email: me.user.email, avatar: url });

    const renamed = await putProfile(me.token, { username: `${me.user.username}x`, email: me.user.email });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ username: `${me.user.username}x`, avatar: url });
    expect(json(await getProfile(me.token))).toMatchObject({ avatar: url });

    const cleared = await putProfile(me.token, { username: me.user.username, email: me.user.email, avatar: '' });
    expect(json(cleared)).toMatchObject({ avatar: null });
    expect(json(await getProfile(me.token))).toMatchObject({ avatar: null });
  });
});

describe('PUT /api/profile: a new password or e-mail needs the current password', () => {
  it('a new password without the current one → 400 on currentPassword; the password and the tokens stay as they were', async () => {
    const me = await loginAs(t.app, 'Production');
    for (const currentPassword of [undefined, '', null]) {
      const res = await putProfile(me.token, {
        username: me.user.username,
        email: me.user.email,
        plainPassword: 'taken-over-1',
        currentPassword,
      });
      expect(res.statusCode, String(currentPassword)).toBe(400);
      expect(json<ConstraintViolationList>(res).violations).toEqual(currentPasswordViolation(CURRENT_PASSWORD_REQUIRED));
    }
    expect((await getProfile(me.token)).statusCode).toBe(200);
    await expect(login(t.app, me.user.username, me.password)).resolves.toBeTruthy();
    await expect(login(t.app, me.user.username, 'taken-over-1')).rejects.toThrow(/401/);
  });

  it('a wrong current password → 400 on currentPassword, nothing changed; the right one → 200 and the old tokens die', async () => {
    const me = await loginAs(t.app, 'Production');
    const wrong = await putProfile(me.token, {
      username: me.user.username,
      email: me.user.email,
      plainPassword: 'taken-over-1',
      currentPassword: `${me.password}x`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(wrong).violations).toEqual(currentPasswordViolation(CURRENT_PASSWORD_WRONG));
    expect((await getProfile(me.token)).statusCode).toBe(200);
    await expect(login(t.app, me.user.username, 'taken-over-1')).rejects.toThrow(/401/);

    const right = await putProfile(me.token, {
      username: me.user.username,
      email: me.user.email,
      plainPassword: 'changed-by-me-1',
      currentPassword: me.password,
    });
    expect(right.statusCode).toBe(200);
    expect(json(await getProfile(me.token))).toEqual({ code: 401, message: TOKEN_INVALID });
    expect((await getProfile(profileUpdateResponse.parse(json(right)).token)).statusCode).toBe(200);
    await expect(login(t.app, me.user.username, 'changed-by-me-1')).resolves.toBeTruthy();
  });

  it('wrong current passwords count against the sign-in lock: no unlimited guessing with a stolen token', async () => {
    const me = await loginAs(t.app, 'Production');
    const attacker = '10.9.8.7';
    const body = (currentPassword: string) => ({
      username: me.user.username,
      email: me.user.email,
      plainPassword: 'taken-over-1',
      currentPassword,
    });
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      expect((await putProfile(me.token, body(`guess-${i}`), attacker)).statusCode).toBe(400);
    }
    // Locked from that address, even with the right password, for the profile and for sign-in alike.
    const locked = await putProfile(me.token, body(me.password), attacker);
    expect(hydraDescription(locked, 429)).toBe(tooManyAttemptsFromHere(15 * 60));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: me.user.username, password: me.password },
      remoteAddress: attacker,
    });
    expect(signIn.statusCode).toBe(429);
    await expect(login(t.app, me.user.username, 'taken-over-1')).rejects.toThrow(/401/);
    // The owner, from their own address, is not locked out.
    expect((await putProfile(me.token, { ...body(me.password), plainPassword: 'changed-by-me-1' })).statusCode).toBe(200);
  });

  it('a new e-mail needs the current password, and the old address is told over SMTP; the new one is not', async () => {
    const me = await loginAs(t.app, 'Production');
    const newEmail = `moved-${me.user.email}`;
    const since = smtp.messages.length;

    const unchecked = await putProfile(me.token, { username: me.user.username, email: newEmail });
    expect(unchecked.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(unchecked).violations).toEqual(currentPasswordViolation(CURRENT_PASSWORD_REQUIRED));
    const wrong = await putProfile(me.token, { username: me.user.username, email: newEmail, currentPassword: 'not-my-password' });
    expect(json<ConstraintViolationList>(wrong).violations).toEqual(currentPasswordViolation(CURRENT_PASSWORD_WRONG));
    expect(json(await getProfile(me.token))).toMatchObject({ email: me.user.email });
    expect(await mailTo(me.user.email, since)).toEqual([]);

    const moved = await putProfile(me.token, { username: me.user.username, email: newEmail, currentPassword: me.password });
    expect(moved.statusCode).toBe(200);
    expect(json(moved)).toMatchObject({ email: newEmail });
    const notice = await smtp.waitForMessage(me.user.email, since);
    expect(notice.subject).toBe(EMAIL_CHANGED_SUBJECT);
    expect(notice.from?.address).toBe('no-reply@coolerhub.test');
    expect(notice.text).toContain(`your Cooler Hub account ${me.user.username} was changed to m***@example.com.`);
    expect(notice.text).not.toContain(newEmail);
    expect(notice.html).toContain('m***@example.com');
    expect(await mailTo(me.user.email, since)).toHaveLength(1);
    expect(await mailTo(newEmail, since)).toEqual([]);
    // No new password: the old token still works.
    expect((await getProfile(me.token)).statusCode).toBe(200);
  });

  it('a name, avatar or letter-case change needs nothing new and sends nothing', async () => {
    const me = await loginAs(t.app, 'Production');
    const url = await uploadAvatar(me.token);
    const since = smtp.messages.length;
    const res = await putProfile(me.token, {
      username: `${me.user.username}-b`,
      email: me.user.email.toUpperCase(),
      plainPassword: '',
      avatar: url,
      role: 'Production',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ username: `${me.user.username}-b`, email: me.user.email.toUpperCase(), avatar: url });
    expect((await getProfile(me.token)).statusCode).toBe(200);
    expect(await mailTo(me.user.email, since)).toEqual([]);
    expect(await mailTo(me.user.email.toUpperCase(), since)).toEqual([]);
  });
});
