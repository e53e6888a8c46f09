/**
 * The floor with the network gone (docs/decisions/270): receipts (with the coolers they add)
 * and a delivery note made offline are kept on this device, shown as kept, never as saved, and sent
 * when the network returns — each once, in the order made — also with two tabs open, and after the
 * tab was closed in the middle of the sync. A write the server refuses shows the server's sentence
 * and is fixed and sent again. Scans are typed at the Bluetooth scanner's timing.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Delivery, DeliveryListItem } from '@cooler-hub/contract/deliveries';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { expect, test, type Api } from '../support/fixtures';
import { lbBox, pickOption, serialBox } from '../support/receipt-form';
import { createPartNumber, receiptWorld, seedLbNumbers, unique, uniqueLbNumber, type ReceiptWorld } from '../support/seed';
import { scan } from '../support/scanner';

// The app shell's service worker is what these tests are about (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const receiveNext = (page: Page) => page.getByRole('button', { name: 'Create and receive next' });
const justCreated = (page: Page) => page.getByRole('region', { name: 'Receipt just created' });
const badge = (page: Page) => page.getByTestId('outbox-badge');

/**
 * The writes of a page the server answered, in the order they were sent: 'cooler <id>',
 * 'receipt <id>', 'delivery <key>'. A send that got no answer (the network gone) is not one.
 */
function writesOf(page: Page, into: string[] = []): string[] {
  page.on('requestfinished', (request: Request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    const body = request.postDataJSON() as { id?: string; clientKey?: string } | null;
    if (path === '/api/coolers') into.push(`cooler ${body?.id}`);
    if (path === '/api/receipts') into.push(`receipt ${body?.id}`);
    if (path === '/api/deliveries') into.push(`delivery ${body?.clientKey}`);
  });
  return into;
}

/** A serial whose digits read as a date of manufacture (the cooler form fills it from them). */
const newSerial = () => unique('OFF-20190614-');

/** Online: one receipt by hand, so this device has seen the account, supplier, point and part number, and the defaults are set. */
async function firstReceiptOnline(page: Page, world: ReceiptWorld, part: PartNumber) {
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeVisible({ timeout: 20_000 });
  await expect(serialBox(page)).toBeFocused();
  await scan(page, newSerial());
  await pickOption(page, 'Part Number', part.partNumber);
  await page.getByRole('button', { name: 'Add item and continue' }).click();
  await expect(lbBox(page)).toBeFocused();
  await lbBox(page).fill(uniqueLbNumber());
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Collection point' }).check();
  await pickOption(page, 'Collection point', world.collectionPoint.name);
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
  await receiveNext(page).click();
  await expect(justCreated(page)).toContainText('Created');
}

/** Offline: a new serial scanned, its cooler added with the part number this device knows, the LB tag scanned, 'Create and receive next'. */
async function receiveOffline(page: Page, part: PartNumber, lb: string): Promise<string> {
  const serial = newSerial();
  await expect(serialBox(page)).toBeFocused();
  await scan(page, serial);
  await pickOption(page, 'Part Number', part.partNumber);
  await page.getByRole('button', { name: 'Add item and continue' }).click();
  await expect(lbBox(page)).toBeFocused();
  await scan(page, lb);
  await expect(receiveNext(page)).toBeFocused();
  await receiveNext(page).click();
  await expect(justCreated(page)).toContainText(`Kept on this device, not yet on the server: ${lb} for serial ${serial}`);
  return serial;
}

async function coolersWithSerial(admin: Api, serial: string): Promise<Cooler[]> {
  return (await admin.get<ListResponse<Cooler>>(`/api/coolers?page=1&serialNumber=${encodeURIComponent(serial)}`)).items.filter(
    (c) => c.serialNumber === serial,
  );
}

async function receiptsWithLb(admin: Api, lb: string): Promise<Receipt[]> {
  return (await admin.get<ListResponse<Receipt>>(`/api/receipts?page=1&lbNumber=${lb}`)).items.filter((r) => r.lbNumber === lb);
}

