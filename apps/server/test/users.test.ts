import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_USED, INVALID_EMAIL, PASSWORD_TOO_SHORT, type HubUser } from '@cooler-hub/contract/users';
import type { ConstraintViolationList, HydraError, ListResponse } from '@cooler-hub/contract/common';
import { TOKEN_INVALID, TOKEN_NOT_FOUND } from '@cooler-hub/contract/auth';
import { ConflictError } from '../src/lib/errors';
import { LAST_ADMIN_DELETE, LAST_ADMIN_DEMOTE, SELF_DELETE, UsersService } from '../src/modules/users/users.service';
import { adminToken, authHeader, buildTestApp, createUser, json, login, loginAs, type TestApp } from './helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const list = async (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/hub_users${query}`, headers: authHeader(token) });

describe('GET /api/hub_users', () => {
  beforeAll(async () => {
    for (const name of ['zoe.list', 'ann.list', 'Mike.List']) {
      await createUser(t.app, { username: name, email: `${name}@example.com`, role: 'Production' });
    }
  });

  it('answers the list shape, paged', async () => {
    const res = await list('?page=2&perPage=2');
    expect(res.statusCode).toBe(200);
    const body = json<ListResponse<HubUser>>(res);
    expect(body.page).toBe(2);
    expect(body.perPage).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.totalCount).toBeGreaterThanOrEqual(4);
    expect(body.pagesCount).toBe(Math.ceil(body.totalCount / 2));
    expect(Object.keys(body.items[0]!).sort()).toEqual(['color', 'email', 'id', 'role', 'username', 'version']);
  });

  it('sorts by order[field]=asc|desc, case-insensitively for names', async () => {
    const desc = json<ListResponse<HubUser>>(await list('?username=.list&order[username]=desc'));
    expect(desc.items.map((u) => u.username)).toEqual(['zoe.list', 'Mike.List', 'ann.list']);
    const byId = json<ListResponse<HubUser>>(await list('?order[id]=desc&perPage=100'));
    const ids = byId.items.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by user name (contains, any case) and role; empty filters are ignored', async () => {
    const byName = json<ListResponse<HubUser>>(await list('?username=LIST'));
    expect(byName.items.map((u) => u.username).sort()).toEqual(['Mike.List', 'ann.list', 'zoe.list']);
    const admins = json<ListResponse<HubUser>>(await list('?role=Admin&username='));
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((u) => u.role === 'Admin')).toBe(true);
    const literal = json<ListResponse<HubUser>>(await list('?username=%25'));
    expect(literal.totalCount).toBe(0); // '%' is a character, not a wildcard
  });

  it('rejects an unknown sort field, two sort fields and perPage above 100 with 400', async () => {
    const unknown = await list('?order[password]=asc');
    expect(unknown.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(unknown).violations[0]!.propertyPath).toBe('order');
    expect((await list('?order[id]=asc&order[email]=desc')).statusCode).toBe(400);
    expect((await list('?order[id]=sideways')).statusCode).toBe(400);
    const tooMany = await list('?perPage=101');
    expect(tooMany.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(tooMany).violations[0]!.propertyPath).toBe('perPage');
  });
});

