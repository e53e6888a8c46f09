/**
 * The demo's coolers and receipts (SEED_DEMO=1): a few hundred coolers, each
 * received one to three times over the last weeks, across every process option, state and mode,
 * some edited afterwards, the days before today already sent in an end-of-day CSV. They are made
 * through the services a request uses, as the demo's users, so the lists, the history of changes
 * and the remembered totals are what the app itself would have written. Deterministic: the same
 * database every time, but dates follow today.
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { coolerCreateBody } from '@cooler-hub/contract/coolers';
import { londonDay, londonDayStart } from '@cooler-hub/contract/london-time';
import { PROCESS_STATES, receiptCreateBody, receiptUpdateBody, type Receipt, type ProcessOption } from '@cooler-hub/contract/receipts';
import { dateOfManufactureFromSerial } from '@cooler-hub/contract/rules';
import type { Db } from './client';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import * as t from './schema';
import { CoolersService } from '../modules/coolers/coolers.service';
import { markExported } from '../modules/end-of-day/end-of-day.repository';
import { ReceiptsService } from '../modules/receipts/receipts.service';
import type { Actor } from '../modules/revision-entries/revisions';

const COOLERS = 320;
const DAYS = 42;
/** The demo's LB numbers are LB4210000 onwards (demo-deliveries.ts puts only these on notes). */
export const FIRST_LB = 4_210_000;

/** mulberry32: a small seeded generator, so every demo database holds the same rows. */
export function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const NOTES = [
  'Door seal perished; cabinet otherwise sound.',
  'Customer reports it stops cooling overnight.',
  'Glass door cracked in transit.',
  'Canopy light flickers.',
  'Returned at end of contract.',
];
const TAG_FAULTS = ['Tag torn, LB re-printed', 'Old tag unreadable', 'Two tags on the cabinet'];

