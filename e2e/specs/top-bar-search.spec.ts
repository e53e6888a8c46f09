/**
 * The top-bar search (docs/decisions/249) as a person uses it: from any screen, Ctrl+K or '/'
 * and an LB number, a serial or a delivery note number — typed or scanned — opens that record with
 * no further click; a part of one lists matches by kind, walked with the keyboard. Keys come from
 * the keystroke-timing model.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';
import { seedDelivery } from '../support/seed';
import { scan, typeAsPerson } from '../support/scanner';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

/** The first screen's code loads lazily: slow on a loaded test machine. */
const FIRST_LOAD = { timeout: 20_000 };

/**
 * The record's screen has opened and settled where it puts the focus: its heading (every route
 * change), or a form's first field once the form shows.
 */
async function opened(page: Page, url: RegExp, focused = page.getByRole('heading', { level: 1 })) {
  await expect(page).toHaveURL(url);
  await expect(focused).toBeFocused(FIRST_LOAD);
}

/** The receipt's edit screen, its form shown (its LB Number field takes the focus). */
const receiptForm = (page: Page) => page.getByRole('textbox', { name: 'LB Number' });

/** Ctrl+K from wherever the focus is. */
async function focusSearch(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
}

/** A note of two receipts (fresh coolers and LB numbers) to find. */
async function seedWorld(admin: Parameters<typeof seedDelivery>[0]) {
  const seeded = await seedDelivery(admin, { type: 'scrap' });
  const receipt = seeded.receipts[0]!;
  return { note: seeded.note, receipt, serial: receipt.inventoryItem.serialNumber };
}

test('typed: an LB number, a serial and a delivery note number each open their record on Enter', async ({ adminPage: page, admin }) => {
  test.slow();
  const { note, receipt, serial } = await seedWorld(admin);
  await page.goto('/#/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible(FIRST_LOAD);

  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await typeAsPerson(page, receipt.lbNumber.toLowerCase());
  await opened(page, new RegExp(`#/receipt/${receipt.id}/edit$`), receiptForm(page));

  await focusSearch(page);
  await typeAsPerson(page, serial);
  await opened(page, new RegExp(`#/coolers/${receipt.inventoryItem.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Cooler ${serial}`, exact: true })).toBeVisible();

  await focusSearch(page);
  await typeAsPerson(page, `DN ${note.id}`);
  await expect(page).toHaveURL(new RegExp(`#/update-scrap/${note.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(note.id));
});

test('scanned: an LB tag, a serial and a note number scanned into the box open their record', async ({ adminPage: page, admin }) => {
  test.slow();
  const { note, receipt, serial } = await seedWorld(admin);
  await page.goto('/#/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible(FIRST_LOAD);

  await focusSearch(page);
  await scan(page, receipt.lbNumber);
  await opened(page, new RegExp(`#/receipt/${receipt.id}/edit$`), receiptForm(page));

  await focusSearch(page);
  await scan(page, serial, { profile: 'busy' });
  await opened(page, new RegExp(`#/coolers/${receipt.inventoryItem.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Cooler ${serial}`, exact: true })).toBeVisible();

  await focusSearch(page);
  // Over what a person left in the box a moment ago (a scan begins at rest): the scan replaces it.
  await typeAsPerson(page, 'xyz', { enter: false });
  await page.waitForTimeout(700);
  await scan(page, `DN${note.id}`, { profile: 'usb' });
  await expect(page).toHaveURL(new RegExp(`#/update-scrap/${note.id}$`));
});

test('a part of a serial lists the matches by kind; arrows, Enter and Escape work them', async ({ adminPage: page, admin }, testInfo) => {
  test.slow();
  const { receipt, serial } = await seedWorld(admin);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(FIRST_LOAD);

  const part = serial.slice(0, -1);
  await searchBox(page).click();
  await typeAsPerson(page, part, { enter: false });
  await expect(results(page)).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  const coolers = results(page).getByRole('group', { name: 'Coolers' });
  await expect(coolers.getByRole('option', { name: new RegExp(serial) })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('top-bar-search-1440.png') });

  // Escape closes the list; ArrowDown opens it again on the first match.
  await page.keyboard.press('Escape');
  await expect(results(page)).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(results(page)).toBeVisible();
  const first = results(page).getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const options = await results(page).getByRole('option').count();
  // Walk down to our cooler and open it with Enter.
  for (let i = 0; i < options; i += 1) {
    const selected = results(page).locator('[aria-selected="true"]');
    if ((await selected.textContent())?.includes(serial)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await opened(page, new RegExp(`#/coolers/${receipt.inventoryItem.id}$`));

  // A click on a result opens it too; a receipt found by part of its LB number.
  await focusSearch(page);
  await typeAsPerson(page, receipt.lbNumber.slice(0, -1), { enter: false });
  await results(page)
    .getByRole('group', { name: 'Receipts' })
    .getByRole('option', { name: new RegExp(receipt.lbNumber) })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));
});

test("'/' typed in another field stays in that field", async ({ adminPage: page }) => {
  await page.goto('/#/edit-profile');
  const name = page.getByLabel('Name');
  await name.fill('a');
  await name.press('/');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('a/');
  await expect(searchBox(page)).not.toBeFocused();
});

test('on a phone (390 px) the box and its results fit the screen', async ({ adminPage: page, admin }, testInfo) => {
  test.slow();
  const { serial } = await seedWorld(admin);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible(FIRST_LOAD);
  const box = (await searchBox(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(160);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await searchBox(page).click();
  await typeAsPerson(page, serial.slice(0, -1), { enter: false });
  await expect(results(page).getByRole('option', { name: new RegExp(serial) })).toBeVisible();
  const list = (await results(page).boundingBox())!;
  expect(list.x).toBeGreaterThanOrEqual(0);
  expect(list.x + list.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('top-bar-search-390.png') });
});

test('offline, a scan into the search is answered at once and never holds back the next one; the network back, nothing opens by surprise', async ({
  adminPage: page,
  admin,
  context,
}) => {
  const { receipt } = await seedWorld(admin);
  await page.goto('/#/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible(FIRST_LOAD);
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await focusSearch(page);
  await scan(page, receipt.lbNumber);
  await expect(searchBox(page)).toHaveValue(receipt.lbNumber);
  // The next scan is taken in its place: the first one's search did not wait for the network.
  const next = `${receipt.lbNumber}9`;
  await scan(page, next);
  await expect(searchBox(page)).toHaveValue(next);
  await context.setOffline(false);
  await expect(page.getByText('Offline', { exact: true })).toBeHidden();
  // A search left waiting would now open the first record: the page stays where the person is.
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/#\/users$/);
});
