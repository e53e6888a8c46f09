/**
 * The demo's delivery notes (SEED_DEMO=1; docs/decisions/185): recipients (each
 * customer account's own address and a few more), GB dispatch and invoice addresses looked up from
 * a table here instead of a geocoder, and transfer, scrap and error-sheet notes over the same six
 * weeks as the demo's receipts, pending and approved, whose e-mails read Read, Sent, Failed or N/A.
 *
 * Notes, recipients and addresses are made through the services a request uses. Approval goes
 * through a DeliveriesService WITHOUT mail hooks, so nothing is queued and no mail is ever sent; the
 * times (created, approved) and the e-mail outcomes are then written as the mail worker would have
 * written them (docs/decisions/185). Deterministic, like the inventory: the same notes every time,
 * with dates that follow today.
 */
import { count, eq, sql } from 'drizzle-orm';
import { deliveryCreateBody } from '@cooler-hub/contract/deliveries';
import { deliveryAddressCreateBody, searchTextOnly, type AddressTarget } from '@cooler-hub/contract/delivery-addresses';
import { deliveryEmailCreateBody } from '@cooler-hub/contract/delivery-emails';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { londonDay, londonDayStart } from '@cooler-hub/contract/london-time';
import type { Db } from './client';
import { demoActors, FIRST_LB, generator } from './demo-inventory';
import * as t from './schema';
import { addressFromNominatim, type Geocoder, type NominatimResult } from '../lib/geocoder';
import { DeliveriesService } from '../modules/deliveries/deliveries.service';
import { DeliveryAddressesService } from '../modules/delivery-addresses/delivery-addresses.service';
import { DeliveryEmailsService } from '../modules/delivery-emails/delivery-emails.service';

/** How many notes of each type, and how many of the oldest are approved (and the newest: outcomeOf). */
const PLAN: Record<DeliveryType, { count: number; approved: number }> = {
  transfer: { count: 30, approved: 22 },
  scrap: { count: 15, approved: 11 },
  error_sheet: { count: 8, approved: 5 },
};
const DAYS = 41;
const HOUR = 3_600_000;
const MINUTE = 60_000;

type DemoEmailStatus = 'Read' | 'Sent' | 'Failed' | 'N/A';
/** The e-mail outcomes of approved notes, oldest first; the newest note of each type was approved just now (N/A). */
const OUTCOMES: DemoEmailStatus[] = ['Read', 'Read', 'Sent', 'Read', 'Failed', 'Read', 'Sent'];

/**
 * What a Nominatim server answers for the demo's addresses (the customers' delivery and billing
 * addresses of seed.ts, and two depots), turned into stored fields by the real geocoder's mapping.
 * Coordinates are those of the real places, rounded.
 */
const PLACES: Record<string, NominatimResult> = {
  'Unit 7, Trafford Park Road, Manchester M17 1HG': place(118394021, 53.4667, -2.3226, {
    house_number: '7',
    road: 'Trafford Park Road',
    suburb: 'Trafford Park',
    city: 'Manchester',
    county: 'Greater Manchester',
    state: 'England',
    postcode: 'M17 1HG',
  }),
  'Albion House, 12 Deansgate, Manchester M3 2BW': place(118227730, 53.4838, -2.2458, {
    house_number: '12',
    road: 'Deansgate',
    city: 'Manchester',
    county: 'Greater Manchester',
    state: 'England',
    postcode: 'M3 2BW',
  }),
  'Unit 3, Stourton Link, Leeds LS10 1RW': place(121940567, 53.7664, -1.513, {
    house_number: '3',
    road: 'Stourton Link',
    suburb: 'Stourton',
    city: 'Leeds',
    county: 'West Yorkshire',
    state: 'England',
    postcode: 'LS10 1RW',
  }),
  '4 Bennet Road, Reading RG2 0QX': place(105583312, 51.4268, -0.9753, {
    house_number: '4',
    road: 'Bennet Road',
    town: 'Reading',
    county: 'Berkshire',
    state: 'England',
    postcode: 'RG2 0QX',
  }),
  'Longman Industrial Estate, Inverness IV1 1SU': place(132877104, 57.4874, -4.2168, {
    road: 'Longman Road',
    city: 'Inverness',
    county: 'Highland',
    state: 'Scotland',
    postcode: 'IV1 1SU',
  }),
  'Threemilestone Industrial Estate, Truro TR4 9LD': place(98820443, 50.262, -5.1052, {
    road: 'Radnor Road',
    village: 'Threemilestone',
    county: 'Cornwall',
    state: 'England',
    postcode: 'TR4 9LD',
  }),
  'Dairy House, Lemon Street, Truro TR1 2LS': place(98790125, 50.2607, -5.0535, {
    road: 'Lemon Street',
    city: 'Truro',
    county: 'Cornwall',
    state: 'England',
    postcode: 'TR1 2LS',
  }),
  'Walker Lines Industrial Estate, Bodmin PL31 1EZ': place(99104871, 50.4728, -4.6995, {
    road: 'Walker Lines',
    town: 'Bodmin',
    county: 'Cornwall',
    state: 'England',
    postcode: 'PL31 1EZ',
  }),
  'Cardiff Gate Business Park, Cardiff CF23 8RS': place(110456233, 51.5337, -3.1253, {
    road: 'Malthouse Avenue',
    suburb: 'Pontprennau',
    city: 'Cardiff',
    county: 'Cardiff',
    state: 'Wales',
    postcode: 'CF23 8RS',
  }),
  'Unit 12, Hillington Park, Glasgow G52 4JB': place(130318765, 55.8549, -4.3636, {
    house_number: '12',
    road: 'Montrose Avenue',
    suburb: 'Hillington',
    city: 'Glasgow',
    county: 'Glasgow City',
    state: 'Scotland',
    postcode: 'G52 4JB',
  }),
};
/** Depots some transfers go to instead of the customer's own yard. */
const DEPOTS = ['Cardiff Gate Business Park, Cardiff CF23 8RS', 'Unit 12, Hillington Park, Glasgow G52 4JB'];
/** Typed by a driver; no geocoder can place it, so it keeps only its search text (docs/product.md §4). */
const UNPLACED = 'Back yard of the Co-op, Fore Street, Bodmin';

