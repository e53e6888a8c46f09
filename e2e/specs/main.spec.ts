/**
 * Main and Update LB tag (docs/product.md §2.6), as a person on the floor meets them:
 * a receipt found from /main by its LB number, opened, its history reached and deleted; the
 * receipts of one delivery note; a receipt found on /lb-tag by 'Enter manually' and Continue; on
 * both screens a keyboard-wedge scan of an exact LB number (keys timed as a Bluetooth scanner's,
 * support/scanner.ts, then Enter) opens the receipt directly.
 */
import { expectAccessible, expect, signInWithToken, test } from '../support/fixtures';
import { seedReceipt } from '../support/seed';
import { scan } from '../support/scanner';

/** Today as the lists show dates (dd/MM/yyyy, Europe/London). */
function today(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}

test('Main: heading, the four big buttons, the Receipts list and the LB-number search', async ({ adminPage: page, admin }) => {
  const { receipt, cooler } = await seedReceipt(admin, { processOption: 'D', processState: 'D2' });
  await page.goto('/#/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  const buttons: [string, string][] = [
    ['Create receipt', '#/receipt-create'],
    ['Update LB tag', '#/lb-tag'],
    ['Create DN', '#/create-dn'],
    ['View history', '#/coolers-list'],
  ];
  for (const [name, href] of buttons) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const list = page.getByRole('table', { name: 'Receipts' });
  await expect(list.getByRole('columnheader')).toHaveText([
    'LB Number',
    'Serial Number',
    'Part number',
    'Date',
    'Delivery',
    'Status',
    'Actions',
  ]);
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  // typing filters the list (350 ms after the last key) and the filter is kept in the URL
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(receipt.lbNumber.slice(0, -1));
  await expect(page).toHaveURL(new RegExp(`lbNumber=${receipt.lbNumber.slice(0, -1)}`));
  await search.fill(receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`lbNumber=${receipt.lbNumber}$`));
  await expect(list.getByRole('row')).toHaveCount(2);
  const row = list.getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([
    receipt.lbNumber,
    cooler.serialNumber,
    receipt.inventoryItem.partNumber.partNumber,
    today(),
    '', // no delivery note holds it
    'D/D2',
    '',
  ]);

  // reloaded, the search is still there
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(receipt.lbNumber);
  await expect(list.getByRole('row')).toHaveCount(2);

  await row.getByRole('link', { name: 'History of changes' }).click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/revisions$`));
  await page.goBack();
  await list.getByRole('row').nth(1).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));

  // an LB number nobody has
  await page.goto('/#/main?lbNumber=LB0000000000000000');
  await expect(page.getByText('No items matched your search')).toBeVisible();
});

test('Main: a receipt is deleted from the list after the confirmation dialog', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  await page.goto(`/#/main?lbNumber=${receipt.lbNumber}`);
  const list = page.getByRole('table', { name: 'Receipts' });
  const row = list.getByRole('row', { name: new RegExp(receipt.lbNumber) });
  await expect(row).toBeVisible();

  // Cancel keeps it
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete item?' });
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(page.getByText('No items matched your search')).toBeVisible();
  const res = await page.request.get(`/api/receipts/${receipt.id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(res.status()).toBe(404);
});

test('Main: a wedge scan of an exact LB number into the search box opens that receipt', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  // Another receipt whose LB number starts with the scanned one: the scan must still open the exact one.
  await seedReceipt(admin, { lbNumber: `${receipt.lbNumber}7` });
  await page.goto('/#/main');
  const search = page.getByRole('searchbox', { name: 'Search' });
  // at a desk the box has the focus on arrival: the scanner types straight into it, no click first
  await expect(search).toBeFocused();
  await scan(page, receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));
  // the receipt is on screen (the address changes before the lazily loaded screen is drawn)
  await expect(page.getByRole('heading', { level: 1, name: 'Update receipt' })).toBeVisible();

  // a scanned LB number that no receipt has only filters the list
  await page.goto('/#/main');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await scan(page, 'LB9999999999999999');
  await expect(page).toHaveURL(/#\/main\?lbNumber=LB9999999999999999$/);
  await expect(page.getByText('No items matched your search')).toBeVisible();
});

test('Main with ?deliveryId= lists the items of one delivery note, with a way back to all receipts', async ({ adminPage: page }) => {
  await page.goto('/#/main?deliveryId=987654');
  await expect(page.getByText('Showing the items of delivery note #987654.')).toBeVisible();
  // no delivery note holds any receipt yet
  await expect(page.getByText('No items matched your search')).toBeVisible();
  await page.getByRole('link', { name: 'Show all receipts' }).click();
  await expect(page).toHaveURL(/#\/main$/);
  await expect(page.getByText(/Showing the items of delivery note/)).toBeHidden();
  await expect(page.getByRole('table', { name: 'Receipts' }).getByRole('row').nth(1).getByRole('link', { name: 'Edit' })).toBeVisible();
});

test('Update LB tag: Scan tag, Enter manually and Continue', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  await page.goto('/#/main');
  await page.getByRole('link', { name: 'Update LB tag' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update LB tag' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scan tag' })).toHaveAttribute('href', '#/scan-update');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page);

  const lookup = page.getByRole('combobox', { name: 'Enter manually' });
  await lookup.pressSequentially(receipt.lbNumber.toLowerCase());
  await page.getByRole('option', { name: receipt.lbNumber, exact: true }).click();
  await expect(lookup).toHaveValue(receipt.lbNumber);
  await expect(continueButton).toBeEnabled();

  // emptying the box takes the choice back
  await lookup.fill('');
  await expect(continueButton).toBeDisabled();
  await lookup.pressSequentially(receipt.lbNumber);
  await page.getByRole('option', { name: receipt.lbNumber, exact: true }).click();
  await continueButton.click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));

  await page.goto('/#/lb-tag');
  await page.getByRole('link', { name: 'Scan tag' }).click();
  await expect(page).toHaveURL(/#\/scan-update$/);
});

test('Update LB tag: a wedge scan of an exact LB number opens that receipt directly', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  await seedReceipt(admin, { lbNumber: `${receipt.lbNumber}1` });
  await page.goto('/#/lb-tag');
  const lookup = page.getByRole('combobox', { name: 'Enter manually' });
  await expect(lookup).toBeFocused();
  await scan(page, receipt.lbNumber);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));
});

test('on a touch screen the focus stays with the heading (no on-screen keyboard over the page)', async ({ browser, admin }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInWithToken(page, admin.token);
  await page.goto('/#/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Update LB tag' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update LB tag' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Enter manually' })).not.toBeFocused();
  await context.close();
});
