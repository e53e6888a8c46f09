/**
 * Create Delivery Note / Create Error Sheet (/create-dn, spec 2.13, 4, 9; issue 9 items 1, 3, 4, 12)
 * as a new user does it: each type through Manual; a transfer through Scan with Chromium's fake
 * camera fed a Code 128 video the test writes; the same with a keyboard-wedge scanner at 20 scans a
 * second (none lost, none doubled); an unknown LB and an LB already on another note flagged in the
 * list at once; the draft kept over a reload. Receipts and the "other" note are seeded through the API.
 */
import type { Page } from '@playwright/test';
import type { Delivery, DeliveryType } from '@cooler-hub/contract/deliveries';
import { expect, expectAccessible, test, type Api } from '../support/fixtures';
import { receiptReferenceData, receiptScan, receiptSeed, type ReceiptReferenceData } from '../support/receipt-data';
import { openWithFakeCamera } from '../support/scan-camera';
import { uniqueLbNumber } from '../support/scan-receipts';
import { writeBarcodeY4m } from '../support/y4m';

const SCAN_TIMEOUT = 25_000;

async function seedLbNumbers(admin: Api, ref: ReceiptReferenceData, count: number): Promise<string[]> {
  const lbs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const lbNumber = uniqueLbNumber();
    await receiptSeed(admin, ref, { lbNumber });
    lbs.push(lbNumber);
  }
  return lbs;
}

async function chooseType(page: Page, type: DeliveryType) {
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

/** The preparation of a note of `type`, then Scan or Manual. */
async function prepare(page: Page, type: DeliveryType, next: 'Scan' | 'Manual') {
  await page.goto('/#/create-dn');
  await chooseType(page, type);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(type === 'error_sheet' ? 'Create Error Sheet' : 'Create Delivery Note');
  await page.getByRole('button', { name: next, exact: true }).click();
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

test('an error sheet through Manual: rows typed and removed, completed, listed', async ({ adminPage: page, admin }) => {
  const ref = await receiptReferenceData(admin);
  const [a, b] = await seedLbNumbers(admin, ref, 2);
  await prepare(page, 'error_sheet', 'Manual');
  await expect(page).toHaveURL(/#\/create-dn\/preview$/);
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
  const list = await admin.get<{ items: { id: number; itemsCount: number }[] }>('/api/deliveries/error_sheet_list?order[id]=desc');
  const created = await admin.get<Delivery>(`/api/deliveries/${list.items[0]!.id}`);
  expect(created.lbNumbers).toEqual([a]);
});

test('an unknown LB and an LB already on another note are flagged in the list at once', async ({ adminPage: page, admin }) => {
  const ref = await receiptReferenceData(admin);
  const [onScrap, free] = await seedLbNumbers(admin, ref, 2);
  const scrap = await admin.post<Delivery>('/api/deliveries', {
    type: 'scrap',
    deliveryDay: '2026-01-05',
    customerAccount: ref.account.id,
    lbNumbers: [onScrap],
  });
  const unknown = uniqueLbNumber();

  await prepare(page, 'error_sheet', 'Scan');
  await expect(page).toHaveURL(/#\/create-dn\/scan$/);
  // An error sheet may hold an LB that is on a scrap note: nothing flagged for that.
  await typeLb(page, onScrap!);
  await expect(row(page, onScrap!)).toHaveAttribute('data-tone', 'ok');
  await page.getByRole('link', { name: 'Back' }).click();
  await chooseType(page, 'transfer');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();

  // As a transfer, the same list is checked again.
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
});

test('a keyboard-wedge scanner at 20 scans a second: every code once, none lost', async ({ adminPage: page, admin }) => {
  test.slow();
  const ref = await receiptReferenceData(admin);
  const lbs = await seedLbNumbers(admin, ref, 20);
  await prepare(page, 'error_sheet', 'Scan');
  const field = page.getByRole('textbox', { name: 'LB Number' });
  await expect(field).toBeFocused();

  for (const [i, lb] of lbs.entries()) await receiptScan(page, lb, { startAt: i === 0 ? undefined : 50 });
  await receiptScan(page, lbs[3]!, { startAt: 50 }); // the same tag again
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page)).toHaveText(lbs.map((lb) => new RegExp(lb)));
  await expect(page.locator('li[data-tone="ok"]')).toHaveCount(20);
  await expect(field).toHaveValue('');
  // Spec 9: the scanned list scrolls beyond 360 px.
  const height = await page.getByTestId('lb-rows-scroll').evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(360);

  await page.getByRole('link', { name: 'Preview delivery note' }).click();
  await expect(page).toHaveURL(/#\/create-dn\/preview$/);
  await expect(rows(page)).toHaveCount(20);
  await page.getByRole('button', { name: 'Complete error sheet' }).click();
  await expect(page).toHaveURL(/#\/error-sheet$/);
});

test('a tag in front of the camera is added to the list once; the note is completed', async ({ admin }, testInfo) => {
  test.slow();
  const ref = await receiptReferenceData(admin);
  const [lb] = await seedLbNumbers(admin, ref, 1);
  const video = writeBarcodeY4m(testInfo.outputPath('lb-tag.y4m'), { bcid: 'code128', text: lb! });
  const session = await openWithFakeCamera(testInfo, video, admin.token);
  try {
    const { page } = session;
    await prepare(page, 'error_sheet', 'Scan');
    await expect(row(page, lb!)).toHaveAttribute('data-tone', 'ok', { timeout: SCAN_TIMEOUT });
    // The camera keeps reading the same tag: it stays one row.
    await page.waitForTimeout(1500);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('link', { name: 'Preview delivery note' }).click();
    await page.getByRole('button', { name: 'Complete error sheet' }).click();
    await expect(page).toHaveURL(/#\/error-sheet$/);
  } finally {
    await session.close();
  }
});
