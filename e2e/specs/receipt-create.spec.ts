/**
 * Create receipt (/receipt-create), as a new user meets it: a receipt for a new serial (the cooler
 * added on the way) and for a known one, the rules of the form, a general server error; the
 * floor-speed path driven by a simulated keyboard-wedge scanner (support/scanner.ts) that needs 3
 * scans and 1 click; scans back to back; both receipt forms on a phone.
 */
import type { Locator, Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { apiToken, expect, expectAccessible, signInWithToken, test, type Api } from '../support/fixtures';
import { createButton, lbBox, pickOption, serialBox } from '../support/receipt-form';
import {
  BY_ENGINEER,
  createCooler,
  createPartNumber,
  createUser,
  receiptWorld,
  seedReceipt,
  unique,
  uniqueLbNumber,
} from '../support/seed';
import { scan } from '../support/scanner';

async function receiptByLb(admin: Api, lb: string): Promise<Receipt> {
  const list = await admin.get<ListResponse<Receipt>>(`/api/receipts?lbNumber=${lb}`);
  const found = list.items.find((r) => r.lbNumber === lb);
  expect(found, `receipt ${lb}`).toBeTruthy();
  return found!;
}

test('a receipt for a new serial: the cooler is added with its part number and date of manufacture, then the receipt', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const serial = unique('SN20190315X');
  const lb = uniqueLbNumber();

  await page.goto('/#/receipt-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create receipt' })).toBeVisible();
  await expect(serialBox(page)).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'Generate Serial' })).toBeVisible();
  await expect(lbBox(page)).toHaveCount(0); // step 2 waits for a cooler
  await expectAccessible(page);

  await serialBox(page).pressSequentially(serial);
  await expect(page.getByRole('combobox', { name: 'Part Number' })).toBeVisible();
  const dom = page.getByRole('textbox', { name: 'Date of manufacture' });
  await expect(dom).toHaveValue('15/03/2019'); // from the serial (docs/product.md §5.3)
  await page.getByRole('button', { name: 'Add item and continue' }).click();
  await expect(page.getByRole('combobox', { name: 'Part Number' })).toHaveAccessibleDescription('Required Field');
  await pickOption(page, 'Part Number', part.partNumber);
  await page.getByRole('button', { name: 'Add item and continue' }).click();
  await expect(page.getByText('Cooler has been successfully created')).toBeVisible();
  await expect(lbBox(page)).toBeFocused();
  await expect(lbBox(page)).toHaveValue('LB');
  await expectAccessible(page);

  // Create waits for a change and a mode
  await expect(createButton(page)).toBeDisabled();
  await page.getByRole('textbox', { name: 'Asset No.' }).fill('ASSET-1');
  await expect(createButton(page)).toBeDisabled();

  // LB: upper-cased as typed, an invalid one becomes 'LB' and reads 'Wrong Lb number'
  await lbBox(page).fill('lbx1');
  await page.getByRole('textbox', { name: 'Asset No.' }).click();
  await expect(lbBox(page)).toHaveValue('LB');

  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Collection point' }).check();
  await expect(createButton(page)).toBeEnabled();
  await pickOption(page, 'Collection point', world.collectionPoint.name);
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('D');
  await page.getByRole('combobox', { name: 'Process State' }).selectOption('D5');
  await expect(page.getByRole('combobox', { name: 'Process State' })).toHaveAttribute('data-tone', 'danger');
  // D5 needs a scrap reason; 'LB' alone is no LB number
  await createButton(page).click();
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveAccessibleDescription('Required Field');
  await expect(lbBox(page)).toHaveAccessibleDescription('Wrong Lb number');
  await expect(page).toHaveURL(/#\/receipt-create/);
  await lbBox(page).fill(lb.toLowerCase());
  await expect(lbBox(page)).toHaveValue(lb);
  await expect(lbBox(page)).toHaveAccessibleDescription('');
  await pickOption(page, 'Scrap reason', `${world.scrapReason.code} - ${world.scrapReason.reason}`, world.scrapReason.reason);
  await page.getByRole('textbox', { name: 'Notes' }).fill('Door seal torn');
  await page.getByRole('textbox', { name: 'Tag Fault Comment' }).fill('Tag faded');
  await createButton(page).click();

  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  await expect(page).toHaveURL(/#\/receipts/);
  const saved = await receiptByLb(admin, lb);
  expect(saved).toMatchObject({
    lbNumber: lb,
    assetNo: 'ASSET-1',
    account: { id: world.account.id },
    supplier: { id: world.supplier.id },
    collectionPoint: { id: world.collectionPoint.id },
    engineerNo: null,
    processOption: 'D',
    processState: 'D5',
    scrapReason: world.scrapReason.code,
    notes: 'Door seal torn',
    tagFaultComment: 'Tag faded',
    inventoryItem: { serialNumber: serial, partNumber: { id: part.id }, dateOfManufacture: '2019-03-15' },
  });
});

