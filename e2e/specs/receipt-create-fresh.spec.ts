/**
 * A fresh receipt form after each create (docs/decisions/267): however /receipt-create is
 * opened after a receipt was made with the plain Create (which goes to Master Data) — its address
 * typed or bookmarked, or the browser's Back, also while Master Data is still loading on a slow
 * tablet — it starts with an empty serial, no LB Number and the focus on the serial, and this
 * user's defaults are kept as 'Create and receive next' keeps them.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Api } from '../support/fixtures';
import { createButton, engineerBox, lbBox, pickOption, serialBox } from '../support/receipt-form';
import { createCooler, receiptWorld, uniqueLbNumber, type ReceiptWorld } from '../support/seed';
import { scan } from '../support/scanner';

/**
 * Master Data's code arriving `ms` late, as on a tablet on warehouse Wi-Fi: the screen left stays
 * on show until it has come.
 */
/** A screen opened afresh brings its code and its data first: on a busy machine that takes a while. */
const OPENING = { timeout: 30_000 };

const MASTER_DATA_CODE = /\/assets\/receipts-page-[\w-]+\.js$/;
async function slowMasterData(page: Page, ms: number) {
  await page.route(MASTER_DATA_CODE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The page may have gone meanwhile (a new load): its request with it.
    await route.continue().catch(() => undefined);
  });
}

// The app's code as the network brings it (a service worker's cache would answer past page.route).
test.use({ serviceWorkers: 'block' });

/** A receipt made on the form with the plain Create, from scans: the page goes to Master Data (`landed`: and waits until it shows). */
async function createWithPlainCreate(page: Page, admin: Api, world: ReceiptWorld, landed = true): Promise<{ serial: string; lb: string }> {
  const cooler = await createCooler(admin);
  const lb = uniqueLbNumber();
  await page.goto('about:blank');
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused(OPENING);
  await scan(page, cooler.serialNumber);
  await expect(lbBox(page)).toBeFocused(OPENING);
  await scan(page, lb);
  await expect(lbBox(page)).toHaveValue(lb);
  if ((await page.getByRole('combobox', { name: 'Account' }).inputValue()) !== world.account.name) {
    await pickOption(page, 'Account', world.account.name);
    await pickOption(page, 'Supplier Code', world.supplier.name);
    await page.getByRole('radio', { name: 'Engineer number' }).check();
    await page.getByRole('combobox', { name: 'Process option' }).selectOption('D');
  }
  await engineerBox(page).fill('ENG-FRESH');
  await createButton(page).click();
  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  await expect(page).toHaveURL(/#\/receipts$/);
  if (landed) await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible(OPENING);
  return { serial: cooler.serialNumber, lb };
}

/** The form as a new cooler's: nothing of the last receipt, the serial ready for a scan, the defaults there. */
async function expectFreshForm(page: Page, admin: Api, world: ReceiptWorld) {
  await expect(page.getByRole('heading', { level: 1, name: 'Create receipt' })).toBeVisible(OPENING);
  await expect(serialBox(page)).toHaveValue('');
  await expect(lbBox(page)).toHaveCount(0);
  await expect(serialBox(page)).toBeFocused();
  await expect(page.getByText('This value is already used')).toHaveCount(0);
  // The defaults, as 'Create and receive next' keeps them: the next cooler's form shows them.
  const next = await createCooler(admin);
  await scan(page, next.serialNumber);
  await expect(lbBox(page)).toBeFocused(OPENING);
  await expect(lbBox(page)).toHaveValue('LB');
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(world.account.name);
  await expect(page.getByRole('combobox', { name: 'Supplier Code' })).toHaveValue(world.supplier.name);
  await expect(page.getByRole('radio', { name: 'Engineer number' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Process option' })).toHaveValue('D');
  await expect(engineerBox(page)).toHaveValue('');
}

test('/receipt-create by its address after a plain Create: an empty serial and LB Number, the focus on the serial, the defaults kept', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  await slowMasterData(page, 6000);

  // The address typed while Master Data is still on its way.
  const last = await createWithPlainCreate(page, admin, world, false);
  await page.goto('/#/receipt-create');
  await expectFreshForm(page, admin, world);
  await expect(serialBox(page)).not.toHaveValue(last.serial);
  await page.unroute(MASTER_DATA_CODE);

  // Typed once Master Data shows (only the part after # changes).
  await createWithPlainCreate(page, admin, world);
  await page.evaluate(() => {
    window.location.hash = '#/receipt-create';
  });
  await expectFreshForm(page, admin, world);

  // A bookmark: the whole page loads again.
  await createWithPlainCreate(page, admin, world);
  await page.goto('about:blank');
  await page.goto('/#/receipt-create');
  await expectFreshForm(page, admin, world);
});

test('/receipt-create by the browser’s Back after a plain Create: a fresh form with the focus on the serial, the defaults kept', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  await slowMasterData(page, 6000);

  // Back while Master Data is still on its way.
  const last = await createWithPlainCreate(page, admin, world, false);
  await page.goBack();
  await expect(page).toHaveURL(/#\/receipt-create$/);
  await expectFreshForm(page, admin, world);
  await expect(serialBox(page)).not.toHaveValue(last.serial);
  await page.unroute(MASTER_DATA_CODE);

  // Back once Master Data shows.
  await createWithPlainCreate(page, admin, world);
  await page.goBack();
  await expect(page).toHaveURL(/#\/receipt-create$/);
  await expectFreshForm(page, admin, world);
});