/** Adds the demo's coolers and receipts once: nothing when coolers exist already. */
export async function seedDemoInventory(tx: Db, now = new Date()): Promise<void> {
  const [{ coolers } = { coolers: 0 }] = await tx.select({ coolers: count() }).from(t.coolers);
  if (coolers > 0) return;
  const rand = generator(20261123);

  const actors = await demoActors(tx);
  const parts = await tx.select({ id: t.partNumbers.id }).from(t.partNumbers).orderBy(asc(t.partNumbers.partNumber));
  const suppliers = await tx.select({ id: t.suppliers.id }).from(t.suppliers).orderBy(asc(t.suppliers.id));
  const accounts = await tx.select({ id: t.customerAccounts.id }).from(t.customerAccounts).orderBy(asc(t.customerAccounts.id));
  const points = await tx.select({ id: t.collectionPoints.id }).from(t.collectionPoints).orderBy(asc(t.collectionPoints.id));
  const scrapCodes = (await tx.select({ code: t.scrapReasons.code }).from(t.scrapReasons).orderBy(asc(t.scrapReasons.code))).map(
    (s) => s.code,
  );

  const coolersService = new CoolersService(tx);
  const receiptsService = new ReceiptsService(tx);
  const today = londonDay(now);
  const receipts: { receipt: Receipt; day: string }[] = [];
  let lb = FIRST_LB;

  for (let i = 0; i < COOLERS; i++) {
    const made = new Date(Date.UTC(2009 + rand.below(16), rand.below(12), 1 + rand.below(28)));
    const serial = `SN${made.toISOString().slice(0, 10).replaceAll('-', '')}${String(100000 + i * 37).padStart(6, '0')}`;
    const cooler = await coolersService.create(
      rand.pick(actors),
      coolerCreateBody.parse({
        id: randomUUID(),
        serialNumber: serial,
        partNumber: rand.pick(parts).id,
        dateOfManufacture: dateOfManufactureFromSerial(serial, now),
        modelNumber: null,
      }),
    );
    // Its LB history: one to three visits, oldest first; a few coolers came in today.
    const visits = 1 + rand.below(3);
    const firstDaysAgo = i % 25 === 0 ? 0 : 1 + rand.below(DAYS);
    for (let v = 0; v < visits; v++) {
      const daysAgo = Math.max(0, firstDaysAgo - v * (1 + rand.below(12)));
      if (v > 0 && daysAgo === 0 && firstDaysAgo !== 0) break;
      const option: ProcessOption = rand.chance(0.55) ? 'X' : rand.chance(0.65) ? 'D' : 'S';
      const state = option === 'D' ? rand.pick(PROCESS_STATES) : null;
      const engineerMode = rand.chance(0.35);
      const body = receiptCreateBody.parse({
        id: randomUUID(),
        receiptDate: receiptTime(now, daysAgo, rand.below(9 * 60)).toISOString(),
        lbNumber: `LB${lb++}`,
        supplier: rand.pick(suppliers).id,
        customerAccount: rand.pick(accounts).id,
        inventoryItem: cooler.id,
        processOption: option,
        processState: state,
        scrapReason: option === 'S' || state === 'D5' ? rand.pick(scrapCodes) : null,
        collectionPoint: engineerMode ? null : rand.pick(points).id,
        engineerNo: engineerMode ? `ENG${String(1000 + rand.below(60)).padStart(4, '0')}` : null,
        notes: rand.chance(0.3) ? rand.pick(NOTES) : null,
        tagFaultComment: rand.chance(0.08) ? rand.pick(TAG_FAULTS) : null,
        assetNo: rand.chance(0.6) ? `A-${70000 + rand.below(29999)}` : null,
      });
      const receipt = await receiptsService.create(rand.pick(actors), body);
      receipts.push({ receipt, day: londonDay(new Date(receipt.receiptDate)) });
    }
  }

  // Some were looked at again on the bench: a state moved on, a note added (their history shows it).
  for (const { receipt } of receipts.filter((_, i) => i % 9 === 4)) {
    const nextState = receipt.processOption === 'D' ? 'D' + String(Math.min(5, Number(receipt.processState?.slice(1) ?? 1) + 1)) : null;
    await receiptsService.update(
      rand.pick(actors),
      receipt.id,
      receiptUpdateBody.parse({
        lbNumber: receipt.lbNumber,
        supplier: receipt.supplier.id,
        customerAccount: receipt.account.id,
        inventoryItem: receipt.inventoryItem.id,
        processOption: receipt.processOption,
        processState: nextState,
        scrapReason: receipt.scrapReason ?? (nextState === 'D5' ? rand.pick(scrapCodes) : null),
        collectionPoint: receipt.collectionPoint?.id ?? null,
        engineerNo: receipt.engineerNo,
        notes: receipt.notes ?? 'Checked again on the bench.',
        tagFaultComment: receipt.tagFaultComment,
        assetNo: receipt.assetNo,
      }),
    );
  }

  // Every day before today has gone out in its end-of-day CSV.
  await markExported(
    tx,
    receipts.filter((r) => r.day < today).map((r) => r.receipt.id),
  );
}

/** The demo's staff: the admin and two Production users (created once; an Admin gives them a password). */
export async function demoActors(tx: Db): Promise<Actor[]> {
  const staff = [
    { username: 'dawn.receiving', email: 'dawn.receiving@coolerhub.local', color: 'Teal' as const },
    { username: 'marek.workshop', email: 'marek.workshop@coolerhub.local', color: 'Orange' as const },
  ];
  // A random password nobody knows: they sign in once an Admin sets one under Users.
  const passwordHash = await hashPassword(randomToken(24));
  await tx
    .insert(t.users)
    .values(staff.map((s) => ({ ...s, role: 'Production' as const, passwordHash })))
    .onConflictDoNothing();
  const admins = await tx.select({ id: t.users.id, username: t.users.username }).from(t.users).where(eq(t.users.role, 'Admin')).limit(1);
  const production = await tx.select({ id: t.users.id, username: t.users.username }).from(t.users).where(eq(t.users.role, 'Production'));
  return [...admins, ...production.filter((u) => staff.some((s) => s.username === u.username))];
}

/** `daysAgo` London days before `now`, 08:00 + `minutes`; never later than now. */
function receiptTime(now: Date, daysAgo: number, minutes: number): Date {
  const day = londonDay(new Date(now.getTime() - daysAgo * 86_400_000));
  const at = new Date(londonDayStart(day).getTime() + (8 * 60 + minutes) * 60_000);
  return at > now ? new Date(now.getTime() - (minutes + 1) * 1000) : at;
}