test('a receipt for a known serial: the typeahead finds the cooler; clearing the serial cancels it; a taken LB is refused on its field', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const cooler = await createCooler(admin, { serialNumber: unique('SNKNOWN'), dateOfManufacture: '2020-01-31' });
  const { receipt: other } = await seedReceipt(admin, { world, ...BY_ENGINEER });

  await page.goto('/#/receipt-create');
  // 'Generate Serial' makes up a new serial: the cooler is then added with its part number
  const generate = page.getByRole('checkbox', { name: 'Generate Serial' });
  await generate.check();
  await expect(serialBox(page)).toHaveValue(/^GEN-[0-9A-Z]+-[0-9A-Z]{4}$/);
  await expect(page.getByRole('combobox', { name: 'Part Number' })).toBeVisible();
  await generate.uncheck();
  await expect(serialBox(page)).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Part Number' })).toHaveCount(0);

  await serialBox(page).pressSequentially(cooler.serialNumber.slice(0, -2));
  await page.getByRole('option', { name: new RegExp(cooler.serialNumber) }).click();
  await expect(page.getByText(`Part number ${cooler.partNumber.partNumber}, made 31/01/2020`)).toBeVisible();
  await expect(lbBox(page)).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Part Number' })).toHaveCount(0); // known: nothing to add

  // clearing the serial cancels the choice
  await serialBox(page).fill('');
  await expect(lbBox(page)).toHaveCount(0);
  await serialBox(page).pressSequentially(cooler.serialNumber);
  await page.getByRole('option', { name: new RegExp(cooler.serialNumber) }).click();

  await lbBox(page).fill(other.lbNumber);
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await page.getByRole('textbox', { name: 'Engineer number' }).fill('ENG-77');
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
  await expect(page.getByRole('combobox', { name: 'Process State' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveCount(0);
  await createButton(page).click();
  await expect(lbBox(page)).toHaveAccessibleDescription('This value is already used.');

  const lb = uniqueLbNumber();
  await lbBox(page).fill(lb);
  // Enter in a field never submits (docs/product.md §5.1)
  await lbBox(page).press('Enter');
  await expect(page).toHaveURL(/#\/receipt-create/);
  await createButton(page).click();
  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  expect(await receiptByLb(admin, lb)).toMatchObject({
    engineerNo: 'ENG-77',
    collectionPoint: null,
    processOption: 'X',
    inventoryItem: { id: cooler.id },
  });
});

test('a general server error shows as a red alert on the create form', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const cooler = await createCooler(admin);
  await page.route('**/api/receipts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            '@type': 'hydra:Error',
            'hydra:title': 'An error occurred',
            'hydra:description': 'The database is read-only.',
          }),
        })
      : route.continue(),
  );
  await page.goto('/#/receipt-create');
  await serialBox(page).pressSequentially(cooler.serialNumber);
  await page.getByRole('option', { name: new RegExp(cooler.serialNumber) }).click();
  await lbBox(page).fill(uniqueLbNumber());
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await page.getByRole('textbox', { name: 'Engineer number' }).fill('ENG-1');
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
  await createButton(page).click();
  await expect(page.getByRole('form', { name: 'Receipt' }).getByRole('alert')).toHaveText('The database is read-only.');
  await expect(page).toHaveURL(/#\/receipt-create/);
});

