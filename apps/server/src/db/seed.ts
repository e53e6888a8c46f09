/**
 * Reference data and the first Admin for an empty database (docs/architecture.md §3). Runs at every start but
 * only acts while the users table is empty; the check and the inserts happen in one transaction
 * under an advisory lock, so several instances starting together seed exactly once.
 * Names and numbers are realistic but fictional (telephone numbers from Ofcom's drama ranges).
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from './client';
import { SETUP_LOCK_KEY } from './client';
import * as t from './schema';
import { seedDemoDeliveries } from './demo-deliveries';
import { seedDemoInventory } from './demo-inventory';
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
// Enough points and part numbers that their Settings lists have a second page (20 a page).
const DEMO_COLLECTION_POINTS = [
  'Cardiff Depot',
  'Newcastle Depot',
  'Liverpool Docks',
  'Sheffield Depot',
  'Nottingham Hub',
  'Leicester Depot',
  'Southampton Port',
  'Norwich Depot',
  'Exeter Depot',
  'Plymouth Depot',
  'Swansea Depot',
  'Aberdeen Depot',
  'Edinburgh Depot',
  'Dundee Depot',
  'Belfast Depot',
  'Hull Depot',
  'Stoke Depot',
  'Coventry Depot',
  'Milton Keynes Hub',
  'Cambridge Depot',
];
const DEMO_PART_FAMILIES = [
  { prefix: 'FR', label: 'upright display cooler', sizes: [150, 250, 400, 450, 500, 800] },
  { prefix: 'UC', label: 'under-counter glass-door cooler', sizes: [60, 120, 140, 160] },
  { prefix: 'CH', label: 'ice-lined chest cooler', sizes: [100, 150, 300, 400] },
  { prefix: 'CT', label: 'countertop merchandiser', sizes: [40, 70, 90, 110] },
  { prefix: 'VM', label: 'vending cooler', sizes: [300, 450, 600] },
  { prefix: 'BC', label: 'back-bar bottle cooler', sizes: [130, 200, 250, 330] },
];
const DEMO_PART_NUMBERS = DEMO_PART_FAMILIES.flatMap((f) =>
  f.sizes.map((size, i) => ({
    partNumber: `${f.prefix}-${size}-${i % 2 === 0 ? 'SD' : 'DD'}`,
    description: `${i % 2 === 0 ? 'Single' : 'Double'}-door ${f.label}, ${size} L`,
  })),
);
const DEMO_CC_CODES = [
  { code: 'CC600', name: 'Door seal replacement', pricePence: 1850 },
  { code: 'CC700', name: 'Thermostat replacement', pricePence: 2950 },
  { code: 'CC800', name: 'LED canopy repair', pricePence: 2200 },
];
const DEMO_CLIENTS: { name: string; accounts: Omit<typeof t.customerAccounts.$inferInsert, 'clientId'>[] }[] = [
  {
    name: 'Highland Water Co Ltd',
    accounts: [
      {
        name: 'Highland Water – Inverness',
        contactPerson: 'Fiona MacLeod',
        email: 'depot@highlandwater.example',
        telephone: '01463 496 012',
        deliveryAddress: 'Longman Industrial Estate, Inverness IV1 1SU',
        billingAddress: 'Longman Industrial Estate, Inverness IV1 1SU',
      },
    ],
  },
  {
    name: 'Cornish Dairy Co-operative',
    accounts: [
      {
        name: 'Cornish Dairy – Truro',
        contactPerson: 'Tom Penrose',
        email: 'stores@cornishdairy.example',
        telephone: '01872 496 233',
        deliveryAddress: 'Threemilestone Industrial Estate, Truro TR4 9LD',
        billingAddress: 'Dairy House, Lemon Street, Truro TR1 2LS',
      },
      {
        name: 'Cornish Dairy – Bodmin',
        contactPerson: 'Kerenza Hicks',
        email: 'bodmin@cornishdairy.example',
        telephone: '01208 496 118',
        deliveryAddress: 'Walker Lines Industrial Estate, Bodmin PL31 1EZ',
        billingAddress: 'Dairy House, Lemon Street, Truro TR1 2LS',
      },
    ],
  },
];

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

    await tx
      .insert(t.suppliers)
      .values(SUPPLIERS.map((name) => ({ name })))
      .onConflictDoNothing();
    await insertClients(tx, CLIENTS);
    await tx
      .insert(t.collectionPoints)
      .values(COLLECTION_POINTS.map((name) => ({ name })))
      .onConflictDoNothing();
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

/** Each client with its accounts; a client that already exists keeps the accounts it has. */
async function insertClients(tx: Db, clients: typeof CLIENTS): Promise<void> {
  for (const client of clients) {
    const [row] = await tx.insert(t.clients).values({ name: client.name }).onConflictDoNothing().returning();
    if (row) await tx.insert(t.customerAccounts).values(client.accounts.map((a) => ({ ...a, clientId: row.id })));
  }
}

/** More rows for demonstrations (SEED_DEMO=1); idempotent. */
async function seedDemo(tx: Db): Promise<void> {
  await tx
    .insert(t.suppliers)
    .values(DEMO_SUPPLIERS.map((name) => ({ name })))
    .onConflictDoNothing();
  await tx
    .insert(t.collectionPoints)
    .values(DEMO_COLLECTION_POINTS.map((name) => ({ name })))
    .onConflictDoNothing();
  await tx.insert(t.partNumbers).values(DEMO_PART_NUMBERS).onConflictDoNothing();
  await tx.insert(t.ccCodes).values(DEMO_CC_CODES).onConflictDoNothing();
  await insertClients(tx, DEMO_CLIENTS);
  await seedDemoInventory(tx);
  await seedDemoDeliveries(tx);
}
