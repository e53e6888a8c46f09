/**
 * End Of Day Sheet (/end-of-day-sheet, docs/product.md §2.7, §7, §8), as a new user
 * would meet it: today's sheet by default, another day chosen in the date field, the 14 columns,
 * Download CSV saved under the server's filename and read back (header and rows), the rows then
 * Exported Yes; an empty day; a failing download; Create; and the screen on a phone. The days used
 * are random days long past, so no other spec's receipts (dated now) land on them — and today's
 * receipts are never downloaded here, which would mark other specs' rows exported.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { londonToday } from '@cooler-hub/contract/london-time';
import { END_OF_DAY_COLUMNS } from '@cooler-hub/contract/end-of-day';
import { expectAccessible, expect, test } from '../support/fixtures';
import { createCooler, createPartNumber, createReceipt, displayDay, receiptWorld, unusedPastDay } from '../support/seed';

const table = (page: Page) => page.getByRole('table', { name: 'End Of Day Sheet' });
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const dateBox = (page: Page) => page.getByRole('textbox', { name: 'Receipt date' });

async function chooseDay(page: Page, day: string) {
  await dateBox(page).fill(displayDay(day));
  await dateBox(page).press('Tab');
  await expect(page).toHaveURL(new RegExp(`receiptDate=${day}`));
}

/** RFC 4180 records (quoted fields, "" for a quote, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

test('the sheet of a chosen day: 14 columns; Download CSV saves the file, which reads back, and the rows become Exported Yes', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const day = unusedPastDay();
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const first = await createReceipt(admin, world, await createCooler(admin, { part, dateOfManufacture: '2001-02-03' }), {
    receiptDate: `${day}T09:15:00.000Z`,
    assetNo: 'ASSET, "7"',
  });
  const scrapped = await createReceipt(admin, world, await createCooler(admin, { part }), {
    receiptDate: `${day}T16:40:00.000Z`,
    processOption: 'S',
    scrapReason: world.scrapReason.code,
  });

  await page.goto('/#/end-of-day-sheet');
  await expect(page.getByRole('heading', { level: 1, name: 'End Of Day Sheet' })).toBeVisible();
  // today by default
  await expect(dateBox(page)).toHaveValue(displayDay(londonToday()));
  await expect(table(page).getByRole('columnheader')).toHaveText([...END_OF_DAY_COLUMNS]);
  await expect(page.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '#/receipt-create');

  await chooseDay(page, day);
  await expect(dataRows(page)).toHaveCount(2);
  await expect(page.getByText('2 item(s)')).toBeVisible();
  await expectAccessible(page);
  // oldest first; DOM dd/MM/yyyy; Exported No
  await expect(dataRows(page).nth(0).getByRole('cell')).toHaveText([
    world.supplier.name,
    '',
    world.account.name,
    '',
    new RegExp(`^${displayDay(day)} \\d\\d:15$`),
    first.inventoryItem.serialNumber,
    part.partNumber,
    world.client.name,
    'ASSET, "7"',
    first.lbNumber,
    '03/02/2001',
    'X',
    '',
    'No',
  ]);
  await expect(dataRows(page).nth(1).getByRole('cell').nth(9)).toHaveText(scrapped.lbNumber);
  // the LB number opens the receipt
  await expect(dataRows(page).nth(1).getByRole('link', { name: scrapped.lbNumber })).toHaveAttribute(
    'href',
    `#/receipt/${scrapped.id}/edit`,
  );
  await expect(dataRows(page).nth(1).getByRole('cell').nth(11)).toHaveText('S');
  await expect(dataRows(page).nth(1).getByRole('cell').nth(12)).toHaveText(String(world.scrapReason.code));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`end_of_day_sheet_${day}.csv`);
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...END_OF_DAY_COLUMNS]);
  expect(rows.map((r) => r[9])).toEqual([first.lbNumber, scrapped.lbNumber]);
  expect(rows[0]).toEqual([
    world.supplier.name,
    '',
    world.account.name,
    '',
    expect.stringMatching(new RegExp(`^${displayDay(day)} \\d\\d:15$`)),
    first.inventoryItem.serialNumber,
    part.partNumber,
    world.client.name,
    'ASSET, "7"',
    first.lbNumber,
    '03/02/2001',
    'X',
    '',
    'No',
  ]);
  expect(rows[1]![12]).toBe(String(world.scrapReason.code));

  // the sheet reloads by itself: both rows are exported now
  await expect(dataRows(page).getByRole('cell').nth(13)).toHaveText('Yes');
  await expect(dataRows(page).nth(1).getByRole('cell').nth(13)).toHaveText('Yes');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();

  // and so does Master Data
  await page.goto(`/#/receipts?lbNumber=${first.lbNumber}`);
  await expect(page.getByRole('table', { name: 'Master Data' }).getByRole('row').nth(1).getByRole('cell').nth(14)).toHaveText('Yes');
});

test('a day without receipts says so; the day is kept over a reload; Create opens the receipt form', async ({ adminPage: page }) => {
  const day = unusedPastDay();
  await page.goto('/#/end-of-day-sheet');
  await chooseDay(page, day);
  await expect(table(page)).toContainText('No items matched your search');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
  await expect(dateBox(page)).toHaveValue(displayDay(day));
  await expect(table(page)).toContainText('No items matched your search');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/receipt-create$/);
});

test('a download the server fails shows an error toast and marks nothing exported', async ({ adminPage: page, admin }) => {
  const day = unusedPastDay();
  const world = await receiptWorld(admin);
  await createReceipt(admin, world, await createCooler(admin), { receiptDate: `${day}T12:00:00.000Z` });
  // page.route only to simulate a failing server (common brief)
  await page.route('**/api/end_of_day_sheet_csv**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ '@type': 'hydra:Error', 'hydra:description': 'boom' }),
    }),
  );
  await page.goto(`/#/end-of-day-sheet?receiptDate=${day}`);
  await expect(dataRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByText('Internal Server Error 500')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  await expect(dataRows(page).first().getByRole('cell').nth(13)).toHaveText('No');
});

test('on a phone the sheet scrolls sideways inside its frame and the buttons stay reachable', async ({ adminPage: page, admin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const day = unusedPastDay();
  const world = await receiptWorld(admin);
  await createReceipt(admin, world, await createCooler(admin), { receiptDate: `${day}T12:00:00.000Z` });
  await page.goto(`/#/end-of-day-sheet?receiptDate=${day}`);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Create' })).toBeInViewport();
  await expect(dateBox(page)).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
