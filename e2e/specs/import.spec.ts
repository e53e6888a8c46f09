/**
 * Import (/import, docs/decisions/258) as an Admin new to it would do it: a workbook of 50 receipts
 * with 3 bad rows uploaded, its columns matched, the dry run's refusals read, the refused rows
 * downloaded, the 47 good ones imported, the 3 fixed in the downloaded file and imported in turn —
 * then Master Data holds all 50 and a receipt's history names the file and row. A semicolon CSV
 * with a BOM keeps an accented account name and a cell starting with '=' as text.
 */
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { IMPORT_FILE_EMPTY, IMPORT_NOT_A_DATE, importNoMatch } from '@cooler-hub/contract/imports';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { WRONG_LB_NUMBER } from '@cooler-hub/contract/rules';
import { expect as baseExpect, expectAccessible, test, type Api } from '../support/fixtures';
import { createCustomerAccount, createPartNumber, receiptWorld, unique, uniqueLbNumber, type ReceiptWorld } from '../support/seed';

// Each step waits on the server: a file read, a run on the job queue, a lazy screen. On a machine
// busy with other work these take seconds, so the checks here wait longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const HEADER = [
  'LB Number',
  'Receipt Date',
  'Serial Number',
  'Part Number',
  'DOM',
  'Account',
  'Supplier',
  'Collection Point',
  'Process Option',
  'Notes',
];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Sheet {
  world: ReceiptWorld;
  partNumber: string;
  /** The shared start of every LB number of the file. */
  prefix: string;
  rows: string[][];
}

async function receiptRows(admin: Api, count: number, world?: ReceiptWorld): Promise<Sheet> {
  const w = world ?? (await receiptWorld(admin));
  const part = await createPartNumber(admin);
  const prefix = uniqueLbNumber();
  const rows = Array.from({ length: count }, (_, i) => [
    `${prefix}${String(i).padStart(2, '0')}`,
    '14/03/2026',
    unique(`SN-IMP${i}-`),
    part.partNumber,
    '2019-06-14',
    w.account.name,
    w.supplier.name,
    w.collectionPoint.name,
    'X',
    '',
  ]);
  return { world: w, partNumber: part.partNumber, prefix, rows };
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Receipts');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Chooses the file as a user does, through the file picker the 'File' field opens, and uploads it. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await page.getByRole('combobox', { name: 'What the file holds' }).selectOption({ label: 'Receipts' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'File', exact: true }).click()]);
  await chooser.setFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
}

/** The file is stored and its header read: the Columns step. Reading a workbook takes seconds on a busy machine. */
async function columnsStep(page: Page): Promise<Locator> {
  const columns = page.getByRole('table', { name: 'Columns of the file' });
  await expect(columns).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/import\/[0-9a-f-]{36}$/);
  return columns;
}

const count = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

async function expectCounts(page: Page, counts: { New: number; Updated: number; Unchanged: number; Refused: number }) {
  for (const [label, n] of Object.entries(counts)) await expect(count(page, label)).toContainText(String(n));
}

async function dryRun(page: Page) {
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('heading', { name: 'Dry run result' })).toBeVisible({ timeout: 30_000 });
}

async function importNow(page: Page, written: number, refused: number) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import the file?' });
  await expect(dialog).toContainText(`${written} rows will be written`);
  if (refused > 0) await expect(dialog).toContainText(`The ${refused} refused rows are skipped`);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^The file is imported\./)).toBeVisible({ timeout: 30_000 });
}

const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') });

async function findReceipt(admin: Api, lbNumber: string): Promise<Receipt> {
  const list = await admin.get<ListResponse<Receipt>>(`/api/receipts?lbNumber=${lbNumber}`);
  expect(list.items).toHaveLength(1);
  return list.items[0]!;
}