async function openEdit(page: Page, id: string) {
  await page.goto(`/#/receipt/${id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update receipt' })).toBeVisible();
}

function option(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Process option' });
}

test('floor speed: a known cooler is received with 3 wedge scans and 1 click, from this user’s previous receipt', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const user = await createUser(admin, { role: 'Production' });
  const request = await playwright.request.newContext({ baseURL });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await request.dispose();
  const [first, second] = [await createCooler(admin), await createCooler(admin)];

  // The first receipt of the day, by hand: it becomes this user's defaults.
  await page.goto('/#/receipt-create');
  await expect(page.getByRole('button', { name: 'Clear defaults' })).toHaveCount(0);
  await serialBox(page).pressSequentially(first.serialNumber);
  await page.getByRole('option', { name: new RegExp(first.serialNumber) }).click();
  await lbBox(page).fill(uniqueLbNumber());
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await page.getByRole('textbox', { name: 'Engineer number' }).fill('ENG-100');
  await option(page).selectOption('D');
  await createButton(page).click();
  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();

  // The next cooler: scan the serial, scan the LB tag, scan the engineer's badge, click Create.
  await page.goto('/#/receipt-create');
  await expect(page.getByRole('button', { name: 'Clear defaults' })).toBeVisible();
  await expect(serialBox(page)).toBeFocused();
  let clicks = 0;
  const lb = uniqueLbNumber();
  await scan(page, second.serialNumber);
  await expect(lbBox(page)).toBeFocused();
  await expect(serialBox(page)).toHaveValue(second.serialNumber);
  await scan(page, lb);
  await expect(lbBox(page)).toHaveValue(lb);
  await expect(page.getByRole('textbox', { name: 'Engineer number' })).toBeFocused();
  await scan(page, 'ENG-200');
  await expect(page.getByRole('textbox', { name: 'Engineer number' })).toHaveValue('ENG-200');
  await expect(createButton(page)).toBeFocused();
  await expect(page).toHaveURL(/#\/receipt-create/); // no scan's Enter submitted anything
  await createButton(page).click();
  clicks++;
  // The first receipt's toast may still be showing: this create has landed once Master Data opens.
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  expect(clicks).toBeLessThanOrEqual(1);
  expect(await receiptByLb(admin, lb)).toMatchObject({
    inventoryItem: { id: second.id },
    account: { id: world.account.id },
    supplier: { id: world.supplier.id },
    engineerNo: 'ENG-200',
    collectionPoint: null,
    processOption: 'D',
  });

  // The defaults are this user's to clear.
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused();
  await scan(page, first.serialNumber);
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(world.account.name);
  await page.getByRole('button', { name: 'Clear defaults' }).click();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Supplier Code' })).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Engineer number' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Clear defaults' })).toHaveCount(0);
});

test('scans back to back (serial then LB tag before the lookup answers) each land in their own field', async ({
  adminPage: page,
  admin,
}) => {
  const cooler = await createCooler(admin);
  const lb = uniqueLbNumber();
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused();
  await scan(page, cooler.serialNumber);
  await scan(page, lb);
  await expect(serialBox(page)).toHaveValue(cooler.serialNumber);
  await expect(lbBox(page)).toHaveValue(lb);
});

test('the receipt forms fit a 390 px phone screen', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const { receipt, cooler } = await seedReceipt(admin, { world, ...BY_ENGINEER });
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/#/receipt-create');
  await serialBox(page).pressSequentially(cooler.serialNumber);
  await page.getByRole('option', { name: new RegExp(cooler.serialNumber) }).click();
  await expect(lbBox(page)).toBeFocused();
  expect(await fits()).toBe(true);
  const box = await createButton(page).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await openEdit(page, receipt.id);
  expect(await fits()).toBe(true);
  const update = await page.getByRole('button', { name: 'Update' }).boundingBox();
  expect(update!.x + update!.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