describe('POST /api/hub_users', () => {
  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/hub_users', headers: authHeader(admin), payload });

  it('creates a user (201) who can sign in; the password is never answered', async () => {
    const res = await create({
      username: 'new.person',
      email: 'new.person@example.com',
      role: 'Production',
      color: 'Teal',
      plainPassword: 'secret-pass-1',
    });
    expect(res.statusCode).toBe(201);
    const user = json<HubUser & Record<string, unknown>>(res);
    expect(user).toMatchObject({ username: 'new.person', email: 'new.person@example.com', role: 'Production', color: 'Teal' });
    expect(user).not.toHaveProperty('plainPassword');
    expect(user).not.toHaveProperty('passwordHash');
    await expect(login(t.app, 'new.person', 'secret-pass-1')).resolves.toMatch(/^ey/);
  });

  it('keeps the colour only for Production', async () => {
    const res = await create({
      username: 'admin.colour',
      email: 'admin.colour@example.com',
      role: 'Admin',
      color: 'Red',
      plainPassword: 'secret-pass-1',
    });
    expect(res.statusCode).toBe(201);
    expect(json<HubUser>(res).color).toBeNull();
  });

  it('rejects a name or e-mail already used, ignoring case, on the right field', async () => {
    await createUser(t.app, { username: 'taken.name', email: 'taken@example.com' });
    const byName = await create({ username: 'TAKEN.name', email: 'other@example.com', role: 'Production', plainPassword: 'secret-pass-1' });
    expect(byName.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(byName).violations).toEqual([
      { propertyPath: 'username', title: ALREADY_USED, message: ALREADY_USED },
    ]);
    const byEmail = await create({
      username: 'fresh.name',
      email: 'Taken@Example.com',
      role: 'Production',
      plainPassword: 'secret-pass-1',
    });
    expect(json<ConstraintViolationList>(byEmail).violations.map((v) => v.propertyPath)).toEqual(['email']);
  });

  it('answers one violation per broken field', async () => {
    const res = await create({ username: '  ', email: 'not-an-email', role: 'Boss', plainPassword: 'short' });
    expect(res.statusCode).toBe(400);
    const body = json<ConstraintViolationList>(res);
    expect(body['@type']).toBe('ConstraintViolationList');
    const byPath = Object.fromEntries(body.violations.map((v) => [v.propertyPath, v.message]));
    expect(byPath).toEqual({
      username: 'Required Field',
      email: INVALID_EMAIL,
      role: 'Choose Admin or Production.',
      plainPassword: PASSWORD_TOO_SHORT,
    });
  });

  it("says 'Required Field' for a missing field", async () => {
    const res = await create({ email: 'x@example.com', role: 'Admin', plainPassword: 'secret-pass-1' });
    expect(json<ConstraintViolationList>(res).violations).toEqual([
      { propertyPath: 'username', title: 'Required Field', message: 'Required Field' },
    ]);
  });

  it('turns a duplicate that slips past the check (concurrent creates) into a 400 on the field', async () => {
    const payload = { username: 'race.user', email: 'race@example.com', role: 'Production', plainPassword: 'secret-pass-1' };
    const results = await Promise.all([create(payload), create({ ...payload, email: 'race2@example.com' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const failed = results.find((r) => r.statusCode === 400)!;
    expect(json<ConstraintViolationList>(failed).violations).toEqual([
      { propertyPath: 'username', title: ALREADY_USED, message: ALREADY_USED },
    ]);
  });
});

describe('PUT /api/hub_users/{id}', () => {
  const update = (id: number, payload: Record<string, unknown>, token = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/hub_users/${id}`, headers: authHeader(token), payload });

  it('updates fields; an empty password keeps the old one and the user stays signed in', async () => {
    const { user, password } = await createUser(t.app, { color: 'Blue' });
    const token = await login(t.app, user.username, password);
    const res = await update(user.id, {
      username: `${user.username}.x`,
      email: user.email,
      role: 'Production',
      color: 'Gold',
      plainPassword: '',
    });
    expect(res.statusCode).toBe(200);
    expect(json<HubUser>(res)).toMatchObject({ id: user.id, username: `${user.username}.x`, color: 'Gold' });
    await expect(login(t.app, `${user.username}.x`, password)).resolves.toBeTruthy();
    expect((await t.app.inject({ url: '/api/profile', headers: authHeader(token) })).statusCode).toBe(200);
  });

  it('a new password works and revokes the old tokens', async () => {
    const { user, password } = await createUser(t.app);
    const token = await login(t.app, user.username, password);
    const res = await update(user.id, { ...user, plainPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    const old = await t.app.inject({ url: '/api/profile', headers: authHeader(token) });
    expect(old.statusCode).toBe(401);
    expect(json(old)).toEqual({ code: 401, message: TOKEN_INVALID });
    await expect(login(t.app, user.username, 'brand-new-pass')).resolves.toBeTruthy();
  });

  it('a role change clears the colour (for Admin) and revokes the old tokens', async () => {
    const { user, password } = await createUser(t.app, { role: 'Production', color: 'Lime' });
    const token = await login(t.app, user.username, password);
    const res = await update(user.id, { username: user.username, email: user.email, role: 'Admin', color: 'Lime' });
    expect(json<HubUser>(res)).toMatchObject({ role: 'Admin', color: null });
    expect((await t.app.inject({ url: '/api/profile', headers: authHeader(token) })).statusCode).toBe(401);
  });

  it('rejects a name used by someone else, but not the user keeping their own', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const clash = await update(b.user.id, { ...b.user, username: a.user.username.toUpperCase() });
    expect(json<ConstraintViolationList>(clash).violations.map((v) => v.propertyPath)).toEqual(['username']);
    expect((await update(b.user.id, { ...b.user, username: b.user.username.toUpperCase() })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id (also beyond the integer range) and 400 for a non-numeric one', async () => {
    const body = { username: 'ghost', email: 'ghost@example.com', role: 'Production' };
    expect((await update(999999, body)).statusCode).toBe(404);
    expect(json<HydraError>(await update(99999999999, body))['hydra:description']).toBe('Not Found');
    const bad = await update('abc' as unknown as number, body);
    expect(bad.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(bad).violations[0]!.propertyPath).toBe('id');
  });

  it('nobody demotes the last Admin', async () => {
    // A fresh database of its own: only the seeded admin is an Admin.
    const other = await buildTestApp();
    try {
      const token = await adminToken(other.app);
      const me = json<{ id: number; username: string }>(await other.app.inject({ url: '/api/profile', headers: authHeader(token) }));
      const res = await other.app.inject({
        method: 'PUT',
        url: `/api/hub_users/${me.id}`,
        headers: authHeader(token),
        payload: { username: 'admin', email: 'admin@coolerhub.local', role: 'Production' },
      });
      expect(res.statusCode).toBe(400);
      expect(json<HydraError>(res)).toEqual({
        '@type': 'hydra:Error',
        'hydra:title': 'An error occurred',
        'hydra:description': LAST_ADMIN_DEMOTE,
      });

      // With a second Admin, the first may step down.
      const second = await createUser(other.app, { role: 'Admin' });
      const ok = await other.app.inject({
        method: 'PUT',
        url: `/api/hub_users/${me.id}`,
        headers: authHeader(token),
        payload: { username: 'admin', email: 'admin@coolerhub.local', role: 'Production' },
      });
      expect(ok.statusCode).toBe(200);
      // …and the service refuses to delete the one Admin left, whoever asks.
      await expect(new UsersService(other.database.db).remove(me, second.user.id)).rejects.toThrow(new ConflictError(LAST_ADMIN_DELETE));
    } finally {
      await other.close();
    }
  });
});

describe('DELETE /api/hub_users/{id}', () => {
  const remove = (id: number, token = admin) => t.app.inject({ method: 'DELETE', url: `/api/hub_users/${id}`, headers: authHeader(token) });

  it('deletes (204) and the deleted user’s token stops working', async () => {
    const victim = await loginAs(t.app, 'Production');
    const res = await remove(victim.user.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await t.app.inject({ url: '/api/profile', headers: authHeader(victim.token) });
    expect(json(after)).toEqual({ code: 401, message: TOKEN_INVALID });
    expect((await remove(victim.user.id)).statusCode).toBe(404);
  });

  it('nobody deletes themselves', async () => {
    const me = await loginAs(t.app, 'Admin');
    const res = await remove(me.user.id, me.token);
    expect(res.statusCode).toBe(400);
    expect(json<HydraError>(res)['hydra:description']).toBe(SELF_DELETE);
  });

  it('an Admin may delete another Admin while one is left', async () => {
    const other = await createUser(t.app, { role: 'Admin' });
    expect((await remove(other.user.id)).statusCode).toBe(204);
  });
});

describe('permissions', () => {
  it('a Production user gets 403 on every users call', async () => {
    const { token } = await loginAs(t.app, 'Production');
    const target = await createUser(t.app);
    const calls = [
      { method: 'GET' as const, url: '/api/hub_users' },
      {
        method: 'POST' as const,
        url: '/api/hub_users',
        payload: { username: 'x', email: 'x@example.com', role: 'Admin', plainPassword: 'password-1' },
      },
      { method: 'PUT' as const, url: `/api/hub_users/${target.user.id}`, payload: { ...target.user, role: 'Admin' } },
      { method: 'DELETE' as const, url: `/api/hub_users/${target.user.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: authHeader(token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(json<HydraError>(res)).toEqual({
        '@type': 'hydra:Error',
        'hydra:title': 'An error occurred',
        'hydra:description': 'Access Denied.',
      });
    }
    // Nothing changed.
    const still = json<ListResponse<HubUser>>(await list(`?username=${target.user.username}`));
    expect(still.items[0]).toMatchObject({ role: 'Production' });
  });

  it('a user demoted to Production loses access at once (current role, not the token’s)', async () => {
    const boss = await loginAs(t.app, 'Admin');
    expect((await list('', boss.token)).statusCode).toBe(200);
    // The demotion bumps the token version, so the old token is refused outright…
    await t.app.inject({
      method: 'PUT',
      url: `/api/hub_users/${boss.user.id}`,
      headers: authHeader(admin),
      payload: { ...boss.user, role: 'Production' },
    });
    expect((await list('', boss.token)).statusCode).toBe(401);
    // …and a fresh one carries no master permission.
    const fresh = await login(t.app, boss.user.username, boss.password);
    expect((await list('', fresh)).statusCode).toBe(403);
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/hub_users' });
    expect(json(res)).toEqual({ code: 401, message: TOKEN_NOT_FOUND });
  });
});