test('50 receipts from a workbook: 3 refused rows read, downloaded, fixed and imported; Master Data holds 50; history names the file', async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(300_000);
  const sheet = await receiptRows(admin, 50);
  const rows = sheet.rows.map((r) => [...r]);
  // three bad rows: data rows 5, 20 and 40 are the sheet's rows 7, 22 and 42 (the header is row 1)
  rows[5]![0] = 'XB12345';
  rows[20]![5] = 'No such account anywhere';
  rows[40]![1] = '31/02/2026';
  const fileName = `${unique('receipts-')}.xlsx`;

  await page.goto('/#/main');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/#\/import$/);
  await expectAccessible(page);
  await upload(page, { name: fileName, mimeType: XLSX_TYPE, buffer: await xlsx([HEADER, ...rows]) });

  // Columns: every header matched to its field; Notes matched too, Engineer Number not in the file
  const columns = await columnsStep(page);
  await expect(columns.getByRole('combobox', { name: 'LB Number' }).locator('option:checked')).toHaveText('LB Number');
  await expect(columns.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText('Account');
  await expect(columns.getByRole('combobox', { name: 'Engineer Number' }).locator('option:checked')).toHaveText('Not in the file');
  await expect(page.getByRole('combobox', { name: 'Sheet' })).toHaveValue('Receipts');
  await expectAccessible(page);
  const importUrl = page.url();

  await dryRun(page);
  await expectCounts(page, { New: 47, Updated: 0, Unchanged: 0, Refused: 3 });
  const refusals = page.getByRole('table', { name: 'Refused rows' });
  await expect(refusals.getByRole('columnheader')).toHaveText(['Row', 'Column', 'Problem']);
  await expect(dataRows(refusals)).toHaveCount(3);
  await expect(dataRows(refusals).nth(0).getByRole('cell')).toHaveText(['7', 'LB Number', WRONG_LB_NUMBER]);
  await expect(dataRows(refusals).nth(1).getByRole('cell')).toHaveText([
    '22',
    'Account',
    importNoMatch('customer account', 'No such account anywhere'),
  ]);
  await expect(dataRows(refusals).nth(2).getByRole('cell')).toHaveText(['42', 'Receipt Date', IMPORT_NOT_A_DATE]);
  await expectAccessible(page);

  // another tab (a reload) shows the same import's state
  await page.goto(importUrl);
  await page.reload();
  await expect(count(page, 'New')).toContainText('47');

  // the refused rows, downloaded as a workbook with an 'Error' column
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download refused rows' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const refused = workbook.worksheets[0]!;
  const header = (refused.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual([...HEADER, 'Error']);
  const errorColumn = header.length;
  expect(refused.actualRowCount).toBe(4);
  const cellText = (r: number, c: number) => refused.getRow(r).getCell(c).text;
  expect([2, 3, 4].map((r) => cellText(r, 1))).toEqual([rows[5]![0], rows[20]![0], rows[40]![0]]);
  expect(cellText(2, errorColumn)).toContain(WRONG_LB_NUMBER);
  expect(cellText(3, errorColumn)).toContain('No customer account');

  // import the 47 good rows
  await importNow(page, 47, 3);
  await expectCounts(page, { New: 47, Updated: 0, Unchanged: 0, Refused: 3 });

  // fix the three rows in the downloaded file and drop its Error column
  refused.getRow(2).getCell(1).value = sheet.rows[5]![0];
  refused.getRow(3).getCell(6).value = sheet.world.account.name;
  refused.getRow(4).getCell(2).value = '28/02/2026';
  refused.spliceColumns(errorColumn, 1);
  const fixed = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(page).toHaveURL(/#\/import$/);
  await expect(page.getByRole('link', { name: fileName })).toBeVisible();
  await upload(page, { name: `fixed-${fileName}`, mimeType: XLSX_TYPE, buffer: fixed });
  await columnsStep(page);
  await dryRun(page);
  await expectCounts(page, { New: 3, Updated: 0, Unchanged: 0, Refused: 0 });
  await expect(page.getByRole('button', { name: 'Download refused rows' })).toHaveCount(0);
  await importNow(page, 3, 0);

  // Master Data: the 50 receipts by their shared LB prefix
  await page.getByRole('link', { name: 'Open Master Data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Choose filter' });
  await panel.getByRole('textbox', { name: 'Lb Number' }).fill(sheet.prefix);
  await panel.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('list-summary')).toHaveText('1-20 of 50 items');

  // a receipt's history names the file and its row
  const receipt = await findReceipt(admin, sheet.rows[20]![0]!);
  await page.goto(`/#/receipt/${receipt.id}/revisions`);
  await expect(page.getByText(`Imported from fixed-${fileName}, row 3`)).toBeVisible();
  const first = await findReceipt(admin, sheet.rows[0]![0]!);
  await page.goto(`/#/receipt/${first.id}/revisions`);
  await expect(page.getByText(`Imported from ${fileName}, row 2`)).toBeVisible();
  await expectAccessible(page);
});

test("a semicolon CSV with a BOM: an account named with 'é' and cells starting with '=' come back as text", async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(180_000);
  const world = await receiptWorld(admin);
  const account = await createCustomerAccount(admin, { name: unique('Café Crème ') });
  const sheet = await receiptRows(admin, 5, { ...world, account });
  const formula = `=1+2X${unique('')}`;
  sheet.rows[0]![2] = formula;
  sheet.rows[1]![9] = '=SUM(A1:A3) kept as text';
  const csv = '\uFEFF' + [HEADER, ...sheet.rows].map((r) => r.join(';')).join('\r\n') + '\r\n';

  await page.goto('/#/import');
  await upload(page, { name: `${unique('semicolons-')}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const columns = await columnsStep(page);
  await expect(columns.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText('Account');
  await expect(page.getByRole('combobox', { name: 'Sheet' })).toHaveCount(0);
  await dryRun(page);
  await expectCounts(page, { New: 5, Updated: 0, Unchanged: 0, Refused: 0 });
  await importNow(page, 5, 0);

  const withFormula = await findReceipt(admin, sheet.rows[0]![0]!);
  expect(withFormula.inventoryItem.serialNumber).toBe(formula);
  expect(withFormula.account.name).toBe(account.name);
  const withNote = await findReceipt(admin, sheet.rows[1]![0]!);
  expect(withNote.notes).toBe('=SUM(A1:A3) kept as text');

  // what Master Data shows: the serial as typed, the account with its accent
  await page.goto(`/#/receipts?lbNumber=${sheet.rows[0]![0]}`);
  const row = dataRows(page.getByRole('table', { name: 'Master Data' }));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formula);
  await expect(row).toContainText(account.name);
});

test('a refused file shows why on the File field', async ({ adminPage: page }) => {
  test.slow();
  await page.goto('/#/import');
  await upload(page, { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(page.getByText(IMPORT_FILE_EMPTY)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/import$/);
  await expectAccessible(page);
});
