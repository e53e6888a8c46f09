/**
 * Master Data (/receipts, docs/product.md §2.2, §2.8), as a new user would meet it: the
 * columns of 2.8, several filters chosen in the panel and kept in the URL over a reload (the panel
 * opening pre-filled), Clear All, the serial-number typeahead, sorting, the row icons, and the
 * table on a phone. Each test makes its own account and part numbers, so filtering on them finds
 * exactly its receipts in the shared database.
 */
import type { Page } from '@playwright/test';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { expectAccessible, expect, test } from '../support/fixtures';
import {
  approveDelivery,
  createCooler,
  createPartNumber,
  createReceipt,
  displayDay,
  noonOf,
  receiptWorld,
  scrapped,
  seedDelivery,
  unique,
} from '../support/seed';
import { apart, scrollTableTo } from '../support/table-scroll';

const COLUMNS = [
  '', // the selection's checkboxes
  'Supplier Code',
  'LB Number',
  'Account No',
  'Delivery Note No',
  'Receipt Date',
  'Serial Number',
  'Part Number',
  'Customer',
  'Collection point',
  'Engineer Number',
  'DOM',
  'Process Option',
  'Scrap Reason',
  'Exported',
  'Actions',
];

const table = (page: Page) => page.getByRole('table', { name: 'Master Data' });
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Choose filter' });

/** The LB numbers of the rows shown, top to bottom: the first cell drawn that starts with one (its column, or on a phone the key cell). */
async function shownLbNumbers(page: Page): Promise<string[]> {
  return dataRows(page).evaluateAll((rows) =>
    rows.map((r) => {
      const drawn = Array.from(r.querySelectorAll('td')).filter((td) => getComputedStyle(td).display !== 'none');
      return drawn.map((td) => /^LB\d+/.exec(td.textContent ?? '')?.[0]).find((lb) => lb !== undefined) ?? '';
    }),
  );
}

async function expectRows(page: Page, receipts: Receipt[]) {
  await expect(dataRows(page)).toHaveCount(receipts.length);
  await expect.poll(async () => (await shownLbNumbers(page)).sort()).toEqual(receipts.map((r) => r.lbNumber).sort());
}

