/**
 * Receipt create, update and history (docs/product.md §2.9, §4, §5.3, §8), as a new
 * user meets them: a receipt for a new serial (the cooler added on the way) and for a known one,
 * the rules of the form, a general server error, an update through every process option and both
 * modes, the history of changes; and the floor-speed path driven by a simulated keyboard-wedge
 * scanner (keystrokes 2 ms apart ended by Enter) that needs 3 scans and 1 click.
 */
import type { Locator, Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { ADMIN_USERNAME } from '../support/accounts';
import { apiToken, expect, expectAccessible, signInWithToken, test, unique, type Api } from '../support/fixtures';
import {
  receiptCooler,
  receiptLbNumber,
  receiptPartNumber,
  receiptReferenceData,
  receiptSeed,
} from '../support/receipt-data';
import { scan } from '../support/scanner';

async function pick(page: Page, label: string, text: string, search = text) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: text }).first().click();
  await expect(box).toHaveValue(text);
}

async function receiptByLb(admin: Api, lb: string): Promise<Receipt> {
  const list = await admin.get<ListResponse<Receipt>>(`/api/receipts?lbNumber=${lb}`);
  const found = list.items.find((r) => r.lbNumber === lb);
  expect(found, `receipt ${lb}`).toBeTruthy();
  return found!;
}

declare global {
  interface Window {
    /** What the 20-scans test saw the app put into the engineer-number input. */
    engineerValues?: string[];
  }
}

const serialBox = (page: Page) => page.getByRole('combobox', { name: 'Serial number' });
const lbBox = (page: Page) => page.getByRole('textbox', { name: 'LB Number' });
const createButton = (page: Page) => page.getByRole('button', { name: 'Create', exact: true });

test('a receipt for a new serial: the cooler is added with its part number and date of manufacture, then the receipt', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const ref = await receiptReferenceData(admin);
  const part = await receiptPartNumber(admin);
  const serial = unique('SN20190315X');
  const lb = receiptLbNumber();

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
  await pick(page, 'Part Number', part.partNumber);
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

  await pick(page, 'Account', ref.account.name);
  await pick(page, 'Supplier Code', ref.supplier.name);
  await page.getByRole('radio', { name: 'Collection point' }).check();
  await expect(createButton(page)).toBeEnabled();
  await pick(page, 'Collection point', ref.point.name);
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
  await pick(page, 'Scrap reason', `${ref.reason.code} - ${ref.reason.reason}`, ref.reason.reason);
  await page.getByRole('textbox', { name: 'Notes' }).fill('Door seal torn');
  await page.getByRole('textbox', { name: 'Tag Fault Comment' }).fill('Tag faded');
  await createButton(page).click();

  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  await expect(page).toHaveURL(/#\/receipts/);
  const saved = await receiptByLb(admin, lb);
  expect(saved).toMatchObject({
    lbNumber: lb,
    assetNo: 'ASSET-1',
    account: { id: ref.account.id },
    supplier: { id: ref.supplier.id },
    collectionPoint: { id: ref.point.id },
    engineerNo: null,
    processOption: 'D',
    processState: 'D5',
    scrapReason: ref.reason.code,
    notes: 'Door seal torn',
    tagFaultComment: 'Tag faded',
    inventoryItem: { serialNumber: serial, partNumber: { id: part.id }, dateOfManufacture: '2019-03-15' },
  });
});

