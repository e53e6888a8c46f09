import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import type { ListResponse } from '@cooler-hub/contract/common';
import { emailStatusOf, type DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ADMIN_EMAIL, ADMIN_USERNAME, seed } from '../src/db/seed';
import { randomToken } from '../src/lib/crypto';
import { resolveJwtSecret } from '../src/lib/jwt-secret';
import { verifyPassword } from '../src/lib/passwords';
import { migrationsFolder } from '../src/paths';
import { authHeader, createTestDatabase, json, login, type TestDatabase } from './helpers';

let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
});
afterAll(() => test.dispose());
/** The generated password of the first test's admin (the demo's lists are read through the API as them). */
let adminPassword = '';

const total = async (table: PgTable) => {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row!.n;
};

describe('seed', () => {
  it('seeds an empty database once, even when several instances start together', async () => {
    const results = await Promise.all([seed(database.db, {}), seed(database.db, {}), seed(database.db, {})]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const winner = results.find((r) => r.seeded)!;
    adminPassword = winner.generatedAdminPassword!;
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
    // The demo is hundreds of rows with their history and a password hash per demo user: 15 s on a loaded 2-core machine.
  }, 90_000);

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
    const kinds = await database.db
      .select({ diffType: schema.revisionEntries.diffType, n: count() })
      .from(schema.revisionEntries)
      .groupBy(schema.revisionEntries.diffType);
    expect(Object.fromEntries(kinds.map((k) => [k.diffType, k.n]))).toMatchObject({ Text: coolers + receipts });
    expect(kinds.find((k) => k.diffType === 'OldNew')?.n).toBeGreaterThan(10);
    // The days before today are exported, today's are not (yet).
    const exported = await total(schema.receiptExports);
    expect(exported).toBeGreaterThan(0);
    expect(exported).toBeLessThan(receipts);
    await seed(database.db, { demo: true });
    expect(await total(schema.receipts)).toBe(receipts);
  });

  it('SEED_DEMO adds delivery notes of each type in each state, every e-mail status, on demo receipts that fit, and queues no mail', async () => {
    const notes = await database.db.select().from(schema.deliveries);
    const shapes = new Map<string, number>();
    for (const n of notes) shapes.set(`${n.type}/${n.status}`, (shapes.get(`${n.type}/${n.status}`) ?? 0) + 1);
    expect([...shapes.keys()].sort()).toEqual([
      'error_sheet/approved',
      'error_sheet/pending',
      'scrap/approved',
      'scrap/pending',
      'transfer/approved',
      'transfer/pending',
    ]);
    // A page or two of each list.
    expect(notes.filter((n) => n.type === 'transfer').length).toBeGreaterThanOrEqual(25);
    expect(notes.filter((n) => n.type === 'scrap').length).toBeGreaterThanOrEqual(12);
    expect(notes.filter((n) => n.type === 'error_sheet').length).toBeGreaterThanOrEqual(6);

    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const statusOf = (n: (typeof notes)[number]) =>
      emailStatusOf({
        emailDeliveredAt: iso(n.emailDeliveredAt),
        emailViewedAt: iso(n.emailViewedAt),
        emailFailedAt: iso(n.emailFailedAt),
      });
    const approved = notes.filter((n) => n.status === 'approved');
    expect(new Set(approved.map(statusOf))).toEqual(new Set(['Read', 'Sent', 'Failed', 'N/A']));
    expect(new Set(notes.filter((n) => n.type === 'transfer' && n.status === 'approved').map(statusOf))).toEqual(
      new Set(['Read', 'Sent', 'Failed', 'N/A']),
    );
    expect(notes.filter((n) => n.status === 'pending').every((n) => statusOf(n) === 'N/A' && n.approvedAt === null)).toBe(true);
    for (const failed of notes.filter((n) => statusOf(n) === 'Failed')) {
      expect(failed.emailFailureReason).toMatch(
        /^550 5\.1\.1 <[^@\s]+@[^>\s]+>: Recipient address rejected: User unknown in virtual mailbox table$/,
      );
    }
    // Nothing was queued: every mail the app sends has an outgoing_mail row first.
    expect(await total(schema.outgoingMail)).toBe(0);

    // Times: over the receipts' six weeks, approval after writing, a mail after approval, nothing in the future.
    const now = Date.now();
    const created = notes.map((n) => n.createdAt.getTime());
    expect(Math.min(...created)).toBeLessThan(now - 30 * 86_400_000);
    expect(Math.max(...created)).toBeGreaterThan(now - 4 * 86_400_000);
    expect(Math.max(...created)).toBeLessThanOrEqual(now);
    for (const n of approved) {
      expect(n.approvedAt!.getTime()).toBeGreaterThan(n.createdAt.getTime());
      if (n.emailDeliveredAt) expect(n.emailDeliveredAt.getTime()).toBeGreaterThan(n.approvedAt!.getTime());
    }

    // Lines: 1–25 per note, counted, of receipts received before the note; scraps take S receipts only.
    const lines = await database.db
      .select({
        deliveryId: schema.deliveryLines.deliveryId,
        type: schema.deliveryLines.deliveryType,
        receiptId: schema.receipts.id,
        option: schema.receipts.processOption,
        receivedAt: schema.receipts.receiptDate,
      })
      .from(schema.deliveryLines)
      .innerJoin(schema.receipts, eq(schema.receipts.id, schema.deliveryLines.receiptId));
    for (const n of notes) {
      const own = lines.filter((l) => l.deliveryId === n.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(25);
      expect(n.itemsCount).toBe(own.length);
      expect(own.every((l) => l.receivedAt.getTime() < n.createdAt.getTime())).toBe(true);
    }
    expect(lines.filter((l) => l.type === 'scrap').every((l) => l.option === 'S')).toBe(true);
    expect(lines.filter((l) => l.type === 'transfer').every((l) => l.option !== 'S')).toBe(true);
    const exclusive = lines.filter((l) => l.type !== 'error_sheet').map((l) => l.receiptId);
    expect(new Set(exclusive).size).toBe(exclusive.length);

    // Transfers: a customer, recipients, GB dispatch and invoice addresses looked up without a geocoder.
    const transfers = notes.filter((n) => n.type === 'transfer');
    expect(
      transfers.every((n) => n.customerAccountId !== null && n.businessName && n.dispatchAddressId !== null && n.invoiceAddressId !== null),
    ).toBe(true);
    const recipients = await database.db.select({ deliveryId: schema.deliveryRecipients.deliveryId }).from(schema.deliveryRecipients);
    expect(transfers.every((n) => recipients.some((r) => r.deliveryId === n.id))).toBe(true);
    const addresses = await database.db.select().from(schema.deliveryAddresses);
    const placed = addresses.filter((a) => a.address.postcode !== null);
    expect(new Set(addresses.map((a) => a.addressTarget))).toEqual(new Set(['dispatch', 'invoice']));
    expect(placed.length).toBeGreaterThanOrEqual(8);
    for (const a of placed) {
      expect(a.address).toMatchObject({ country: 'United Kingdom', cleanPostcode: a.address.postcode!.replace(' ', '') });
      expect(a.address.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      expect(a.address.town).toBeTruthy();
      expect(a.address.county).toBeTruthy();
      // Great Britain: latitude 49.9–60.9, longitude −8.7–1.8.
      expect(a.address.lat).toBeGreaterThan(49.9);
      expect(a.address.lat).toBeLessThan(60.9);
      expect(a.address.lng).toBeGreaterThan(-8.7);
      expect(a.address.lng).toBeLessThan(1.8);
    }
    expect(addresses.some((a) => a.address.formattedAddress === null)).toBe(true); // one kept only its search text

    await seed(database.db, { demo: true });
    expect(await total(schema.deliveries)).toBe(notes.length);
  });

  it("SEED_DEMO's notes fill the three lists through the API, with every status", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-hub-demo-'));
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, jwtSecret: randomToken(48) });
    try {
      await app.ready();
      const token = await login(app, ADMIN_USERNAME, adminPassword);
      const list = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: authHeader(token) });
        expect(res.statusCode).toBe(200);
        return json<ListResponse<DeliveryListItem>>(res);
      };
      for (const [type, perPage] of [
        ['transfer', 100],
        ['scrap', 100],
        ['error_sheet', 100],
      ] as const) {
        const all = await list(`/api/deliveries/${type}_list?perPage=${perPage}`);
        expect(all.totalCount).toBe(all.items.length);
        expect(new Set(all.items.map((d) => d.status))).toEqual(new Set(['pending', 'approved']));
        expect(all.items.every((d) => d.type === type && d.itemsCount >= 1)).toBe(true);
        if (type !== 'error_sheet') {
          expect(new Set(all.items.map((d) => d.emailStatus))).toEqual(new Set(['Read', 'Sent', 'Failed', 'N/A']));
          expect(all.items.every((d) => d.customerAccount !== null && d.emails.length > 0)).toBe(true);
        }
        // The default page is the newest notes first.
        const first = await list(`/api/deliveries/${type}_list`);
        expect(first.items[0]!.id).toBe(Math.max(...all.items.map((d) => d.id)));
      }
      const transfers = await list('/api/deliveries/transfer_list?perPage=100');
      expect(transfers.items.some((d) => d.dispatchAddress?.address.town && d.invoiceAddress?.address.postcode)).toBe(true);
      const failed = transfers.items.find((d) => d.emailStatus === 'Failed')!;
      expect(failed.emailFailureReason).toContain('Recipient address rejected');
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
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