function place(placeId: number, lat: number, lon: number, address: Record<string, string>): NominatimResult {
  const parts = [
    address.house_number,
    address.road,
    address.suburb ?? address.village,
    address.city ?? address.town,
    address.county,
    address.state,
    address.postcode,
  ];
  return {
    place_id: placeId,
    lat: lat.toFixed(4),
    lon: lon.toFixed(4),
    display_name: [...parts.filter(Boolean), 'United Kingdom'].join(', '),
    address: { ...address, country: 'United Kingdom' },
  };
}

/** The demo's "geocoder": answers from PLACES, never over the network. */
const tableGeocoder: Geocoder = {
  geocode: (searchText) =>
    Promise.resolve(PLACES[searchText] ? addressFromNominatim(searchText, PLACES[searchText]) : searchTextOnly(searchText)),
};

/** Other recipients than the accounts' own: the hub's transport desk, compliance, quality. */
const TRANSPORT = 'transport@coolerhub.example';
const COMPLIANCE = 'weee.compliance@coolerhub.example';
const QUALITY = 'quality@coolerhub.example';
/**
 * An account's address as someone mistyped it once (two letters swapped: logistics → loigstics) and
 * the search-select kept offering: the customer's mail server refuses it, so its notes read Failed.
 */
function mistype(address: string): string {
  const at = address.indexOf('@');
  if (at < 4) return `x${address}`;
  return address.slice(0, 2) + address[3] + address[2] + address.slice(4);
}
const bounce = (address: string) => `550 5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table`;

interface DemoReceipt {
  id: string;
  lbNumber: string;
  receiptDate: Date;
  accountId: number;
  processOption: string;
  processState: string | null;
}

