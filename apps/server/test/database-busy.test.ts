/**
 * The database out of reach or out of connections answers 503 with Retry-After and a hydra:Error
 * saying the service is busy — never a 500 (docs/decisions/187). Real failures only: a pool pointed
 * at a closed port (always), and with DATABASE_URL a real PostgreSQL whose one-connection pool is
 * held by another transaction, or whose statement_timeout cuts a statement waiting for a lock.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@cooler-hub/process-kit/ports';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database, type PoolOptions } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { ADMIN_USERNAME, seed } from '../src/db/seed';
import { randomToken } from '../src/lib/crypto';
import { createTokenService } from '../src/lib/tokens';
import { BUSY_RETRY_AFTER_SECONDS, SERVICE_BUSY } from '../src/plugins/errors';
import { ADMIN_PASSWORD, createTestDatabase, type TestDatabase } from './helpers';

const postgresUrl = process.env.DATABASE_URL;
let test: TestDatabase;
let dataDir: string;
const opened: { app: FastifyInstance; database: Database }[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  await seed(test.database.db, { adminPassword: ADMIN_PASSWORD });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-busy-'));
});
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.close();
  }
});
afterAll(async () => {
  await test?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * The app with its requests on `requests`. The job queue keeps the test database's connection: it
 * opens its own pool in production as well, and must start for the app to start.
 */
const jwtSecret = randomToken(48);

async function appOn(requests: Database): Promise<FastifyInstance> {
  const database: Database = { ...requests, connection: test.database.connection };
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, jwtSecret });
  await app.ready();
  opened.push({ app, database: requests });
  return app;
}

/** The test database again, through a pool of our own settings. */
function testDatabaseWith(pool: PoolOptions): Promise<Database> {
  const { connection } = test.database;
  if (connection.driver !== 'postgres') throw new Error('needs DATABASE_URL');
  return openDatabase({ url: connection.url, pool });
}

const signIn = (app: FastifyInstance, password = 'not-the-password') =>
  app.inject({ method: 'POST', url: '/api/login_check', payload: { username: ADMIN_USERNAME, password } });

function expectBusy(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.json()).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': SERVICE_BUSY });
  // Nothing about our internals (the statement, its parameters, the host) leaks into the answer.
  expect(res.body).not.toMatch(/select|127\.0\.0\.1|ECONNREFUSED/i);
}

describe('the database unavailable', () => {
  it('connection refused (a closed port): 503, Retry-After, the service is busy', async () => {
    const port = await freePort();
    const closed = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/cooler`, pool: { connectionTimeoutMillis: 2000 } });
    const app = await appOn(closed);
    expectBusy(await signIn(app));
    // A signed-in request (its user is loaded from the database) answers the same; a route that
    // reads nothing is unaffected.
    const token = await createTokenService(jwtSecret).sign({ id: 1, username: ADMIN_USERNAME, role: 'Admin', tokenVersion: 0 });
    expectBusy(await app.inject({ method: 'GET', url: '/api/suppliers', headers: { authorization: `Bearer ${token}` } }));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.skipIf(!postgresUrl)('every connection of the pool busy (pool of one, held by a transaction): 503, then served again', async () => {
    const tiny = await testDatabaseWith({ max: 1, connectionTimeoutMillis: 300 });
    const app = await appOn(tiny);
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = tiny.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await tx.execute(sql`select pg_sleep(1.5)`);
    });
    await held;
    expectBusy(await signIn(app));
    await holder;
    // The connection is free again: the same request is served normally.
    expect((await signIn(app, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it.skipIf(!postgresUrl)('a statement cut short by statement_timeout (waiting for a lock): 503', async () => {
    const timed = await testDatabaseWith({ statementTimeoutMs: 300 });
    const app = await appOn(timed);
    const { connection } = test.database;
    const locker = new pg.Client({ connectionString: connection.driver === 'postgres' ? connection.url : '' });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      expectBusy(await signIn(app, ADMIN_PASSWORD));
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await signIn(app, ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select …\nparams: secret'), { cause });
  it('busy, unreachable, shutting down, timed out: yes — through wrappers and AggregateErrors', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    for (const code of ['57014', '55P03', '57P01', '57P03', '53300', '08006'])
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('pg'), { code })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
  });
  it("the request's or our own mistakes: no", () => {
    for (const code of ['23505', '23503', '22P02', '42P01', '40001'])
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('pg'), { code })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