async function pick(page: Page, label: string, typed: string, option: string) {
  const box = panel(page).getByRole('combobox', { name: label });
  await box.fill('');
  await box.pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

test('Master Data shows every column of 2.8; several filters are kept in the URL over a reload; Clear All', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const [partA, partB] = [await createPartNumber(admin), await createPartNumber(admin)];
  const cooler = async (part: typeof partA) => createCooler(admin, { part, dateOfManufacture: '2018-11-03' });
  const inMarch = await createReceipt(admin, world, await cooler(partA), {
    receiptDate: noonOf('2024-03-05'),
    processOption: 'D',
    processState: 'D2',
  });
  const scrappedInMarch = await createReceipt(admin, world, await cooler(partA), {
    receiptDate: noonOf('2024-03-20'),
    processOption: 'D',
    processState: 'D5',
    scrapReason: world.scrapReason.code,
  });
  const otherPart = await createReceipt(admin, world, await cooler(partB), {
    receiptDate: noonOf('2024-03-10'),
    processOption: 'D',
    processState: 'D1',
  });
  const optionX = await createReceipt(admin, world, await cooler(partA), { receiptDate: noonOf('2024-03-12') });
  const inApril = await createReceipt(admin, world, await cooler(partA), {
    receiptDate: noonOf('2024-04-15'),
    processOption: 'D',
    processState: 'D3',
  });

  await page.goto('/#/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText(COLUMNS);
  await expect(dataRows(page).first()).toBeVisible();
  await expectAccessible(page);

  // customer, part number, receipt date range, process option and Is exported at once
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(panel(page)).toBeVisible();
  await pick(page, 'Customer', world.account.name, world.account.name);
  await pick(page, 'Part number', partA.partNumber, partA.partNumber);
  await panel(page).getByRole('textbox', { name: 'Receipt date from' }).fill('01/03/2024');
  await panel(page).getByRole('textbox', { name: 'Receipt date to' }).fill('31/03/2024');
  await panel(page).getByRole('textbox', { name: 'Receipt date to' }).press('Tab');
  await panel(page).getByRole('combobox', { name: 'Process option' }).selectOption('D');
  await panel(page).getByRole('combobox', { name: 'Is exported' }).selectOption('No');
  await expectAccessible(page);
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(panel(page)).toBeHidden();

  await expect(page).toHaveURL(new RegExp(`customerId=${world.account.id}`));
  await expect(page).toHaveURL(new RegExp(`partNumber=${partA.id}`));
  await expect(page).toHaveURL(/receiptDate\[after\]=2024-03-01&receiptDate\[before\]=2024-03-31/);
  await expect(page).toHaveURL(/processOption=D/);
  await expect(page).toHaveURL(/isExported=false/);
  await expectRows(page, [inMarch, scrappedInMarch]);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toContainText('6');

  // what a row shows: dd/MM/yyyy dates, the option with its state, the scrap reason's code, Exported No
  const scrappedRow = dataRows(page).filter({ hasText: scrappedInMarch.lbNumber });
  await expect(scrappedRow.getByRole('cell')).toHaveText([
    '',
    world.supplier.name,
    scrappedInMarch.lbNumber,
    world.account.name,
    '',
    '20/03/2024',
    scrappedInMarch.inventoryItem.serialNumber,
    partA.partNumber,
    world.client.name,
    world.collectionPoint.name,
    '',
    '03/11/2018',
    'DD5',
    String(world.scrapReason.code),
    'No',
    '',
  ]);

  // a reload keeps the filters, the rows, and the panel opens pre-filled with them
  await page.reload();
  await expectRows(page, [inMarch, scrappedInMarch]);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(panel(page).getByRole('combobox', { name: 'Customer' })).toHaveValue(world.account.name);
  await expect(panel(page).getByRole('combobox', { name: 'Part number' })).toHaveValue(partA.partNumber);
  await expect(panel(page).getByRole('textbox', { name: 'Receipt date from' })).toHaveValue('01/03/2024');
  await expect(panel(page).getByRole('textbox', { name: 'Receipt date to' })).toHaveValue('31/03/2024');
  await expect(panel(page).getByRole('combobox', { name: 'Process option' })).toHaveValue('D');
  await expect(panel(page).getByRole('combobox', { name: 'Is exported' })).toHaveValue('false');
  await expect(panel(page).getByRole('combobox', { name: 'In delivery note' })).toHaveValue('');

  // narrowing further: process state D5 leaves the scrapped one
  await panel(page).getByRole('combobox', { name: 'Process state' }).selectOption('D5');
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/processState=D5/);
  await expectRows(page, [scrappedInMarch]);

  // Clear All empties the panel and the query string: the account's other receipts are back among all
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await panel(page).getByRole('button', { name: 'Clear All' }).click();
  await expect(panel(page).getByRole('combobox', { name: 'Customer' })).toHaveValue('');
  await expect(panel(page).getByRole('textbox', { name: 'Receipt date from' })).toHaveValue('');
  await expect(panel(page).getByRole('combobox', { name: 'Process state' })).toHaveValue('');
  await expect(page).not.toHaveURL(/customerId|partNumber|receiptDate|processOption|processState|isExported/);

  // the customer alone: all five, the other part number, option X and April included
  await pick(page, 'Customer', world.account.name, world.account.name);
  await panel(page).getByRole('combobox', { name: 'Customer' }).press('Enter');
  await expect(panel(page)).toBeHidden();
  await expectRows(page, [inMarch, scrappedInMarch, otherPart, optionX, inApril]);
});