/** Adds the demo's delivery notes once: nothing when any note exists, or without the demo's receipts. */
export async function seedDemoDeliveries(tx: Db, now = new Date()): Promise<void> {
  const [{ existing } = { existing: 0 }] = await tx.select({ existing: count() }).from(t.deliveries);
  if (existing > 0) return;
  const receipts = (await demoReceipts(tx)).sort((a, b) => a.receiptDate.getTime() - b.receiptDate.getTime());
  if (receipts.length === 0) return;
  const rand = generator(20261124);
  const actors = await demoActors(tx);
  const accounts = await tx
    .select({
      id: t.customerAccounts.id,
      name: t.customerAccounts.name,
      client: t.clients.name,
      deliveryAddress: t.customerAccounts.deliveryAddress,
      billingAddress: t.customerAccounts.billingAddress,
    })
    .from(t.customerAccounts)
    .innerJoin(t.clients, eq(t.clients.id, t.customerAccounts.clientId))
    .orderBy(t.customerAccounts.id);
  const ccCodes = new Map((await tx.select({ id: t.ccCodes.id, code: t.ccCodes.code }).from(t.ccCodes)).map((c) => [c.code, c.id]));

  // Recipients: each account's own address (as the create form adds it), and the others.
  const emails = new DeliveryEmailsService(tx);
  const other = async (address: string) => (await emails.create(actors[0]!, deliveryEmailCreateBody.parse({ email: address }))).row;
  const accountEmail = new Map<number, { own: number; mistyped: { id: number; email: string } }>();
  for (const account of accounts) {
    const found = await emails.forCustomerAccount(account.id).catch(() => undefined);
    if (found) accountEmail.set(account.id, { own: found.id, mistyped: await other(mistype(found.email)) });
  }
  const [transport, compliance, quality] = [(await other(TRANSPORT)).id, (await other(COMPLIANCE)).id, (await other(QUALITY)).id];

  // Addresses: the accounts' yards (dispatch) and head offices (invoice), two depots, one unplaced.
  const addresses = new DeliveryAddressesService(tx, tableGeocoder);
  const address = async (target: AddressTarget, text: string | null) =>
    text
      ? (await addresses.create(actors[0]!, deliveryAddressCreateBody.parse({ address: { searchText: text }, addressTarget: target })))
          .address.id
      : null;
  const dispatch = new Map<number, number | null>();
  const invoice = new Map<number, number | null>();
  for (const account of accounts) {
    dispatch.set(account.id, await address('dispatch', account.deliveryAddress));
    invoice.set(account.id, await address('invoice', account.billingAddress));
  }
  const depots = [await address('dispatch', DEPOTS[0]!), await address('dispatch', DEPOTS[1]!), await address('dispatch', UNPLACED)];

  // The notes of all three types in the order they were written, so ids grow with time.
  const planned = (Object.keys(PLAN) as DeliveryType[]).flatMap((type) =>
    Array.from({ length: PLAN[type].count }, (_, i) => ({ type, i, at: deliveryTime(now, type, i, rand.below(5 * 60)) })),
  );
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());

  const service = new DeliveriesService(tx); // no mail hooks: approving queues nothing
  const used = new Set<string>();
  for (const { type, i, at } of planned) {
    const size = i % 6 === 5 ? 10 + rand.below(16) : 1 + rand.below(8);
    const picked = pickReceipts(receipts, used, type, at, size, rand.below(1000));
    if (picked.length === 0) continue;
    if (type !== 'error_sheet') picked.forEach((r) => used.add(r.id));
    const account = accounts.find((a) => a.id === picked[0]!.accountId)!;
    const own = accountEmail.get(account.id);
    const recipients = recipientsOf(type, i, own, { transport, compliance, quality });
    const actor = rand.pick(actors);
    const delivery = await service.create(
      actor,
      deliveryCreateBody.parse({
        type,
        deliveryDay: londonDay(at),
        lbNumbers: picked.map((r) => r.lbNumber),
        emails: recipients,
        CCCode:
          ccCodes.get(
            type === 'scrap' ? 'CC400' : type === 'transfer' ? rand.pick(['CC100', 'CC100', 'CC200', 'CC300', 'CC500']) : 'CC100',
          ) ?? null,
        customerAccount: type === 'error_sheet' ? null : account.id,
        businessName: type === 'transfer' ? account.client : null,
        dispatchAddress: type === 'transfer' ? ((i % 7 === 3 ? depots[i % depots.length] : dispatch.get(account.id)) ?? null) : null,
        invoiceAddress: type === 'transfer' ? (invoice.get(account.id) ?? null) : null,
      }),
    );
    // The oldest are approved, but note 3 of each type was forgotten (still pending); the newest was approved just now.
    const approved = (i < PLAN[type].approved && i !== 3) || i === PLAN[type].count - 1;
    if (approved) await service.approve(rand.pick(actors), delivery.id);
    const bounced = own && recipients.includes(own.mistyped.id) ? own.mistyped.email : null;
    const outcome = approved ? outcomeOf(type, i, bounced !== null) : 'N/A';
    await backdate(tx, delivery.id, now, at, approved ? approvalTime(now, at, 30 + rand.below(150)) : null, outcome, bounced);
  }
}

/** The demo's receipts (LB4210000 onwards): other receipts are never put on a demo note. */
async function demoReceipts(tx: Db): Promise<DemoReceipt[]> {
  const rows = await tx
    .select({
      id: t.receipts.id,
      lbNumber: t.receipts.lbNumber,
      receiptDate: t.receipts.receiptDate,
      accountId: t.receipts.customerAccountId,
      processOption: t.receipts.processOption,
      processState: t.receipts.processState,
    })
    .from(t.receipts);
  return rows.filter((r) => {
    const n = Number(r.lbNumber.slice(2));
    return n >= FIRST_LB && n < FIRST_LB + 100_000;
  });
}

/**
 * Up to `size` receipts of one customer account received before `at`, oldest first: a transfer
 * takes refurbished coolers (X, or D short of D5), a scrap those marked S, both only LBs on no other
 * transfer or scrap note; an error sheet any.
 */
