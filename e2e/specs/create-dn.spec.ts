/**
 * Create Delivery Note / Create Error Sheet (/create-dn, docs/product.md §2.13, §4, §9)
 * as a new user does it: each type through Manual; a transfer through Scan with Chromium's fake
 * camera fed a Code 128 video the test writes; the same with a keyboard-wedge scanner at 20 scans a
 * second (none lost, none doubled); an unknown LB and an LB already on another note flagged in the
 * list at once; the draft kept over a reload. Receipts and the "other" note are seeded through the API.
 */
import type { Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { expect, expectAccessible, test, type Api } from '../support/fixtures';
import {
  createClient,
  createCustomerAccount,
  createDeliveryEmail,
  receiptWorld,
  scrapped,
  seedLbNumbers,
  unique,
  uniqueLbNumber,
  type ReceiptWorld,
} from '../support/seed';
import { openWithFakeCamera } from '../support/scan-camera';
import { scan } from '../support/scanner';
import { writeBarcodeY4m } from '../support/y4m';

const SCAN_TIMEOUT = 25_000;

const TYPE_LABELS: Record<DeliveryType, string> = { transfer: 'Transfer', scrap: 'Scrap', error_sheet: 'Error sheet' };

async function chooseType(page: Page, type: DeliveryType) {
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: TYPE_LABELS[type] });
}

async function pick(page: Page, label: string, text: string, search = text) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: text }).first().click();
}

/** What a transfer needs: its customer, a recipient, the business name and both addresses typed. */
interface TransferPrep {
  account: string;
  email: string;
  businessName: string;
  dispatch: string;
  invoice: string;
}

