/**
 * LB tags printed from the app (docs/decisions/217), as a user prints them: 'Print tag' on a
 * receipt's edit screen in the label preset chosen once (remembered over a reload), 'Print
 * tags' for two rows chosen on Master Data, 'Create and print tag' on /receipt-create and the row
 * icon on /main. Each downloads the server's PDF, read back here: one
 * page per label, the label's size, the LB number and serial on it; each print is in the
 * receipt's history.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { readPdf } from '@cooler-hub/process-kit/pdf';
import { expect, expectAccessible, test } from '../support/fixtures';
import { createCooler, createPartNumber, createReceipt, receiptWorld, unique, uniqueLbNumber } from '../support/seed';

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), pages: await readPdf(bytes) };
}

test('Print tag on the edit screen: the chosen label size is remembered; the PDF is the label with LB number and serial; the history says so', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const receipt = await createReceipt(admin, world, await createCooler(admin));

  await page.goto(`/#/receipt/${receipt.id}/edit`);
  const print = page.getByRole('button', { name: 'Print tag', exact: true });
  await expect(print).toBeVisible();
  await expectAccessible(page);

  // the label size, chosen once in the menu beside the button
  await page.getByRole('button', { name: /^Tag label: / }).click();
  await page.getByRole('menuitem', { name: '62 × 29 mm, 300 dpi (Brother)' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tag label: 62 × 29 mm, 300 dpi (Brother)' })).toBeVisible();

  const file = await downloaded(page, () => print.click());
  expect(file.name).toBe(`lb-tag-${receipt.lbNumber}.pdf`);
  expect(file.pages).toHaveLength(1);
  const [label] = file.pages;
  expect(label!.text).toContain(receipt.lbNumber);
  expect(label!.text).toContain(receipt.inventoryItem.serialNumber);
  expect(Math.abs(label!.widthMm - 62)).toBeLessThan(0.1);
  expect(Math.abs(label!.heightMm - 29)).toBeLessThan(0.1);

  // a changed, unsaved LB number is not printed: Update first
  await page.getByRole('textbox', { name: 'LB Number' }).fill(`${receipt.lbNumber}9`);
  await expect(print).toBeDisabled();

  await page.goto(`/#/receipt/${receipt.id}/revisions`);
  await expect(page.getByText('LB tag printed')).toBeVisible();
  await expect(page.getByText('Label: 62 × 29 mm, 300 dpi (Brother)')).toBeVisible();
});

test('Print tags for two rows chosen on Master Data: one PDF, a label per row in the list’s order', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const receipts = [];
  for (let i = 0; i < 3; i++) receipts.push(await createReceipt(admin, world, await createCooler(admin, { part })));

  await page.goto(`/#/receipts?customerId=${world.account.id}&order[lbNumber]=asc`);
  const table = page.getByRole('table', { name: 'Master Data' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(3);
  const [first, , third] = [...receipts].sort((a, b) => a.lbNumber.localeCompare(b.lbNumber));

  // chosen bottom first: printed in the list's order all the same
  await rows.filter({ hasText: third!.lbNumber }).getByRole('checkbox', { name: 'Select row' }).check();
  await rows.filter({ hasText: first!.lbNumber }).getByRole('checkbox', { name: 'Select row' }).check();
  const selection = page.getByRole('region', { name: '2 item(s) selected' });
  await expect(selection).toBeVisible();
  await expectAccessible(page);

  const file = await downloaded(page, () => selection.getByRole('button', { name: 'Print tags' }).click());
  expect(file.name).toBe('lb-tags-2.pdf');
  const pages = file.pages.map((p) => p.text);
  expect(pages).toHaveLength(2);
  expect(pages[0]).toContain(first!.lbNumber);
  expect(pages[0]).toContain(first!.inventoryItem.serialNumber);
  expect(pages[1]).toContain(third!.lbNumber);
  expect(pages[1]).toContain(third!.inventoryItem.serialNumber);

  // the row's own icon prints that one receipt
  const single = await downloaded(page, () => rows.filter({ hasText: third!.lbNumber }).getByRole('button', { name: 'Print tag' }).click());
  expect(single.name).toBe(`lb-tag-${third!.lbNumber}.pdf`);
});

test('Create and print tag on /receipt-create: the receipt is created and its tag downloaded; /main’s row icon prints it again', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const cooler = await createCooler(admin, { serialNumber: unique('SNTAG') });
  const lb = uniqueLbNumber();

  await page.goto('/#/receipt-create');
  const serial = page.getByRole('combobox', { name: 'Serial number' });
  await serial.pressSequentially(cooler.serialNumber);
  await page.getByRole('option', { name: new RegExp(cooler.serialNumber) }).click();
  await page.getByRole('textbox', { name: 'LB Number' }).fill(lb);
  for (const [label, text] of [
    ['Account', world.account.name],
    ['Supplier Code', world.supplier.name],
  ] as const) {
    const box = page.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await box.fill(text);
    await page.getByRole('option', { name: text }).first().click();
  }
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await page.getByRole('textbox', { name: 'Engineer number' }).fill('ENG-5');
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');

  const file = await downloaded(page, () => page.getByRole('button', { name: 'Create and print tag' }).click());
  // created as Create creates (then on to Master Data), the tag following
  await expect(page).toHaveURL(/#\/receipts$/);
  expect(file.name).toBe(`lb-tag-${lb}.pdf`);
  expect(file.pages).toHaveLength(1);
  expect(file.pages[0]!.text).toContain(lb);
  expect(file.pages[0]!.text).toContain(cooler.serialNumber);

  await page.goto(`/#/main?lbNumber=${lb}`);
  const row = page.getByRole('table', { name: 'Receipts' }).getByRole('row').filter({ hasText: lb });
  const again = await downloaded(page, () => row.getByRole('button', { name: 'Print tag' }).click());
  expect(again.name).toBe(`lb-tag-${lb}.pdf`);
  const list = await admin.get<ListResponse<Receipt>>(`/api/receipts?lbNumber=${lb}`);
  const history = await admin.get<ListResponse<RevisionEntry>>(`/api/revision_entries?entryKind=Receipt&entryRef=${list.items[0]!.id}`);
  expect(history.items.filter((e) => e.textOnlyMessage[0] === 'LB tag printed')).toHaveLength(2);
});