function pickReceipts(receipts: DemoReceipt[], used: Set<string>, type: DeliveryType, at: Date, size: number, salt: number): DemoReceipt[] {
  const fits = (r: DemoReceipt) => {
    if (r.receiptDate >= at) return false;
    if (type === 'error_sheet') return true;
    if (used.has(r.id)) return false;
    return type === 'scrap' ? r.processOption === 'S' : r.processOption === 'X' || (r.processOption === 'D' && r.processState !== 'D5');
  };
  const candidates = receipts.filter(fits);
  if (candidates.length === 0) return [];
  const accountIds = [...new Set(candidates.map((r) => r.accountId))].sort((a, b) => a - b);
  const accountId = accountIds[salt % accountIds.length]!;
  const ofAccount = candidates.filter((r) => r.accountId === accountId);
  // An error sheet lists a few recent receipts with a problem, not the oldest ones.
  return type === 'error_sheet' ? ofAccount.slice(-Math.min(size, 6)) : ofAccount.slice(0, size);
}

/** The account's own address on transfers and scraps, which copy in the transport desk or compliance; error sheets go to quality. */
function recipientsOf(
  type: DeliveryType,
  i: number,
  account: { own: number; mistyped: { id: number } } | undefined,
  ids: { transport: number; compliance: number; quality: number },
): number[] {
  if (type === 'error_sheet') return [ids.quality];
  // The mistyped address stood in for the account's own on a few notes (their mail bounced).
  const first = OUTCOMES[i % OUTCOMES.length] === 'Failed' ? account?.mistyped.id : account?.own;
  // A transfer always has a recipient (docs/product.md §5.4 'Email is missed'): the transport desk when in doubt.
  const list = [first, type === 'transfer' ? (i % 2 === 0 || first === undefined ? ids.transport : undefined) : ids.compliance];
  return list.filter((id): id is number => id !== undefined);
}

/** Approved notes: the pattern of OUTCOMES; the one approved just now is still in the queue (N/A). */
function outcomeOf(type: DeliveryType, i: number, bounces: boolean): DemoEmailStatus {
  if (i === PLAN[type].count - 1) return 'N/A';
  if (bounces) return 'Failed';
  const outcome = OUTCOMES[i % OUTCOMES.length]!;
  return outcome === 'Failed' ? 'Sent' : outcome;
}

/** Note i of its type: spread evenly over the six weeks, oldest first, written 10:00–15:00 London time. */
function deliveryTime(now: Date, type: DeliveryType, i: number, minutes: number): Date {
  const { count } = PLAN[type];
  const daysAgo = Math.round(DAYS - 2 - ((DAYS - 2) * i) / Math.max(1, count - 1));
  const day = londonDay(new Date(now.getTime() - daysAgo * 86_400_000));
  const at = new Date(londonDayStart(day).getTime() + 10 * HOUR + minutes * MINUTE);
  return at > now ? new Date(now.getTime() - (minutes + 5) * MINUTE) : at;
}

/** Approved `minutes` after it was written (the same working day), never after now. */
function approvalTime(now: Date, createdAt: Date, minutes: number): Date {
  const at = new Date(createdAt.getTime() + minutes * MINUTE);
  return at > now ? new Date(Math.max(createdAt.getTime() + MINUTE, now.getTime() - MINUTE)) : at;
}

/**
 * The note's real times, and its e-mail's outcome as the mail worker records it: accepted a minute
 * after approval, opened a few hours later, or refused for good with the mail server's words.
 */
async function backdate(
  tx: Db,
  id: number,
  now: Date,
  createdAt: Date,
  approvedAt: Date | null,
  outcome: DemoEmailStatus,
  bounced: string | null,
): Promise<void> {
  const sentAt = approvedAt ? new Date(Math.min(approvedAt.getTime() + MINUTE, now.getTime())) : null;
  // Opened within the next couple of hours.
  const viewedAt = sentAt ? new Date(Math.min(sentAt.getTime() + (20 + (id % 7) * 17) * MINUTE, now.getTime())) : null;
  await tx
    .update(t.deliveries)
    .set({
      createdAt,
      updatedAt: approvedAt ?? createdAt,
      approvedAt,
      emailDeliveredAt: outcome === 'Read' || outcome === 'Sent' ? sentAt : null,
      emailViewedAt: outcome === 'Read' ? viewedAt : null,
      emailFailedAt: outcome === 'Failed' ? sentAt : null,
      // Only notes addressed to a mistyped recipient bounce (outcomeOf).
      emailFailureReason: outcome === 'Failed' && bounced ? bounce(bounced) : null,
    })
    .where(eq(t.deliveries.id, id));
  // The lines were added when the note was written.
  await tx
    .update(t.deliveryLines)
    .set({ createdAt })
    .where(sql`${t.deliveryLines.deliveryId} = ${id}`);
}
