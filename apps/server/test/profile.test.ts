import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, TOKEN_INVALID } from '@cooler-hub/contract/auth';
import type { ConstraintViolationList } from '@cooler-hub/contract/common';
import { ALREADY_USED, profileUpdateResponse } from '@cooler-hub/contract/users';
import { INVALID_AVATAR } from '../src/modules/profile/profile.service';
import { PNG_1X1, authHeader, buildTestApp, createUser, json, login, loginAs, multipart, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const getProfile = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: authHeader(token) });
const putProfile = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: authHeader(token), payload });

/** Uploads a PNG as `token`'s user and answers its URL. */
async function uploadAvatar(token: string): Promise<string> {
  const form = multipart([
    { name: 'file', filename: 'me.png', contentType: 'image/png', data: PNG_1X1 },
    { name: 'type', value: 'avatar' },
  ]);
  const upload = await t.app.inject({ method: 'POST', url: '/api/file_upload', headers: { ...authHeader(token), ...form.headers }, payload: form.payload });
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
    const res = await putProfile(me.token, { username: `${me.user.username}-renamed`, email: `renamed-${me.user.email}`, role: 'Admin', plainPassword: '' });
    expect(res.statusCode).toBe(200);
    const body = profileUpdateResponse.parse(json(res));
    expect(body).toMatchObject({ username: `${me.user.username}-renamed`, email: `renamed-${me.user.email}`, role: 'Production', permissions: ['ROLE_ADMIN_USER'] });
    // No password change: the old token still works, and so does the fresh one.
    expect((await getProfile(me.token)).statusCode).toBe(200);
    expect(json(await getProfile(body.token))).toMatchObject({ role: 'Production' });
  });

  it('a new password revokes old tokens; the answered token and the new password work', async () => {
    const me = await loginAs(t.app, 'Production');
    const res = await putProfile(me.token, { username: me.user.username, email: me.user.email, plainPassword: 'my-new-password' });
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
    const clash = await putProfile(me.token, { username: other.user.username, email: other.user.email.toUpperCase() });
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
      expect(json<ConstraintViolationList>(res).violations).toEqual([{ propertyPath: 'avatar', title: INVALID_AVATAR, message: INVALID_AVATAR }]);
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