async function fillTransfer(page: Page, prep: TransferPrep) {
  await pick(page, 'Customer (Asset owner)', prep.account);
  await pick(page, 'Email recipients', prep.email);
  await expect(page.getByText(prep.email, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Business name (Invoice to)' }).fill(prep.businessName);
  for (const [label, text] of [
    ['Dispatch address', prep.dispatch],
    ['Invoice address', prep.invoice],
  ] as const) {
    const box = page.getByRole('combobox', { name: label, exact: true });
    await box.fill(text);
    await box.press('Tab');
  }
}

async function transferPrep(admin: Api, world: ReceiptWorld): Promise<TransferPrep> {
  const email = await createDeliveryEmail(admin);
  return {
    account: world.account.name,
    email: email.email,
    businessName: unique('Acme Cold Chain '),
    dispatch: unique('1 Dock Road, Leeds '),
    invoice: unique('9 Bank Street, York '),
  };
}

/** Opens the preparation of a note of `type`; `fill` completes its fields; then Scan or Manual. */
async function prepare(page: Page, type: DeliveryType, next: 'Scan' | 'Manual', fill?: () => Promise<void>) {
  await page.goto('/#/create-dn');
  await chooseType(page, type);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(type === 'error_sheet' ? 'Create Error Sheet' : 'Create Delivery Note');
  if (fill) await fill();
  await page.getByRole('button', { name: next, exact: true }).click();
  await expect(page).toHaveURL(next === 'Scan' ? /#\/create-dn\/scan$/ : /#\/create-dn\/preview$/);
}

async function newestNote(admin: Api, type: DeliveryType): Promise<Delivery> {
  const list = await admin.get<{ items: { id: number }[] }>(`/api/deliveries/${type}_list?order[id]=desc`);
  return admin.get<Delivery>(`/api/deliveries/${list.items[0]!.id}`);
}

async function expectTransfer(admin: Api, prep: TransferPrep, lbNumbers: string[]) {
  const note = await newestNote(admin, 'transfer');
  expect(note.lbNumbers).toEqual(lbNumbers);
  expect(note.customerAccount?.name).toBe(prep.account);
  expect(note.emails.map((e) => e.email)).toContain(prep.email);
  expect(note.businessName).toBe(prep.businessName);
  expect(note.dispatchAddress?.address.searchText).toBe(prep.dispatch);
  expect(note.invoiceAddress?.address.searchText).toBe(prep.invoice);
  return note;
}

function rows(page: Page) {
  return page.getByRole('list', { name: 'LB numbers' }).getByRole('listitem');
}

function row(page: Page, lb: string) {
  return page.getByRole('list', { name: 'LB numbers' }).getByRole('listitem').filter({ hasText: lb });
}

async function typeLb(page: Page, lb: string) {
  const field = page.getByRole('textbox', { name: 'LB Number' });
  await field.fill(lb);
  await field.press('Enter');
}

test('a transfer through Manual: the preparation gates Scan and Manual, typed addresses are stored first', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const [a, b] = await seedLbNumbers(admin, world, 2);
  const prep = await transferPrep(admin, world);
  await page.goto('/#/create-dn');
  await chooseType(page, 'transfer');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Delivery Note' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manual', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeDisabled();
  await expect(page.getByText('To go on, fill in: Customer (Asset owner), Email recipients.')).toBeVisible();
  await fillTransfer(page, prep);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Manual', exact: true }).click();
  await expect(page).toHaveURL(/#\/create-dn\/preview$/);

  // The preparation, read-only, with a way back that keeps it.
  await expect(page.getByText(prep.businessName)).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Business name (Invoice to)' })).toHaveValue(prep.businessName);
  await page.getByRole('button', { name: 'Manual', exact: true }).click();

  const complete = page.getByRole('button', { name: 'Complete delivery note' });
  await expect(complete).toBeDisabled();
  await typeLb(page, a!);
  await typeLb(page, b!);
  await expect(page.locator('li[data-tone="ok"]')).toHaveCount(2);
  await expectAccessible(page);
  await complete.click();
  await expect(page.getByText('Delivery successfully created')).toBeVisible();
  await expect(page).toHaveURL(/#\/delivery-list\/transfer$/);
  await expectTransfer(admin, prep, [a!, b!]);

  // The draft is gone: a new note starts empty, of the type last chosen.
  await page.goto('/#/create-dn/preview');
  await expect(page).toHaveURL(/#\/create-dn$/);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('transfer');
  await expect(page.getByRole('textbox', { name: 'Business name (Invoice to)' })).toHaveValue('');
});

test('a scrap through Manual, its type preset and remembered', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const [lb] = await seedLbNumbers(admin, world, 1, scrapped(world));
  await prepare(page, 'scrap', 'Manual', async () => {
    await expect(page.getByRole('textbox', { name: 'Business name (Invoice to)' })).toHaveCount(0);
    await pick(page, 'Customer (Asset owner)', world.account.name);
  });
  await typeLb(page, lb!);
  await expect(page.locator('li[data-tone="ok"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Complete delivery note' }).click();
  await expect(page).toHaveURL(/#\/delivery-list\/scrap$/);
  const note = await newestNote(admin, 'scrap');
  expect(note.lbNumbers).toEqual([lb]);
  expect(note.customerAccount?.name).toBe(world.account.name);

  // Remembered in this browser (docs/product.md §4).
  await page.goto('/#/main');
  await page.goto('/#/create-dn');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('scrap');
  // A list presets the type through navigation state (docs/product.md §2.1) with its create button.
  await page.goto('/#/error-sheet');
  await page.getByRole('link', { name: 'Create error sheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Error Sheet' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('error_sheet');
  await page.goto('/#/delivery-list/transfer');
  await page.getByRole('link', { name: 'Create delivery note' }).click();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('transfer');
});

test('an error sheet through Manual: rows typed and removed, completed, listed', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const [a, b] = await seedLbNumbers(admin, world, 2);
  await prepare(page, 'error_sheet', 'Manual');
  const complete = page.getByRole('button', { name: 'Complete error sheet' });
  await expect(complete).toBeDisabled();

  await typeLb(page, a!);
  await typeLb(page, b!);
  await typeLb(page, a!.toLowerCase()); // the same code again: not added twice
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, b!)).toHaveAttribute('data-tone', 'ok');
  await page.getByRole('button', { name: `Remove ${b}` }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/#\/create-dn\/preview$/); // Enter submitted nothing
  await expectAccessible(page);

  await complete.click();
  await expect(page.getByText('Delivery successfully created')).toBeVisible();
  await expect(page).toHaveURL(/#\/error-sheet$/);
  expect((await newestNote(admin, 'error_sheet')).lbNumbers).toEqual([a]);
});

test('an unknown LB and an LB already on another note are flagged in the list at once', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const [onScrap, free] = await seedLbNumbers(admin, world, 2, scrapped(world));
  const scrap = await admin.post<Delivery>('/api/deliveries', {
    type: 'scrap',
    deliveryDay: '2026-01-05',
    customerAccount: world.account.id,
    lbNumbers: [onScrap],
  });
  const unknown = uniqueLbNumber();

  await prepare(page, 'error_sheet', 'Scan');
  // An error sheet may hold an LB that is on a scrap note: nothing flagged for that.
  await typeLb(page, onScrap!);
  await expect(row(page, onScrap!)).toHaveAttribute('data-tone', 'ok');
  await page.getByRole('link', { name: 'Back' }).click();
  await chooseType(page, 'scrap');
  await pick(page, 'Customer (Asset owner)', world.account.name);
  await page.getByRole('button', { name: 'Scan', exact: true }).click();

  // As a scrap note, the same list is checked again.
  await expect(row(page, onScrap!)).toHaveAttribute('data-tone', 'flagged');
  await expect(row(page, onScrap!)).toContainText(`This LB number is already on scrap delivery note ${scrap.id}.`);
  await typeLb(page, unknown);
  await typeLb(page, free!);
  await typeLb(page, 'XYZ1');
  await expect(row(page, unknown)).toContainText('No receipt has this LB number.');
  await expect(row(page, unknown)).toHaveAttribute('data-tone', 'flagged');
  await expect(row(page, 'XYZ1')).toContainText('Wrong Lb number');
  await expect(row(page, free!)).toHaveAttribute('data-tone', 'ok');
  await expect(page.getByText('3 flagged')).toBeVisible();
  await expectAccessible(page);

  // The draft survives a reload of the step.
  await page.reload();
  await expect(rows(page)).toHaveCount(4);
  await expect(row(page, unknown)).toHaveAttribute('data-tone', 'flagged');

  // Completing anyway: the server's refusal lands on the rows it names.
  await page.getByRole('link', { name: 'Preview delivery note' }).click();
  await page.getByRole('button', { name: 'Complete delivery note' }).click();
  await expect(page.getByRole('alert')).toContainText(/\d LB numbers? cannot go on this note: remove or correct the flagged rows\./);
  await expect(row(page, 'XYZ1')).toContainText('Wrong Lb number');
  await expect(page).toHaveURL(/#\/create-dn\/preview$/);
  for (const lb of [onScrap!, unknown, 'XYZ1']) await page.getByRole('button', { name: `Remove ${lb}` }).click();
  await page.getByRole('button', { name: 'Complete delivery note' }).click();
  await expect(page).toHaveURL(/#\/delivery-list\/scrap$/);
  expect((await newestNote(admin, 'scrap')).lbNumbers).toEqual([free]);
});

test("each line shows its receipt; another customer's or an ill-fitting receipt asks to be accepted, never blocks; a tag scanned twice says so", async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const other = await createCustomerAccount(admin, {
    name: unique('Metro Cafes '),
    client: await createClient(admin, unique('Other client ')),
  });
  const [own] = await seedLbNumbers(admin, world, 1);
  const [foreign] = await seedLbNumbers(admin, world, 1, { customerAccount: other.id });
  const [forScrap] = await seedLbNumbers(admin, world, 1, scrapped(world));
  const prep = await transferPrep(admin, world);
  await prepare(page, 'transfer', 'Scan', () => fillTransfer(page, prep));
  for (const lb of [own!, foreign!, forScrap!]) await typeLb(page, lb);

  const receiptLine = (lb: string) => row(page, lb).getByTestId('lb-row-receipt');
  await expect(row(page, own!)).toHaveAttribute('data-tone', 'ok');
  await expect(receiptLine(own!)).toContainText(world.account.name);
  await expect(receiptLine(foreign!)).toContainText(other.name);
  await expect(row(page, foreign!)).toHaveAttribute('data-tone', 'attention');
  await expect(row(page, foreign!)).toContainText(`Received for another customer: ${other.name}.`);
  await expect(row(page, forScrap!)).toHaveAttribute('data-tone', 'attention');
  await expect(row(page, forScrap!)).toContainText('Process option S does not fit a transfer note.');
  await expect(page.getByText('2 to check')).toBeVisible();
  await page.getByRole('button', { name: `Accept the warning on ${foreign}` }).click();
  await expect(row(page, foreign!)).toHaveAttribute('data-tone', 'ok');
  await expect(row(page, foreign!)).toContainText(`Accepted: Received for another customer: ${other.name}.`);
  await expect(page.getByText('1 to check')).toBeVisible();

  // The same tag again: one row, and the field says why nothing was added.
  await typeLb(page, own!);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText(`${own}: This LB number is already on this note.`)).toBeVisible();
  await expectAccessible(page);

  // A line's serial links to its cooler page; the draft is kept, so coming back shows the same lines.
  const cooler = (await admin.get<ListResponse<Receipt>>(`/api/receipts?lbNumber=${own}`)).items[0]!.inventoryItem;
  const serialLink = receiptLine(own!).getByRole('link', { name: cooler.serialNumber, exact: true });
  await expect(serialLink).toHaveAttribute('href', `#/coolers/${cooler.id}`);
  await serialLink.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(cooler.serialNumber) })).toBeVisible();
  await page.goBack();
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, own!)).toHaveAttribute('data-tone', 'ok');

  // The preview shows the same lines, the acceptance kept; a warning does not stop the note.
  await page.getByRole('link', { name: 'Preview delivery note' }).click();
  await expect(receiptLine(own!)).toContainText(world.account.name);
  await expect(row(page, foreign!)).toHaveAttribute('data-tone', 'ok');
  await expect(row(page, forScrap!)).toHaveAttribute('data-tone', 'attention');
  await page.getByRole('button', { name: 'Complete delivery note' }).click();
  await expect(page).toHaveURL(/#\/delivery-list\/transfer$/);
  await expectTransfer(admin, prep, [own!, foreign!, forScrap!]);
});

test('a transfer with a Bluetooth wedge scanner, 50 tags at 20 a second: exactly 50 rows, in order, none flagged; the preview field takes a scan too', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const all = await seedLbNumbers(admin, world, 51);
  const lbs = all.slice(0, 50);
  const last = all[50]!;
  const prep = await transferPrep(admin, world);
  await prepare(page, 'transfer', 'Scan', () => fillTransfer(page, prep));
  const field = page.getByRole('textbox', { name: 'LB Number' });
  await expect(field).toBeFocused();

  // Keys 7.5–30 ms apart with a 60 ms stall in one code of ten (support/keystroke-timing.ts); a code
  // is triggered every 50 ms, or straight after the previous one's Enter when it is still typing.
  for (const [i, lb] of lbs.entries()) await scan(page, lb, { profile: 'bluetooth', startAt: i === 0 ? undefined : 50 });
  await scan(page, lbs[3]!, { profile: 'bluetooth', startAt: 50 }); // the same tag again
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page)).toHaveText(lbs.map((lb) => new RegExp(lb)));
  await expect(page.locator('li[data-tone="ok"]')).toHaveCount(50);
  await expect(page.locator('li[data-tone="flagged"]')).toHaveCount(0);
  await expect(field).toHaveValue('');
  // docs/product.md §9: the scanned list scrolls beyond 360 px; the newest row is in view.
  const height = await page.getByTestId('lb-rows-scroll').evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(360);
  await expect(row(page, lbs[49]!)).toBeInViewport();
  // A row removed by a click: the focus goes back to the field, so the next scan is not lost.
  await page.getByRole('button', { name: `Remove ${lbs[49]}` }).click();
  await expect(rows(page)).toHaveCount(49);
  await expect(field).toBeFocused();
  await scan(page, lbs[49]!);
  await expect(rows(page)).toHaveCount(50);
  // A click on the page's empty space (the heading) leaves no control focused: the field takes the
  // focus back, so a scan then still lands.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(field).toBeFocused();
  await page.getByRole('button', { name: `Remove ${lbs[49]}` }).click();
  await page.getByRole('heading', { level: 1 }).click();
  await scan(page, lbs[49]!);
  await expect(rows(page)).toHaveCount(50);

  await page.getByRole('link', { name: 'Preview delivery note' }).click();
  await expect(page).toHaveURL(/#\/create-dn\/preview$/);
  await expect(rows(page)).toHaveCount(50);
  // The preview's LB field: a scan over half-typed text adds the code, not the text plus the code.
  const previewField = page.getByRole('textbox', { name: 'LB Number' });
  await previewField.fill('LB1');
  await scan(page, last, { profile: 'busy' });
  await expect(rows(page)).toHaveCount(51);
  await expect(row(page, last)).toBeVisible();
  await expect(previewField).toHaveValue('');
  await page.getByRole('button', { name: 'Complete delivery note' }).click();
  await expect(page).toHaveURL(/#\/delivery-list\/transfer$/);
  await expectTransfer(admin, prep, all);
});

test('a transfer through Scan: a tag in front of the camera is added once, the note completed', async ({ admin }, testInfo) => {
  test.slow();
  const world = await receiptWorld(admin);
  const [lb] = await seedLbNumbers(admin, world, 1);
  const prep = await transferPrep(admin, world);
  const video = writeBarcodeY4m(testInfo.outputPath('lb-tag.y4m'), { bcid: 'code128', text: lb! });
  const session = await openWithFakeCamera(testInfo, video, admin.token);
  try {
    const { page } = session;
    await prepare(page, 'transfer', 'Scan', () => fillTransfer(page, prep));
    await expect(page.getByText('Scanning: hold the barcode inside the frame.')).toBeVisible({ timeout: SCAN_TIMEOUT });
    await expect(row(page, lb!)).toHaveAttribute('data-tone', 'ok', { timeout: SCAN_TIMEOUT });
    // The camera keeps reading the same tag: it stays one row.
    await page.waitForTimeout(1500);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('link', { name: 'Preview delivery note' }).click();
    await page.getByRole('button', { name: 'Complete delivery note' }).click();
    await expect(page).toHaveURL(/#\/delivery-list\/transfer$/);
    await expectTransfer(admin, prep, [lb!]);
  } finally {
    await session.close();
  }
});