test("the dashboard's filters (scrap reason, note approved days) show in the panel, stay on apply and clear", async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const { note, receipts: onNote } = await seedDelivery(admin, { world });
  await approveDelivery(admin, note.id);
  const scrap = await createReceipt(admin, world, await createCooler(admin), scrapped(world));
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const reasonLabel = `${world.scrapReason.code} - ${world.scrapReason.reason}`;

  // as the dashboard's turnaround links: the panel shows the days, and applying it keeps them
  await page.goto(`/#/receipts?customerId=${world.account.id}&noteApprovedDate[after]=${today}&noteApprovedDate[before]=${today}`);
  await expectRows(page, onNote);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(panel(page).getByRole('textbox', { name: 'Note approved from' })).toHaveValue(displayDay(today));
  await expect(panel(page).getByRole('textbox', { name: 'Note approved to' })).toHaveValue(displayDay(today));
  await expect(panel(page).getByRole('combobox', { name: 'Scrap reason' })).toHaveValue('');
  await expectAccessible(page);
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`noteApprovedDate\\[after\\]=${today}&noteApprovedDate\\[before\\]=${today}`));
  await expectRows(page, onNote);

  // the days cleared and a scrap reason chosen instead
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await panel(page).getByRole('button', { name: 'Clear note approved from' }).click();
  await panel(page).getByRole('button', { name: 'Clear note approved to' }).click();
  await pick(page, 'Scrap reason', world.scrapReason.reason, reasonLabel);
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`scrapReason=${world.scrapReason.code}`));
  await expect(page).not.toHaveURL(/noteApprovedDate/);
  await expectRows(page, [scrap]);

  // as the dashboard's scrap links: after a reload the panel names the reason and keeps it on apply
  await page.reload();
  await expectRows(page, [scrap]);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(panel(page).getByRole('combobox', { name: 'Scrap reason' })).toHaveValue(reasonLabel);
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`scrapReason=${world.scrapReason.code}`));
  await expectRows(page, [scrap]);

  // Clear All drops both
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await panel(page).getByRole('button', { name: 'Clear All' }).click();
  await expect(panel(page).getByRole('combobox', { name: 'Scrap reason' })).toHaveValue('');
  await expect(page).not.toHaveURL(/scrapReason|noteApprovedDate|customerId/);
});

test('Master Data sorts by a column (desc first, then asc) and keeps the sort over a reload', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const made: Receipt[] = [];
  for (const day of ['2023-05-02', '2023-05-01', '2023-05-03']) {
    made.push(await createReceipt(admin, world, await createCooler(admin, { part }), { receiptDate: noonOf(day) }));
  }
  const byLb = made.map((r) => r.lbNumber).sort();

  await page.goto(`/#/receipts?customerId=${world.account.id}`);
  // the default order: newest receipt first
  await expect.poll(() => shownLbNumbers(page)).toEqual([made[2]!.lbNumber, made[0]!.lbNumber, made[1]!.lbNumber]);

  const lbHeader = table(page).getByRole('columnheader', { name: 'LB Number' });
  await lbHeader.getByRole('button', { name: 'LB Number' }).click();
  await expect(page).toHaveURL(/order\[lbNumber\]=desc/);
  await expect(lbHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => shownLbNumbers(page)).toEqual([...byLb].reverse());

  await lbHeader.getByRole('button', { name: 'LB Number' }).click();
  await expect(page).toHaveURL(/order\[lbNumber\]=asc/);
  await expect.poll(() => shownLbNumbers(page)).toEqual(byLb);

  await page.reload();
  await expect(lbHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => shownLbNumbers(page)).toEqual(byLb);
  await expect(page).toHaveURL(new RegExp(`customerId=${world.account.id}`));
});