test('a receipt for a known serial: the typeahead finds the cooler; clearing the serial cancels it; a taken LB is refused on its field', async ({
  adminPage: page,
  admin,
}) => {
  const ref = await receiptReferenceData(admin);
  const cooler = await receiptCooler(admin, unique('SNKNOWN'));
  const { receipt: other } = await receiptSeed(admin, ref);

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
  await pick(page, 'Account', ref.account.name);
  await pick(page, 'Supplier Code', ref.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await page.getByRole('textbox', { name: 'Engineer number' }).fill('ENG-77');
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
  await expect(page.getByRole('combobox', { name: 'Process State' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveCount(0);
  await createButton(page).click();
  await expect(lbBox(page)).toHaveAccessibleDescription('This value is already used.');

  const lb = receiptLbNumber();
  await lbBox(page).fill(lb);
  // Enter in a field never submits (docs/product.md §5.1)
  await lbBox(page).press('Enter');
  await expect(page).toHaveURL(/#\/receipt-create/);
  await createButton(page).click();
  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  expect(await receiptByLb(admin, lb)).toMatchObject({ engineerNo: 'ENG-77', collectionPoint: null, processOption: 'X', inventoryItem: { id: cooler.id } });
});

test('a general server error shows as a red alert on the create form', async ({ adminPage: page, admin }) => {
  const ref = await receiptReferenceData(admin);
  const cooler = await receiptCooler(admin);
  await page.route('**/api/receipts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': 'The database is read-only.' }),
        })
      : route.continue(),
  );
  await page.goto('/#/receipt-create');
  await serialBox(page).pressSequentially(cooler.serialNumber);
  await page.getByRole('option', { name: new RegExp(cooler.serialNumber) }).click();
  await lbBox(page).fill(receiptLbNumber());
  await pick(page, 'Account', ref.account.name);
  await pick(page, 'Supplier Code', ref.supplier.name);
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

async function saveUpdate(page: Page) {
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Receipt has been successfully updated').last()).toBeVisible();
  await expect(page).toHaveURL(/#\/main/); // opened directly: back to Main
}

function option(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Process option' });
}

test('a receipt is updated through every process option and both modes, and its history lists each change', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const ref = await receiptReferenceData(admin);
  const { receipt, cooler } = await receiptSeed(admin, ref);
  const get = () => admin.get<Receipt>(`/api/receipts/${receipt.id}`);

  await openEdit(page, receipt.id);
  const facts = page.getByRole('group', { name: 'Cooler' });
  await expect(facts).toContainText(cooler.partNumber.partNumber);
  await expect(facts).toContainText(cooler.serialNumber);
  await expect(facts).toContainText('31/01/2020');
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  // the mode is inferred: an engineer number is present
  await expect(page.getByRole('radio', { name: 'Engineer number' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Engineer number' })).toHaveValue('ENG-1');
  await expect(page.getByRole('combobox', { name: 'Process State' })).toHaveCount(0);
  await expectAccessible(page);

  // D with D1..D4 (success style), saved
  await option(page).selectOption('D');
  const state = page.getByRole('combobox', { name: 'Process State' });
  for (const s of ['D1', 'D2', 'D3', 'D4']) {
    await state.selectOption(s);
    await expect(state).toHaveAttribute('data-tone', 'success');
    await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveCount(0);
  }
  await saveUpdate(page);
  expect(await get()).toMatchObject({ processOption: 'D', processState: 'D4', scrapReason: null });

  // D5 (danger) needs a scrap reason
  await openEdit(page, receipt.id);
  await expect(state).toHaveValue('D4');
  await state.selectOption('D5');
  await expect(state).toHaveAttribute('data-tone', 'danger');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveAccessibleDescription('Required Field');
  await pick(page, 'Scrap reason', `${ref.reason.code} - ${ref.reason.reason}`, ref.reason.reason);
  await saveUpdate(page);
  expect(await get()).toMatchObject({ processOption: 'D', processState: 'D5', scrapReason: ref.reason.code });

  // S: the state goes at once, the scrap reason stays (it applies to S too); collection point mode clears the engineer number
  await openEdit(page, receipt.id);
  await option(page).selectOption('S');
  await expect(state).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveValue(new RegExp(`^${ref.reason.code}`));
  await page.getByRole('radio', { name: 'Collection point' }).check();
  await expect(page.getByRole('textbox', { name: 'Engineer number' })).toHaveCount(0);
  await pick(page, 'Collection point', ref.point.name);
  await page.getByRole('textbox', { name: 'Notes' }).fill('Scrapped');
  await saveUpdate(page);
  expect(await get()).toMatchObject({
    processOption: 'S',
    processState: null,
    scrapReason: ref.reason.code,
    collectionPoint: { id: ref.point.id },
    engineerNo: null,
    notes: 'Scrapped',
  });

  // X: the scrap reason goes; back to engineer mode, which clears the collection point
  await openEdit(page, receipt.id);
  await expect(page.getByRole('radio', { name: 'Collection point' })).toBeChecked();
  await option(page).selectOption('X');
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await expect(page.getByRole('combobox', { name: 'Collection point' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('textbox', { name: 'Engineer number' })).toHaveAccessibleDescription('Required Field');
  await page.getByRole('textbox', { name: 'Engineer number' }).fill('ENG-9');
  await page.getByRole('textbox', { name: 'Tag Fault Comment' }).fill('Tag re-printed');
  await page.getByRole('textbox', { name: 'Asset No.' }).fill('A-77');
  await saveUpdate(page);
  expect(await get()).toMatchObject({
    processOption: 'X',
    processState: null,
    scrapReason: null,
    collectionPoint: null,
    engineerNo: 'ENG-9',
    tagFaultComment: 'Tag re-printed',
    assetNo: 'A-77',
  });

  // its history: four updates above the create, newest first
  await page.goto(`/#/receipt/${receipt.id}/revisions`);
  await expect(page.getByRole('heading', { level: 1, name: 'History of receipt changes' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Created', 'Changes', 'User']);
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(6);
  const cells = (n: number) => rows.nth(n).getByRole('cell');
  await expect(cells(1).nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(cells(1).nth(1)).toContainText('Process option: S → X');
  await expect(cells(1).nth(1)).toContainText('Engineer number: — → ENG-9');
  await expect(cells(1).nth(2)).toHaveText(ADMIN_USERNAME);
  await expect(cells(2).nth(1)).toContainText('Process option: D → S');
  await expect(cells(2).nth(1)).toContainText(`Collection point: — → ${ref.point.name}`);
  await expect(cells(3).nth(1)).toContainText('Process state: D4 → D5');
  await expect(cells(4).nth(1)).toContainText('Process option: X → D');
  await expect(cells(5).nth(1)).toContainText('Receipt created');
  await expect(cells(5).nth(1)).toContainText(`LB number: ${receipt.lbNumber}`);
  await expect(cells(5).nth(1)).toContainText(/Receipt date: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);
});

test('floor speed: a known cooler is received with 3 wedge scans and 1 click, from this user’s previous receipt', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.slow();
  const ref = await receiptReferenceData(admin);
  const user = await admin.createUser({ role: 'Production' });
  const request = await playwright.request.newContext({ baseURL });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await request.dispose();
  const [first, second] = [await receiptCooler(admin), await receiptCooler(admin)];

  // The first receipt of the day, by hand: it becomes this user's defaults.
  await page.goto('/#/receipt-create');
  await expect(page.getByRole('button', { name: 'Clear defaults' })).toHaveCount(0);
  await serialBox(page).pressSequentially(first.serialNumber);
  await page.getByRole('option', { name: new RegExp(first.serialNumber) }).click();
  await lbBox(page).fill(receiptLbNumber());
  await pick(page, 'Account', ref.account.name);
  await pick(page, 'Supplier Code', ref.supplier.name);
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
  const lb = receiptLbNumber();
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
  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  expect(clicks).toBeLessThanOrEqual(1);
  expect(await receiptByLb(admin, lb)).toMatchObject({
    inventoryItem: { id: second.id },
    account: { id: ref.account.id },
    supplier: { id: ref.supplier.id },
    engineerNo: 'ENG-200',
    collectionPoint: null,
    processOption: 'D',
  });

  // The defaults are this user's to clear.
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused();
  await scan(page, first.serialNumber);
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(ref.account.name);
  await page.getByRole('button', { name: 'Clear defaults' }).click();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Supplier Code' })).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Engineer number' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Clear defaults' })).toHaveCount(0);
});

test('scans back to back (serial then LB tag before the lookup answers) each land in their own field', async ({ adminPage: page, admin }) => {
  const cooler = await receiptCooler(admin);
  const lb = receiptLbNumber();
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused();
  await scan(page, cooler.serialNumber);
  await scan(page, lb);
  await expect(serialBox(page)).toHaveValue(cooler.serialNumber);
  await expect(lbBox(page)).toHaveValue(lb);
});

test('20 scans a second into the engineer number: every scan read once, in order, nothing merged', async ({ adminPage: page, admin }) => {
  const ref = await receiptReferenceData(admin);
  const { receipt } = await receiptSeed(admin, ref);
  // Records every engineer number the app puts into an input (React sets a controlled input's value).
  await page.addInitScript(() => {
    const log: string[] = [];
    window.engineerValues = log;
    const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      ...descriptor,
      set(this: HTMLInputElement, v: string) {
        if (/^ENG/.test(v)) log.push(v);
        descriptor.set!.call(this, v);
      },
    });
  });
  await openEdit(page, receipt.id);
  const engineer = page.getByRole('textbox', { name: 'Engineer number' });
  await engineer.focus();
  const codes = Array.from({ length: 20 }, (_, i) => `ENG${String(i).padStart(4, '0')}`);
  for (const [i, code] of codes.entries()) await scan(page, code, i === 0 ? {} : { startAt: 50 }); // 20 a second
  await expect(engineer).toHaveValue(codes[19]!);
  const values = await page.evaluate(() => window.engineerValues ?? []);
  expect(values.filter((v) => /^ENG\d{4}$/.test(v))).toEqual(codes);
  expect(values.filter((v) => v.length > 'ENG0000'.length)).toEqual([]); // never two scans in one value
});

test('the receipt forms fit a 390 px phone screen', async ({ adminPage: page, admin }) => {
  const ref = await receiptReferenceData(admin);
  const { receipt, cooler } = await receiptSeed(admin, ref);
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
