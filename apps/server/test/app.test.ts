/** Platform behaviour: health, docs, security headers, request ids, static files and error answers. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { propertyPath, type HydraError } from '@cooler-hub/contract/common';
import { buildApp, BODY_LIMIT_BYTES } from '../src/app';
import { loadConfig } from '../src/config';
import { randomToken } from '../src/lib/crypto';
import { insertUser } from '../src/modules/users/users.repository';
import authPlugin from '../src/plugins/auth';
import { createTokenService } from '../src/lib/tokens';
import errorsPlugin, {
  BODY_TOO_LARGE,
  EMPTY_BODY,
  INTERNAL_ERROR,
  MALFORMED_JSON,
  UNSUPPORTED_MEDIA_TYPE,
  findPgError,
  pathFromInstancePath,
} from '../src/plugins/errors';
import { uniqueViolationField } from '../src/db/unique';
import { users } from '../src/db/schema';
import { adminToken, authHeader, buildTestApp, codeFrom, createTestDatabase, json, waitFor, type TestApp } from './helpers';

let t: TestApp;
let webRoot: string;
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("hub")');
  t = await buildTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

const hydra = (description: string): HydraError => ({
  '@type': 'hydra:Error',
  'hydra:title': 'An error occurred',
  'hydra:description': description,
});

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toContain("unsafe-eval'\u0020"); // only wasm-unsafe-eval
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

describe('health', () => {
  it('/healthz and /readyz answer ok', async () => {
    expect(json(await t.app.inject('/healthz'))).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 when the database is gone, and a failing call is a bare 500', async () => {
    const { database, dispose } = await createTestDatabase();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }), database, jwtSecret: randomToken() });
    try {
      await app.ready();
      await database.close();
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ status: 'unavailable' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);

      const failed = await app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'admin', password: 'x' } });
      expect(failed.statusCode).toBe(500);
      expect(json(failed)).toEqual(hydra(INTERNAL_ERROR));
      expect(failed.body).not.toMatch(/pglite|closed|at .*\.ts/i);
      expectSecurityHeaders(failed.headers, '500');
      expect(failed.headers['x-request-id']).toBeTruthy();
    } finally {
      await app.close();
      await dispose();
    }
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json documents every route from the contract schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = json<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; parameters?: { name: string }[] }>>;
    }>(res);
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/login_check',
      '/api/profile',
      '/api/hub_users',
      '/api/hub_users/{id}',
      '/api/file_upload',
      '/api/uploads/{id}',
      '/api/password_recovery/request',
      '/api/password_recovery/verify',
      '/api/password_recovery/reset',
      '/healthz',
      '/readyz',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/hub_users']!['get']!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/login_check']!['post']!.security).toEqual([]);
    expect(doc.paths['/api/hub_users']!['post']!.requestBody).toBeTruthy();
    expect(doc.paths['/api/hub_users']!['get']!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'perPage', 'username', 'role']),
    );
  });

  it('/api/docs serves the UI under the same strict CSP', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script the CSP would block
    expectSecurityHeaders(res.headers, 'docs');
  });
});

describe('security headers and request ids', () => {
  it('are on a 200, a 404, an error and a static file', async () => {
    const ok = await t.app.inject('/healthz');
    const notFound = await t.app.inject('/api/nothing-here');
    const error = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    const file = await t.app.inject('/assets/index-abc123.js');
    for (const [what, res] of Object.entries({ ok, notFound, error, file })) expectSecurityHeaders(res.headers, what);
    expect([ok.statusCode, notFound.statusCode, error.statusCode, file.statusCode]).toEqual([200, 404, 400, 200]);
  });

  it('echoes a sane x-request-id, replaces anything else with a uuid', async () => {
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await t.app.inject('/api/nothing-here');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the web build', () => {
  it('serves index.html at / without caching and hashed assets for a year', async () => {
    const index = await t.app.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.body).toBe(INDEX_HTML);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('answers 404 (JSON) for unknown paths, API or not', async () => {
    for (const url of ['/receipts', '/assets/missing.js', '/api/unknown', '/api/hub_users/1/extra']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual(hydra('Not Found'));
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/unknown', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(json(post)).toEqual(hydra('Not Found'));
  });

  it('without a web build, / is a 404', async () => {
    const other = await buildApp({
      config: t.config,
      database: t.database,
      jwtSecret: t.jwtSecret,
      webRoot: path.join(webRoot, 'missing'),
    });
    try {
      expect((await other.inject('/')).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('client mistakes never become a 500', () => {
  it('malformed JSON → 400 hydra:Error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(MALFORMED_JSON));
  });

  it('an empty JSON body → 400 hydra:Error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(EMPTY_BODY));
  });

  it('an unsupported content type → 415 hydra:Error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res)).toEqual(hydra(UNSUPPORTED_MEDIA_TYPE));
  });

  it('a body over the limit → 413 hydra:Error', async () => {
    const payload = JSON.stringify({ username: 'a'.repeat(BODY_LIMIT_BYTES), password: 'x' });
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual(hydra(BODY_TOO_LARGE));
  });

  it('a JSON array or string instead of an object → 400 form-level violation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: [1, 2] });
    expect(res.statusCode).toBe(400);
    const body = json<{ '@type': string; violations: { propertyPath: string }[] }>(res);
    expect(body['@type']).toBe('ConstraintViolationList');
    expect(body.violations[0]!.propertyPath).toBe('');
  });

  it('a URL that cannot be decoded → 400 hydra:Error, with the security headers', async () => {
    const res = await t.app.inject('/api/hub_users/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra('The URL is malformed.'));
    expectSecurityHeaders(res.headers, 'bad url');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('path traversal outside the web build finds nothing', async () => {
    for (const url of ['/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/..%2F..%2Fpackage.json']) {
      const res = await t.app.inject(url);
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('an unknown method on a known path → 404', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('a unique violation from PostgreSQL maps to the API field named by the schema', async () => {
    const error = await insertUser(t.database.db, { username: 'ADMIN', email: 'x@example.com', role: 'Admin', passwordHash: 'x' }).catch(
      (e: unknown) => e,
    );
    const pg = findPgError(error);
    expect(pg?.code).toBe('23505');
    expect(uniqueViolationField(pg!.constraint)).toBe('username');
    const email = findPgError(
      await insertUser(t.database.db, { username: 'someone-new', email: 'ADMIN@coolerhub.local', role: 'Admin', passwordHash: 'x' }).catch(
        (e: unknown) => e,
      ),
    );
    expect(uniqueViolationField(email!.constraint)).toBe('email');
    // Read from schema.ts: lower(…) unique indexes, column unique constraints (API name `number`), primary keys.
    expect(uniqueViolationField('part_numbers_part_number_unique')).toBe('partNumber');
    expect(uniqueViolationField('scrap_reasons_code_unique')).toBe('number');
    expect(uniqueViolationField('cc_codes_code_unique')).toBe('code');
    expect(uniqueViolationField('cc_codes_pkey')).toBe('id');
    expect(uniqueViolationField('no_such_constraint')).toBe('');
  });

  it('role and color are enums: the database refuses any other value', async () => {
    const bad = [
      { username: 'enum-role', email: 'enum-role@example.com', role: 'Root', color: null },
      { username: 'enum-color', email: 'enum-color@example.com', role: 'Production', color: 'Chartreuse' },
    ];
    for (const row of bad) {
      const error = await t.database.db
        .execute(
          sql`insert into users (username, email, password_hash, role, color) values (${row.username}, ${row.email}, 'x', ${row.role}, ${row.color})`,
        )
        .catch((e: unknown) => e);
      expect(findPgError(error)?.code, row.username).toBe('22P02'); // invalid input value for enum
    }
    await t.database.db.execute(
      sql`insert into users (username, email, password_hash, role, color) values ('enum-ok', 'enum-ok@example.com', 'x', 'Production', 'Teal')`,
    );
    const [ok] = await t.database.db
      .select({ role: users.role, color: users.color })
      .from(users)
      .where(sql`${users.username} = 'enum-ok'`);
    expect(ok).toEqual({ role: 'Production', color: 'Teal' });
  });

  it('an integer path id is decimal digits (else 400); one no integer column can hold is a 404 on every id route', async () => {
    const headers = authHeader(await adminToken(t.app));
    for (const id of ['1e0', '0x1', '%201', '1.0', '0', '-1', 'Infinity']) {
      const res = await t.app.inject({ url: `/api/collection_points/${id}`, headers });
      expect(res.statusCode, id).toBe(400);
      expect(
        json<{ violations: { propertyPath: string }[] }>(res).violations.map((v) => v.propertyPath),
        id,
      ).toEqual(['id']);
    }
    expect((await t.app.inject({ url: '/api/collection_points/1', headers })).statusCode).toBe(200);
    for (const id of ['2147483648', '99999999999999999999999', '9'.repeat(99)]) {
      for (const [method, url] of [
        ['DELETE', `/api/hub_users/${id}`],
        ['GET', `/api/collection_points/${id}`],
        ['GET', `/api/customer_accounts/${id}`],
        ['DELETE', `/api/clients/${id}`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers });
        expect(json(res), `${method} ${url.slice(0, 40)}`).toEqual(hydra('Not Found'));
      }
    }
  });

  it('text with a NUL character (which PostgreSQL cannot store) → 400 on that field, in bodies and queries', async () => {
    const headers = authHeader(await adminToken(t.app));
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
    const fieldOf = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBe(400);
      return (JSON.parse(res.body) as { violations: { propertyPath: string; message: string }[] }).violations;
    };
    const invalid = (field: string) => [{ propertyPath: field, title: 'This value is not valid.', message: 'This value is not valid.' }];
    expect(fieldOf(await post('/api/login_check', { username: 'admin\u0000', password: 'x' }))).toEqual(invalid('username'));
    expect(fieldOf(await post('/api/password_recovery/request', { username: '\u0000' }))).toEqual(invalid('username'));
    expect(fieldOf(await post('/api/collection_points/create', { name: 'Depot\u0000' }))).toEqual(invalid('name'));
    expect(fieldOf(await post('/api/customer_accounts', { name: 'Acme', client: 1, contactPerson: 'a\u0000b' }))).toEqual(
      invalid('contactPerson'),
    );
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers,
      payload: { username: 'admin\u0000', email: 'a@example.com' },
    });
    expect(fieldOf(profile)).toEqual(invalid('username'));
    for (const url of ['/api/hub_users?username=a%00', '/api/cc_codes?code=%00', '/api/customer_accounts_drop_down?name=%00x']) {
      expect(
        fieldOf(await t.app.inject({ url, headers })).map((v) => v.propertyPath),
        url,
      ).toHaveLength(1);
    }
  });

  it('a value the database refuses is a 400; an unexpected failure logs the driver error, not the statement parameters', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await app.register(errorsPlugin);
    const failedQuery = (code: string) =>
      new Error('Failed query: update users set password_hash = $1\nparams: $argon2id$v=19$secret-hash', {
        cause: Object.assign(new Error(`driver error ${code}`), { code }),
      });
    app.get('/encoding', async () => {
      throw failedQuery('22021');
    });
    app.get('/broken', async () => {
      throw failedQuery('XX000');
    });
    try {
      const encoding = await app.inject('/encoding');
      expect(encoding.statusCode).toBe(400);
      expect(json<HydraError>(encoding)['@type']).toBe('hydra:Error');
      const broken = await app.inject('/broken');
      expect(json(broken)).toEqual(hydra(INTERNAL_ERROR));
      const logged = lines.join('');
      expect(logged).toContain('driver error XX000');
      expect(logged).not.toContain('secret-hash');
    } finally {
      await app.close();
    }
  });

  it('validation paths keep array indexes (name[i].field)', () => {
    expect(propertyPath(pathFromInstancePath('/lbNumbers/3/serial'))).toBe('lbNumbers[3].serial');
    expect(propertyPath(pathFromInstancePath(''))).toBe('');
  });
});

describe('the permission guard', () => {
  it('refuses to start with a route that declares no permission', async () => {
    const app = Fastify();
    await app.register(authPlugin, { tokens: createTokenService(randomToken()), loadUser: async () => undefined });
    // As in buildApp: each module's routes are a plugin registered after the guard.
    void app.register(async (routes) => {
      routes.get('/api/forgotten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten must declare exactly one of config.public or config.permission/);
  });

  it('accepts routes that declare one', async () => {
    const app = Fastify();
    await app.register(authPlugin, { tokens: createTokenService(randomToken()), loadUser: async () => undefined });
    app.get('/open', { config: { public: true } }, async () => ({ ok: true }));
    app.get('/closed', { config: { permission: 'ROLE_ADMIN_USER' } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/open')).statusCode).toBe(200);
    await app.close();
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the recovery e-mail as an .eml file under DATA_DIR/mail', async () => {
    expect(t.config.smtpUrl).toBeUndefined();
    const res = await t.app.inject({ method: 'POST', url: '/api/password_recovery/request', payload: { username: 'admin' } });
    expect(json(res)).toEqual({ sent: true });
    const mailDir = path.join(t.dataDir, 'mail');
    const file = await waitFor(async () => {
      const files = await fs.readdir(mailDir).catch(() => [] as string[]);
      return files.find((f) => f.endsWith('.eml'));
    });
    const email = await PostalMime.parse(await fs.readFile(path.join(mailDir, file)));
    expect(email.to?.[0]?.address).toBe('admin@coolerhub.local');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/password_recovery/verify',
      payload: { username: 'admin', code: codeFrom(email) },
    });
    expect(verified.statusCode).toBe(200);
    // The admin is unaffected until a reset happens.
    expect((await t.app.inject({ url: '/api/profile', headers: authHeader(await adminToken(t.app)) })).statusCode).toBe(200);
  });
});