test('the serial number typeahead, Lb Number and Engineer Number filters; edit, history and delete from a row', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const serial = unique('SNTYPE-');
  const typed = await createReceipt(admin, world, await createCooler(admin, { part, serialNumber: serial }));
  const engineerNo = unique('ENG-');
  const byEngineer = await createReceipt(admin, world, await createCooler(admin, { part }), { collectionPoint: null, engineerNo });
  const other = await createReceipt(admin, world, await createCooler(admin, { part }));

  await page.goto('/#/receipts');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  // a part of the serial offers the whole one
  const serialBox = panel(page).getByRole('combobox', { name: 'Serial number' });
  await serialBox.pressSequentially(serial.slice(0, -2));
  await page.getByRole('option', { name: serial, exact: true }).click();
  await expect(serialBox).toHaveValue(serial);
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`serialNumber=${serial}`));
  await expectRows(page, [typed]);

  // Engineer Number (contains) replaces it
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(serialBox).toHaveValue(serial);
  await serialBox.fill('');
  await panel(page).getByRole('textbox', { name: 'Engineer Number' }).fill(engineerNo.toLowerCase());
  await panel(page).getByRole('textbox', { name: 'Engineer Number' }).press('Enter');
  await expectRows(page, [byEngineer]);
  await expect(dataRows(page).first().getByRole('cell').nth(10)).toHaveText(engineerNo);
  await expect(dataRows(page).first().getByRole('cell').nth(9)).toHaveText('');

  // Lb Number
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await panel(page).getByRole('textbox', { name: 'Engineer Number' }).fill('');
  await panel(page).getByRole('textbox', { name: 'Lb Number' }).fill(other.lbNumber);
  await panel(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`lbNumber=${other.lbNumber}`));
  await expectRows(page, [other]);

  // the row icons: edit and history are links to the receipt's screens; delete asks first
  const row = dataRows(page).first();
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `#/receipt/${other.id}/edit`);
  await expect(row.getByRole('link', { name: 'History of changes' })).toHaveAttribute('href', `#/receipt/${other.id}/revisions`);
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete item?' });
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(table(page)).toContainText('No items matched your search');
});

test('on a phone the wide table scrolls sideways under its LB number, customer and Actions, which stay on screen; the filter panel fits', async ({
  adminPage: page,
  admin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const world = await receiptWorld(admin);
  const receipt = await createReceipt(admin, world, await createCooler(admin));

  await page.goto(`/#/receipts?customerId=${world.account.id}`);
  await expectRows(page, [receipt]);
  const row = dataRows(page).first();
  // on a phone the LB number is only in the sticky key cell (its own column is hidden)
  const key = row.getByRole('cell').filter({ hasText: receipt.lbNumber });
  const actions = row.getByRole('cell').last();
  await expect(row.getByRole('link', { name: 'Edit' })).toBeInViewport();
  const overflow = await scrollTableTo(table(page), 0);
  expect(overflow, 'the table scrolls inside its own container').not.toBeNull();
  expect(overflow!.scroll).toBeGreaterThan(overflow!.client);
  // the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the row's key and its customer lead the row, beside the Actions, never under them
  await expect(key).toContainText(receipt.lbNumber);
  await expect(key).toContainText(world.account.name);
  await expect(key).toBeInViewport({ ratio: 1 });
  expect(await apart(key, actions)).toBe(true);

  // scrolled to the far end, the LB number, its customer and the Actions are all still there
  await scrollTableTo(table(page), 10_000);
  await expect(key).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('link', { name: 'Edit' })).toBeInViewport();
  await expect(row.getByRole('cell', { name: 'No', exact: true }).last()).toBeInViewport({ ratio: 1 });

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(panel(page).getByRole('button', { name: 'Apply filters' })).toBeVisible();
  // Measured once the panel has slid in (its opening transition moves it from the right edge).
  const edges = async () => {
    const box = await panel(page).getByRole('combobox', { name: 'Customer' }).boundingBox();
    return box ? [box.x >= 0, box.x + box.width <= 390] : [false, false];
  };
  await expect.poll(edges).toEqual([true, true]);
  await expect(panel(page).getByRole('combobox', { name: 'Customer' })).toHaveValue(world.account.name);
});
