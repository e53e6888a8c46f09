/**
 * Test harness: the REAL app (buildApp) on a real database — a throw-away PostgreSQL database per
 * test file when DATABASE_URL is set (created from that URL, dropped afterwards), else in-memory
 * PGlite — migrated and seeded like production. Users are created through the API.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Role } from '@cooler-hub/contract/permissions';
import type { HubUser } from '@cooler-hub/contract/users';
import { scratchDatabase, type ScratchDatabase } from '@cooler-hub/process-kit/database';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/client';
import { ADMIN_USERNAME, seed } from '../src/db/seed';
import type { JobQueueTimings } from '../src/jobs/job-queue';
import type { LoginThrottleTimings } from '../src/modules/auth/auth.service';
import type { RecoveryThrottle } from '../src/modules/password-recovery/password-recovery.service';
import { randomToken } from '../src/lib/crypto';
import { migrationsFolder } from '../src/paths';

export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops the throw-away database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated (not seeded) database; `logQuery` sees every statement the app sends. */
export async function createTestDatabase(options: Pick<DatabaseOptions, 'logQuery'> = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true, ...options });
    await database.migrate(migrationsFolder);
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ url: scratch.url, ...options });
  await database.migrate(migrationsFolder);
  return {
    database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it. */
export function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  return scratchDatabase(serverUrl, 'cooler_test');
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  jwtSecret: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    logQuery?: DatabaseOptions['logQuery'];
    logOutput?: NodeJS.WritableStream;
    jobTimings?: Partial<JobQueueTimings>;
    loginThrottle?: Partial<LoginThrottleTimings>;
    recoveryThrottle?: Partial<RecoveryThrottle>;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD, ...env });
  const { database, dispose } = await createTestDatabase({ logQuery: options.logQuery });
  await seed(database.db, { adminPassword: ADMIN_PASSWORD });
  const jwtSecret = randomToken(48);
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    webRoot: options.webRoot,
    logOutput: options.logOutput,
    jobTimings: options.jobTimings,
    loginThrottle: options.loginThrottle,
    recoveryThrottle: options.recoveryThrottle,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    jwtSecret,
    dataDir,
    async close() {
      await app.close();
      await dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return json<{ token: string }>(res).token;
}

export function adminToken(app: FastifyInstance): Promise<string> {
  return login(app, ADMIN_USERNAME, ADMIN_PASSWORD);
}

let sequence = 0;

export interface CreatedUser {
  user: HubUser;
  password: string;
}

/** Creates a hub user through the API (as the seeded admin); unique name and e-mail by default. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; role: Role; color: string | null; plainPassword: string }> = {},
): Promise<CreatedUser> {
  sequence += 1;
  const suffix = `${sequence}${randomToken(3)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const body = {
    username: `user${suffix}`,
    email: `user${suffix}@example.com`,
    role: 'Production' as Role,
    plainPassword: `password-${suffix}`,
    ...overrides,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/hub_users',
    headers: authHeader(await adminToken(app)),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`createUser failed: ${res.statusCode} ${res.body}`);
  return { user: json<HubUser>(res), password: body.plainPassword };
}

/** A new user of `role`, signed in. */
export async function loginAs(app: FastifyInstance, role: Role): Promise<CreatedUser & { token: string }> {
  const created = await createUser(app, { role });
  return { ...created, token: await login(app, created.user.username, created.password) };
}

/** A valid 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----CoolerHubBoundary${randomToken(8).replace(/[^A-Za-z0-9]/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Polls until `check` returns a value (or fails after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A 400 ConstraintViolationList as `{ propertyPath: message }`; fails on any other answer. */
export function violationsOf(response: LightMyRequestResponse): Record<string, string> {
  const body = json<{ '@type'?: string; violations?: { propertyPath: string; message: string }[] }>(response);
  if (response.statusCode !== 400 || body['@type'] !== 'ConstraintViolationList') {
    throw new Error(`expected a 400 ConstraintViolationList, got ${response.statusCode} ${response.body}`);
  }
  return Object.fromEntries(body.violations!.map((v) => [v.propertyPath, v.message]));
}

/** The sentence of a hydra:Error answer with `status`; fails on any other answer. */
export function hydraDescription(response: LightMyRequestResponse, status = 400): string {
  const body = json<{ '@type'?: string; 'hydra:description'?: string }>(response);
  if (response.statusCode !== status || body['@type'] !== 'hydra:Error') {
    throw new Error(`expected a ${status} hydra:Error, got ${response.statusCode} ${response.body}`);
  }
  return body['hydra:description']!;
}

export interface SignedInApp {
  /** The app of this test file (set in beforeAll). */
  readonly t: TestApp;
  readonly app: FastifyInstance;
  /** A token of the signed-in user. */
  readonly token: string;
  /** A call with that token; a payload, when given, is sent as JSON. */
  api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** GET `url` as a list answer. */
  list<T>(url: string): Promise<ListResponse<T>>;
}

/**
 * The usual preamble of an API test file: one app for the file (closed after it) and a new user of
 * `role`, signed in. Call at the top level of the file; its hooks run before the file's own.
 */
export function useSignedInApp(role: Role = 'Production'): SignedInApp {
  let t: TestApp | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await loginAs(t.app, role)).token;
  });
  afterAll(() => t?.close());
  const ready = () => {
    if (!t || token === undefined) throw new Error('useSignedInApp: used before beforeAll ran');
    return { t, token };
  };
  const api: SignedInApp['api'] = (method, url, payload) =>
    ready().t.app.inject({
      method,
      url,
      headers: authHeader(ready().token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get t() {
      return ready().t;
    },
    get app() {
      return ready().t.app;
    },
    get token() {
      return ready().token;
    },
    api,
    list: async <T>(url: string) => json<ListResponse<T>>(await api('GET', url)),
  };
}

/** A record's version as answers carry it (docs/decisions/200): matches any. */
export const ANY_VERSION: unknown = expect.stringMatching(/^\d+$/);

/** A single-record answer as a list row shows it: lists carry no version. */
export function withoutVersion<T extends object>(record: T): Omit<T, 'version'> {
  const { version: _version, ...rest } = record as T & { version?: unknown };
  return rest;
}

/** The 6-digit code in a recovery message (the message holds exactly one). */
export function codeFrom(email: Email): string {
  const codes = (email.text ?? '').match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1) throw new Error(`expected one 6-digit code, found ${codes.length}`);
  return codes[0];
}