async function errorSheetsHolding(admin: Api, lb: string): Promise<number[]> {
  const list = await admin.get<ListResponse<DeliveryListItem>>('/api/deliveries/error_sheet_list?page=1');
  const ids: number[] = [];
  for (const item of list.items) {
    const note = await admin.get<Delivery>(`/api/deliveries/${item.id}`);
    if (note.lbNumbers.includes(lb)) ids.push(note.id);
  }
  return ids;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
}

test('a shift offline: 20 receipts with their coolers and a 200-line note, reloaded offline, then sent once each, in order, with a second tab open', async ({
  adminPage: page,
  admin,
  context,
}) => {
  test.setTimeout(1_200_000);
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const seeded = await seedLbNumbers(admin, world, 180);
  const writes = writesOf(page);
  await firstReceiptOnline(page, world, part);
  // A second tab of the same person, open on the list of what waits.
  const second = await context.newPage();
  writesOf(second, writes);
  await second.goto('/#/outbox');
  await expect(second.getByRole('heading', { level: 1, name: 'Waiting to send' })).toBeVisible();
  writes.length = 0;
  // The person works in the first tab; the second stays open behind it.
  await page.bringToFront();

  await goOffline(context, page);
  const lbs: string[] = [];
  const serials: string[] = [];
  for (let i = 0; i < 20; i++) {
    const lb = uniqueLbNumber();
    lbs.push(lb);
    serials.push(await receiveOffline(page, part, lb));
  }
  await expect(badge(page)).toHaveText('40 waiting');

  // The note: an error sheet of the 180 seeded tags and the 20 just received, scanned at the step.
  await page.goto('/#/create-dn');
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Error sheet' });
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(/#\/create-dn\/scan$/);
  const noteLbs = [...seeded, ...lbs];
  await expect(page.getByRole('textbox', { name: 'LB Number' })).toBeFocused();
  for (const lb of noteLbs) await scan(page, lb, { profile: 'bluetooth' });
  const rows = page.getByRole('list', { name: 'LB numbers' }).getByRole('listitem');
  await expect(rows).toHaveCount(200, { timeout: 60_000 });
  await expect(rows.first()).toContainText('To be checked');

  // The page reloaded with the network still gone: the shell opens and the draft is there.
  await page.reload();
  await expect(rows).toHaveCount(200, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Preview delivery note' }).click();
  await page.getByRole('button', { name: 'Complete error sheet' }).click();
  await expect(page).toHaveURL(/#\/outbox$/);
  await expect(badge(page)).toHaveText('41 waiting');
  await expect(page.getByText('Error Sheet with 200 LB numbers')).toBeVisible();
  expect(writes).toEqual([]);
  for (const lb of lbs.slice(0, 3)) expect(await receiptsWithLb(admin, lb)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-summary')).toHaveText('0 waiting, 0 refused, 41 sent.', { timeout: 120_000 });
  await expect(second.getByTestId('outbox-summary')).toHaveText('0 waiting, 0 refused, 41 sent.');

  // Each write left once, across both tabs, in the order it was made.
  const expected: string[] = [];
  for (const lb of lbs) {
    const [r] = await receiptsWithLb(admin, lb);
    expect(r, lb).toBeDefined();
    expected.push(`cooler ${r!.inventoryItem.id}`, `receipt ${r!.id}`);
  }
  expect(writes.slice(0, 40)).toEqual(expected);
  expect(writes).toHaveLength(41);
  expect(writes[40]).toMatch(/^delivery [0-9a-f-]{36}$/);
  for (const [i, serial] of serials.entries()) {
    expect(await coolersWithSerial(admin, serial), serial).toHaveLength(1);
    expect(await receiptsWithLb(admin, lbs[i]!)).toHaveLength(1);
  }
  const holders = await errorSheetsHolding(admin, lbs[0]!);
  expect(holders).toHaveLength(1);
  expect((await admin.get<Delivery>(`/api/deliveries/${holders[0]}`)).lbNumbers).toEqual(noteLbs);
  console.log(
    `outbox counts: ${writes.filter((w) => w.startsWith('cooler')).length} coolers, ${writes.filter((w) => w.startsWith('receipt')).length} receipts, 1 note of ${noteLbs.length} lines; sent once each`,
  );
});

test('the tab closed in the middle of the sync: opened again, nothing is lost and nothing doubled', async ({
  adminPage: page,
  admin,
  context,
}) => {
  test.setTimeout(300_000);
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  await firstReceiptOnline(page, world, part);
  await goOffline(context, page);
  const lbs: string[] = [];
  for (let i = 0; i < 6; i++) {
    lbs.push(uniqueLbNumber());
    await receiveOffline(page, part, lbs.at(-1)!);
  }
  // The fourth receipt reaches the server, but the tab is closed before its answer comes back.
  let receiptsSeen = 0;
  let reached!: () => void;
  const fourthSent = new Promise<void>((resolve) => (reached = resolve));
  await page.route('**/api/receipts', async (route) => {
    receiptsSeen += 1;
    if (receiptsSeen !== 4) return route.continue();
    const answer = await route.fetch();
    reached();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.fulfill({ response: answer }).catch(() => undefined);
  });
  await context.setOffline(false);
  await fourthSent;
  await page.close();

  const again = await context.newPage();
  const writes = writesOf(again);
  await again.goto('/#/outbox');
  await expect(again.getByTestId('outbox-summary')).toHaveText('0 waiting, 0 refused, 12 sent.', { timeout: 60_000 });
  for (const lb of lbs) expect(await receiptsWithLb(admin, lb), lb).toHaveLength(1);
  // Only what had no answer went again: the fourth receipt (answered as already made) and what came after it.
  expect(writes.filter((w) => w.startsWith('receipt'))).toHaveLength(3);
});

test('a receipt the server refuses shows its sentence, is fixed with another LB number and sent; sign-out warns while something waits', async ({
  adminPage: page,
  admin,
  context,
}) => {
  test.setTimeout(240_000);
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const [taken] = await seedLbNumbers(admin, world, 1);
  await firstReceiptOnline(page, world, part);
  await goOffline(context, page);
  const okLb = uniqueLbNumber();
  await receiveOffline(page, part, taken!);
  await receiveOffline(page, part, okLb);

  // Signing out with items waiting warns first.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('dialog', { name: 'Items not yet sent' })).toContainText(
    '4 items made on this device have not reached the server.',
  );
  await page.getByRole('link', { name: 'See them' }).click();
  await expect(page).toHaveURL(/#\/outbox$/);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-summary')).toHaveText('0 waiting, 1 refused, 3 sent.', { timeout: 60_000 });
  const refused = page.locator('li[data-status="refused"]');
  await expect(refused).toContainText(`Receipt ${taken}`);
  await expect(refused.getByTestId('refusal')).toHaveText('lbNumber: This value is already used.');
  // The receipt behind it was not held back.
  expect(await receiptsWithLb(admin, okLb)).toHaveLength(1);

  const fixed = uniqueLbNumber();
  await refused.getByRole('textbox', { name: 'Another LB number' }).fill(fixed);
  await refused.getByRole('button', { name: 'Resend with this LB number' }).click();
  await expect(page.getByTestId('outbox-summary')).toHaveText('0 waiting, 0 refused, 4 sent.', { timeout: 30_000 });
  expect(await receiptsWithLb(admin, fixed)).toHaveLength(1);
  expect(await receiptsWithLb(admin, taken!)).toHaveLength(1);
});

test('offline, an LB scan is taken at once and never holds back the next scan: the server cannot be asked whether the tag is taken', async ({
  adminPage: page,
  admin,
  context,
}) => {
  test.setTimeout(120_000);
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  await firstReceiptOnline(page, world, part);
  await goOffline(context, page);
  await expect(serialBox(page)).toBeFocused();
  await scan(page, newSerial());
  await pickOption(page, 'Part Number', part.partNumber);
  await page.getByRole('button', { name: 'Add item and continue' }).click();
  await expect(lbBox(page)).toBeFocused();
  await scan(page, uniqueLbNumber());
  await expect(receiveNext(page)).toBeFocused();
  // The wrong tag was scanned: the person goes back to LB Number and scans the right one, with the form left open.
  const right = uniqueLbNumber();
  await lbBox(page).focus();
  await scan(page, right);
  await expect(lbBox(page)).toHaveValue(right);
  await expect(receiveNext(page)).toBeFocused();
});
