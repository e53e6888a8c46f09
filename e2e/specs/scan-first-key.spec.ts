/**
 * Every scan whole from the first key (docs/decisions/275): a keyboard-wedge scanner (Bluetooth
 * timing, support/scanner.ts) that starts as a screen opens — right after the page is asked for,
 * before its code, its data or its field are there — or while the focus is on the page rather than
 * a field, still types the whole code into the screen's scan field, its Enter included.
 */
import type { Page } from '@playwright/test';
import { expect, signInWithToken, test } from '../support/fixtures';
import { lbBox, serialBox } from '../support/receipt-form';
import { createCooler, receiptWorld, seedLbNumbers, seedReceipt } from '../support/seed';
import { scan } from '../support/scanner';

/** A screen opened afresh brings its code, its data and its field first: on a busy machine that takes a while. */
const OPENING = { timeout: 30_000 };

const rows = (page: Page) => page.getByRole('list', { name: 'LB numbers' }).getByRole('listitem');

/** The page opened afresh at `hash`, as a bookmark or a typed address opens it: the whole app loads again. */
async function open(page: Page, hash: string) {
  await page.goto('about:blank');
  await page.goto(`/${hash}`);
}

/** Nothing focused: the focus on the page's body, as after a click on empty space or a closed dialog. */
async function focusOnBody(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

test('/create-dn/scan: 10 tags scanned at 20 a second as the step opens arrive whole, in order; the preview takes a scan as it opens', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const lbs = await seedLbNumbers(admin, world, 11);
  const tags = lbs.slice(0, 10);
  // An error sheet needs no preparation beyond its type: Scan opens the step, the draft is kept in the tab.
  await page.goto('/#/create-dn');
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible(OPENING);
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Error sheet' });
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(/#\/create-dn\/scan$/);

  await open(page, '#/create-dn/scan');
  for (const [i, lb] of tags.entries()) await scan(page, lb, { startAt: i === 0 ? undefined : 50 });
  await expect(rows(page)).toHaveCount(10, OPENING);
  await expect(rows(page)).toHaveText(tags.map((lb) => new RegExp(lb)));
  await expect(page.locator('li[data-tone="flagged"]')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'LB Number' })).toHaveValue('');

  await open(page, '#/create-dn/preview');
  await scan(page, lbs[10]!);
  await expect(rows(page)).toHaveCount(11, OPENING);
  await expect(rows(page).last()).toHaveText(new RegExp(lbs[10]!));
  await expect(page.locator('li[data-tone="flagged"]')).toHaveCount(0);
});

test("/main's search: a scan as the screen opens opens its receipt", async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  await open(page, '#/main');
  await scan(page, receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`), OPENING);
});

test('/lb-tag: a scan as the screen opens opens its receipt', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  // A receipt whose LB number starts with this one's: a partial code would not be an exact match.
  await seedReceipt(admin, { lbNumber: `${receipt.lbNumber}1` });
  await open(page, '#/lb-tag');
  await scan(page, receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`), OPENING);
});

test('/scan-update: a scan as the screen opens opens its receipt', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  await open(page, '#/scan-update');
  await scan(page, receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`), OPENING);
});

test('/receipt-create: a serial scanned as the form opens chooses its cooler; LB Number takes the next scan', async ({
  adminPage: page,
  admin,
}) => {
  const cooler = await createCooler(admin);
  await open(page, '#/receipt-create');
  await scan(page, cooler.serialNumber);
  await expect(serialBox(page)).toHaveValue(cooler.serialNumber, OPENING);
  await expect(lbBox(page)).toBeFocused(OPENING);
  await expect(page.getByText(`Part number ${cooler.partNumber.partNumber}`)).toBeVisible();
});

test('keys typed with the focus on the page land in the scan field: /scan-update, /receipt-create', async ({ adminPage: page, admin }) => {
  test.slow();
  const world = await receiptWorld(admin);
  const { receipt } = await seedReceipt(admin, { world });
  const cooler = await createCooler(admin);

  // /scan-update puts the focus nowhere itself: the typed LB field takes the scan.
  await page.goto('/#/scan-update');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan LB tag' })).toBeVisible(OPENING);
  await focusOnBody(page);
  await scan(page, receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`), OPENING);

  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused(OPENING);
  await focusOnBody(page);
  await scan(page, cooler.serialNumber);
  await expect(serialBox(page)).toHaveValue(cooler.serialNumber);
  await expect(lbBox(page)).toBeFocused();
});

test('on a touch screen, the focus with the heading, a scan into /main still opens its receipt', async ({ browser, admin }) => {
  const { receipt } = await seedReceipt(admin);
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 800, height: 1280 } });
  const page = await context.newPage();
  try {
    await signInWithToken(page, admin.token);
    await page.goto('/#/main');
    await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible(OPENING);
    await scan(page, receipt.lbNumber);
    await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`), OPENING);
  } finally {
    await context.close();
  }
});
