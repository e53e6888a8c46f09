/** What an operator sees: log lines, and the admin password (README "Admin password"). */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERNAME } from '../src/db/seed';
import { adminPasswordBanner } from '../src/lib/banner';
import { resolveLogFormat } from '../src/lib/logger';
import { NoAdminError, resetAdminPassword } from '../src/modules/users/reset-admin-password';
import { users } from '../src/db/schema';
import { ADMIN_PASSWORD, adminToken, authHeader, buildTestApp, createTestDatabase, json, type TestApp } from './helpers';

/** An app whose log lines are collected. */
async function appWithLog(format: 'json' | 'pretty'): Promise<{ t: TestApp; lines: () => string[] }> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const t = await buildTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: format }, { logOutput: output });
  return { t, lines: () => text.split('\n').filter((l) => l.trim() !== '') };
}

describe('request logs', () => {
  it('JSON: one line per request, with method, url, status and time (health checks stay quiet)', async () => {
    const { t, lines } = await appWithLog('json');
    try {
      const before = lines().length;
      await t.app.inject({ url: '/api/profile', headers: { 'x-request-id': 'log-json-1' } });
      const mine = lines()
        .slice(before)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l['reqId'] === 'log-json-1');
      expect(mine.filter((l) => l['msg'] === 'request completed')).toHaveLength(1);
      expect(mine.at(-1)).toMatchObject({ msg: 'request completed', method: 'GET', url: '/api/profile', statusCode: 401 });
      expect(typeof mine.at(-1)!['responseTime']).toBe('number');
    } finally {
      await t.close();
    }
  });

  it('pretty (a terminal): one readable line per request, not JSON', async () => {
    const { t, lines } = await appWithLog('pretty');
    try {
      const before = lines().length;
      await t.app.inject({ url: '/api/no-such-route' });
      const mine = lines().slice(before);
      expect(mine).toHaveLength(2); // the 404's own note, then the request line
      const requestLine = mine.find((l) => l.includes('GET /api/no-such-route 404'));
      expect(requestLine).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/no-such-route 404 [\d.]+ ms/);
      expect(() => JSON.parse(requestLine!)).toThrow();
    } finally {
      await t.close();
    }
  });

  it('pretty when stdout is a terminal, JSON otherwise, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('admin password', () => {
  it('the first-start banner is a framed block with the user name and the password', () => {
    const banner = adminPasswordBanner('Cooler Hub: admin user created', 'admin', 's3cret-Passw0rd');
    const lines = banner.trim().split('\n');
    expect(lines[0]).toMatch(/^╔═+╗$/);
    expect(lines.at(-1)).toMatch(/^╚═+╝$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1); // a closed rectangle
    expect(banner).toContain('user name:  admin');
    expect(banner).toContain('password:   s3cret-Passw0rd');
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reset: the given password signs in, the old one and old tokens no longer work', async () => {
    const oldToken = await adminToken(t.app);
    const reset = await resetAdminPassword(t.database.db, 'brand-new-admin-pass');
    expect(reset).toEqual({ username: ADMIN_USERNAME, password: 'brand-new-admin-pass', generated: false });
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin', password } });
    expect((await signIn(ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('brand-new-admin-pass')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: authHeader(oldToken) })).statusCode).toBe(401);
  });

  it('reset without a password generates one, and lifts a sign-in block on the account', async () => {
    for (let i = 0; i < 6; i++)
      await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin', password: 'wrong' } });
    const reset = await resetAdminPassword(t.database.db);
    expect(reset.generated).toBe(true);
    expect(reset.password.length).toBeGreaterThanOrEqual(12);
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin', password: reset.password } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toHaveProperty('token');
  });

  it('finds the oldest Admin when `admin` was renamed; fails with a sentence when there is no Admin', async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      await expect(resetAdminPassword(database.db, 'whatever-password')).rejects.toBeInstanceOf(NoAdminError);
      await database.db.insert(users).values([
        { username: 'boss', email: 'boss@example.com', role: 'Admin', passwordHash: 'x' },
        { username: 'later-boss', email: 'later@example.com', role: 'Admin', passwordHash: 'x' },
      ]);
      expect((await resetAdminPassword(database.db, 'whatever-password')).username).toBe('boss');
    } finally {
      await dispose();
    }
  });
});
