/**
 * Reference data and the first Admin for an empty database (DESIGN.md §3). Runs at every start but
 * only acts while the users table is empty; the check and the inserts happen in one transaction
 * under an advisory lock, so several instances starting together seed exactly once.
 * Names and numbers are realistic but fictional (telephone numbers from Ofcom's drama ranges).
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from './client';
import { SETUP_LOCK_KEY } from './client';
import * as t from './schema';
import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/crypto';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_EMAIL = 'admin@coolerhub.local';

export interface SeedOptions {
  adminPassword?: string;
  demo?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  /** Set only when the password was generated here: the caller prints it once. */
  generatedAdminPassword?: string;
}

const SUPPLIERS = ['Arctic Cooling Services Ltd', 'Northern Refrigeration Repairs', 'Midlands Cooler Logistics', 'Severn Cold Chain Ltd'];

const CLIENTS: { name: string; accounts: Omit<typeof t.customerAccounts.$inferInsert, 'clientId'>[] }[] = [
  {
    name: 'Albion Soft Drinks plc',
    accounts: [
      {
        name: 'Albion Soft Drinks – Manchester Depot',
        contactPerson: 'Sarah Whitfield',
        email: 'returns.manchester@albion-drinks.example',
        telephone: '0161 496 0321',
        deliveryAddress: 'Unit 7, Trafford Park Road, Manchester M17 1HG',
        billingAddress: 'Albion House, 12 Deansgate, Manchester M3 2BW',
      },
      {
        name: 'Albion Soft Drinks – Leeds Depot',
        contactPerson: 'Mohammed Iqbal',
        email: 'returns.leeds@albion-drinks.example',
        telephone: '0113 496 0457',
        deliveryAddress: 'Unit 3, Stourton Link, Leeds LS10 1RW',
        billingAddress: 'Albion House, 12 Deansgate, Manchester M3 2BW',
      },
    ],
  },
  {
    name: 'Thames Valley Beverages Ltd',
    accounts: [
      {
        name: 'Thames Valley Beverages – Reading',
        contactPerson: 'James Hartley',
        email: 'logistics@tvbeverages.example',
        telephone: '0118 496 0876',
        deliveryAddress: '4 Bennet Road, Reading RG2 0QX',
        billingAddress: '4 Bennet Road, Reading RG2 0QX',
      },
    ],
  },
];

const COLLECTION_POINTS = ['Manchester Depot', 'Leeds Hub', 'Birmingham Cross-Dock', 'Bristol Service Centre', 'Glasgow Depot'];

const SCRAP_REASONS = [
  { code: 1, reason: 'Refrigerant leak – uneconomical to repair' },
  { code: 2, reason: 'Compressor failure' },
  { code: 3, reason: 'Cabinet damaged beyond repair' },
  { code: 4, reason: 'Parts no longer available' },
  { code: 5, reason: 'Fire or water damage' },
  { code: 6, reason: 'Obsolete model (F-gas non-compliant)' },
];

const PART_NUMBERS = [
  { partNumber: 'FR-300-SD', description: 'Single-door upright display cooler, 300 L' },
  { partNumber: 'FR-600-DD', description: 'Double-door upright display cooler, 600 L' },
  { partNumber: 'UC-90-SG', description: 'Under-counter glass-door cooler, 90 L' },
  { partNumber: 'CH-200-IL', description: 'Ice-lined chest cooler, 200 L' },
  { partNumber: 'CT-50-CM', description: 'Countertop merchandiser, 50 L' },
];

const CC_CODES = [
  { code: 'CC100', name: 'Standard refurbishment', pricePence: 4500 },
  { code: 'CC200', name: 'Compressor replacement', pricePence: 12500 },
  { code: 'CC300', name: 'Refrigerant re-gas', pricePence: 6500 },
  { code: 'CC400', name: 'WEEE scrap and recycling', pricePence: 2500 },
  { code: 'CC500', name: 'Collection and transport', pricePence: 3500 },
];

const DEMO_SUPPLIERS = ['Pennine Refrigeration Co'];
const DEMO_COLLECTION_POINTS = ['Cardiff Depot', 'Newcastle Depot'];
const DEMO_CLIENT = {
  name: 'Highland Water Co Ltd',
  account: {
    name: 'Highland Water – Inverness',
    contactPerson: 'Fiona MacLeod',
    email: 'depot@highlandwater.example',
    telephone: '01463 496 012',
    deliveryAddress: 'Longman Industrial Estate, Inverness IV1 1SU',
    billingAddress: 'Longman Industrial Estate, Inverness IV1 1SU',
  },
};

export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const generatedAdminPassword = options.adminPassword ? undefined : randomToken(12);
  const adminPassword = options.adminPassword ?? generatedAdminPassword!;
  // Hash before taking the lock: argon2 is deliberately slow.
  const passwordHash = await hashPassword(adminPassword);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    const [{ users } = { users: 0 }] = await tx.select({ users: count() }).from(t.users);
    if (users > 0) {
      if (options.demo) await seedDemo(tx);
      return { seeded: false };
    }

    await tx.insert(t.suppliers).values(SUPPLIERS.map((name) => ({ name }))).onConflictDoNothing();
    for (const client of CLIENTS) {
      const [row] = await tx.insert(t.clients).values({ name: client.name }).onConflictDoNothing().returning();
      if (row) await tx.insert(t.customerAccounts).values(client.accounts.map((a) => ({ ...a, clientId: row.id })));
    }
    await tx.insert(t.collectionPoints).values(COLLECTION_POINTS.map((name) => ({ name }))).onConflictDoNothing();
    await tx.insert(t.scrapReasons).values(SCRAP_REASONS).onConflictDoNothing();
    await tx.insert(t.partNumbers).values(PART_NUMBERS).onConflictDoNothing();
    await tx.insert(t.ccCodes).values(CC_CODES).onConflictDoNothing();

    const [admin] = await tx
      .insert(t.users)
      .values({ username: ADMIN_USERNAME, email: ADMIN_EMAIL, role: 'Admin', passwordHash })
      .returning({ id: t.users.id });
    await tx.insert(t.passwordHistory).values({ userId: admin!.id, passwordHash });
    if (options.demo) await seedDemo(tx);
    return { seeded: true, generatedAdminPassword };
  });
}

/** A few more rows for demonstrations; idempotent. */
async function seedDemo(tx: Db): Promise<void> {
  await tx.insert(t.suppliers).values(DEMO_SUPPLIERS.map((name) => ({ name }))).onConflictDoNothing();
  await tx.insert(t.collectionPoints).values(DEMO_COLLECTION_POINTS.map((name) => ({ name }))).onConflictDoNothing();
  const [client] = await tx.insert(t.clients).values({ name: DEMO_CLIENT.name }).onConflictDoNothing().returning();
  if (client) await tx.insert(t.customerAccounts).values({ ...DEMO_CLIENT.account, clientId: client.id });
}
