import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { ADMIN_EMAIL, ADMIN_USERNAME, seed } from '../src/db/seed';
import { resolveJwtSecret } from '../src/lib/jwt-secret';
import { verifyPassword } from '../src/lib/passwords';
import { migrationsFolder } from '../src/paths';
import { createTestDatabase, type TestDatabase } from './helpers';

let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
});
afterAll(() => test.dispose());

const total = async (table: PgTable) => {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row!.n;
};

describe('seed', () => {
  it('seeds an empty database once, even when several instances start together', async () => {
    const results = await Promise.all([seed(database.db, {}), seed(database.db, {}), seed(database.db, {})]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const winner = results.find((r) => r.seeded)!;
    expect(winner.generatedAdminPassword).toMatch(/^\S{12,}$/);
    expect(results.filter((r) => !r.seeded).every((r) => r.generatedAdminPassword === undefined)).toBe(true);

    const admins = await database.db.select().from(schema.users);
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ username: ADMIN_USERNAME, email: ADMIN_EMAIL, role: 'Admin', color: null });
    expect(admins[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admins[0]!.passwordHash, winner.generatedAdminPassword!)).toBe(true);
  });

  it('loads the reference data: suppliers, a client with an account, reasons, points, part numbers, CC codes', async () => {
    expect(await total(schema.suppliers)).toBeGreaterThanOrEqual(3);
    expect(await total(schema.clients)).toBeGreaterThanOrEqual(1);
    expect(await total(schema.customerAccounts)).toBeGreaterThanOrEqual(1);
    expect(await total(schema.collectionPoints)).toBeGreaterThanOrEqual(3);
    expect(await total(schema.scrapReasons)).toBeGreaterThanOrEqual(3);
    expect(await total(schema.partNumbers)).toBeGreaterThanOrEqual(3);
    expect(await total(schema.ccCodes)).toBeGreaterThanOrEqual(3);
    const [account] = await database.db
      .select({ client: schema.clients.name })
      .from(schema.customerAccounts)
      .innerJoin(schema.clients, eq(schema.clients.id, schema.customerAccounts.clientId))
      .limit(1);
    expect(account?.client).toBeTruthy();
  });

  it('does nothing on a later start (users exist); SEED_DEMO adds its rows once', async () => {
    const before = await total(schema.suppliers);
    expect(await seed(database.db, { adminPassword: 'another-password' })).toEqual({ seeded: false });
    expect(await total(schema.suppliers)).toBe(before);
    expect(await total(schema.users)).toBe(1);
    await seed(database.db, { demo: true });
    await seed(database.db, { demo: true });
    expect(await total(schema.suppliers)).toBe(before + 1);
  });

  it('SEED_DEMO gives the paginated Settings lists more than one page', async () => {
    expect(await total(schema.partNumbers)).toBeGreaterThanOrEqual(30);
    expect(await total(schema.collectionPoints)).toBeGreaterThanOrEqual(25);
    expect(await total(schema.customerAccounts)).toBeGreaterThanOrEqual(6);
  });

  it('SEED_DEMO adds a few hundred coolers and receipts once, of every option, state and mode, with their history', async () => {
    const coolers = await total(schema.coolers);
    const receipts = await total(schema.receipts);
    expect(coolers).toBeGreaterThanOrEqual(200);
    expect(receipts).toBeGreaterThan(coolers);
    const shapes = await database.db
      .selectDistinct({ option: schema.receipts.processOption, state: schema.receipts.processState })
      .from(schema.receipts);
    expect(shapes.map((s) => `${s.option}/${s.state ?? ''}`).sort()).toEqual(['D/D1', 'D/D2', 'D/D3', 'D/D4', 'D/D5', 'S/', 'X/']);
    const [modes] = await database.db
      .select({ engineer: count(schema.receipts.engineerNo), point: count(schema.receipts.collectionPointId) })
      .from(schema.receipts);
    expect(modes!.engineer).toBeGreaterThan(0);
    expect(modes!.point).toBeGreaterThan(0);
    // A Text entry per create, OldNew entries for the receipts edited afterwards.
    const kinds = await database.db.select({ diffType: schema.revisionEntries.diffType, n: count() }).from(schema.revisionEntries).groupBy(schema.revisionEntries.diffType);
    expect(Object.fromEntries(kinds.map((k) => [k.diffType, k.n]))).toMatchObject({ Text: coolers + receipts });
    expect(kinds.find((k) => k.diffType === 'OldNew')?.n).toBeGreaterThan(10);
    // The days before today are exported, today's are not (yet).
    const exported = await total(schema.receiptExports);
    expect(exported).toBeGreaterThan(0);
    expect(exported).toBeLessThan(receipts);
    await seed(database.db, { demo: true });
    expect(await total(schema.receipts)).toBe(receipts);
  });

  it('re-running the migrations is a no-op', async () => {
    await database.migrate(migrationsFolder);
    expect(await total(schema.users)).toBe(3); // the admin and the demo's two Production users
  });
});

describe('JWT secret without JWT_SECRET', () => {
  it('embedded: generated once into DATA_DIR/jwt-secret and reused after a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-secret-'));
    try {
      const first = await resolveJwtSecret({ configured: undefined, driver: 'pglite', dataDir, db: database.db });
      const second = await resolveJwtSecret({ configured: undefined, driver: 'pglite', dataDir, db: database.db });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(second).toBe(first);
      expect((await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with DATABASE_URL: stored in the database, the same for every instance', async () => {
    const secrets = await Promise.all(
      [1, 2, 3].map(() => resolveJwtSecret({ configured: undefined, driver: 'postgres', dataDir: '/nonexistent', db: database.db })),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  });

  it('JWT_SECRET wins when set', async () => {
    const configured = 'c'.repeat(40);
    expect(await resolveJwtSecret({ configured, driver: 'postgres', dataDir: '/nonexistent', db: database.db })).toBe(configured);
  });
});
