/**
 * Printing LB tags on the hub's label printer from a phone (docs/decisions/283): the person chooses
 * the printer once in the menu beside the print buttons (remembered over a reload), then 'Print tag'
 * on a row and 'Print tags' on a selection each send one job from the server to the printer, with no
 * dialog and no download; the toast says what the printer took, or why it took nothing.
 */
import type { Printer } from '@cooler-hub/contract/printers';
import { FakeZebra } from '@cooler-hub/process-kit/printers';
import { expect, expectAccessible, signInWithToken, apiToken, test } from '../support/fixtures';
import { createCooler, createPartNumber, createReceipt, createUser, receiptWorld, unique } from '../support/seed';

const zebra = new FakeZebra();
test.beforeAll(async () => {
  await zebra.start();
});
test.afterAll(async () => {
  await zebra.stop();
});

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone: choose the printer once, Print tag on a row and Print tags on three rows go to it; paper out is said', async ({
  page,
  admin,
  request,
}) => {
  const printer = await admin.post<Printer>('/api/printers', {
    name: unique('Dock Zebra '),
    connection: 'raw',
    host: '127.0.0.1',
    port: zebra.port,
    language: 'zpl',
    preset: '2x1in-203dpi',
  });
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const receipts = [];
  for (let i = 0; i < 3; i++) receipts.push(await createReceipt(admin, world, await createCooler(admin, { part })));
  const [first, second, third] = [...receipts].sort((a, b) => a.lbNumber.localeCompare(b.lbNumber));

  const person = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, person.username, person.password));
  await page.goto(`/#/receipts?customerId=${world.account.id}&order[lbNumber]=asc`);
  const table = page.getByRole('table', { name: 'Master Data' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(3);

  // chosen once, in the menu of where to print; remembered over a reload
  await page.getByRole('button', { name: /^Tag label: / }).click();
  await expect(page.getByRole('menuitem', { name: 'Download PDF' })).toBeVisible();
  await page.getByRole('menuitem', { name: `${printer.name} — 2 × 1 in, 203 dpi (Zebra)` }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: `Print on: ${printer.name}` })).toBeVisible();
  await expectAccessible(page);

  // one row's tag: one job, one label, no download
  let downloads = 0;
  page.on('download', () => downloads++);
  await rows.filter({ hasText: second!.lbNumber }).getByRole('button', { name: 'Print tag' }).click();
  await expect(page.getByText(`The printer ${printer.name} took 1 label.`)).toBeVisible();
  await zebra.idle();
  expect(zebra.connections).toHaveLength(1);
  expect(zebra.labelsReceived().match(/\^XA/g)).toHaveLength(1);
  expect(zebra.labelsReceived()).toContain(second!.lbNumber);

  // three rows chosen: one job of three labels, in the list's order
  zebra.reset();
  for (const receipt of [third, first, second]) {
    await rows.filter({ hasText: receipt!.lbNumber }).getByRole('checkbox', { name: 'Select row' }).check();
  }
  const selection = page.getByRole('region', { name: '3 item(s) selected' });
  await selection.getByRole('button', { name: 'Print tags' }).click();
  await expect(page.getByText(`The printer ${printer.name} took 3 labels.`)).toBeVisible();
  await zebra.idle();
  expect(zebra.connections).toHaveLength(1);
  const labels = zebra.labelsReceived().split('^XA').slice(1);
  expect(labels).toHaveLength(3);
  expect(labels.map((l) => [first, second, third].findIndex((r) => l.includes(r!.lbNumber)))).toEqual([0, 1, 2]);

  // out of paper: the printer's own status, in a sentence; nothing sent
  zebra.reset();
  zebra.flags = { paperOut: true };
  await rows.filter({ hasText: first!.lbNumber }).getByRole('button', { name: 'Print tag' }).click();
  await expect(page.getByText(`The printer ${printer.name} is out of paper: nothing was printed.`)).toBeVisible();
  await zebra.idle();
  expect(zebra.labelsReceived()).not.toContain('^XA');
  expect(downloads).toBe(0);

  // each print is in the receipt's history, with the printer's name: alone, then in the three
  await page.goto(`/#/receipt/${second!.id}/revisions`);
  await expect(page.getByText('LB tag printed')).toHaveCount(2);
  await expect(page.getByText(`Printer: ${printer.name}`)).toHaveCount(2);
  // the print that found no paper is not
  await page.goto(`/#/receipt/${first!.id}/revisions`);
  await expect(page.getByText('LB tag printed')).toHaveCount(1);
});

// A page is the most one tap can choose on Master Data (20 rows, the lists' page size); fifty in one
// job are sent by the API test (printers.test.ts).
test('on a phone: a whole page of tags in one tap — Select all, one job of twenty labels in the list’s order', async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(90_000);
  const printer = await admin.post<Printer>('/api/printers', {
    name: unique('Goods-in Zebra '),
    connection: 'raw',
    host: '127.0.0.1',
    port: zebra.port,
    language: 'zpl',
    preset: '2x1in-300dpi',
  });
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const receipts = await Promise.all(
    Array.from({ length: 20 }, async () => createReceipt(admin, world, await createCooler(admin, { part }))),
  );

  await page.goto(`/#/receipts?customerId=${world.account.id}&order[lbNumber]=asc`);
  const rows = page
    .getByRole('table', { name: 'Master Data' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(20);
  await page
    .getByRole('button', { name: /^Tag label: |^Print on: / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: `${printer.name} — 2 × 1 in, 300 dpi (Zebra)` }).click();

  zebra.reset();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  const selection = page.getByRole('region', { name: '20 item(s) selected' });
  await selection.getByRole('button', { name: 'Print tags' }).click();
  await expect(page.getByText(`The printer ${printer.name} took 20 labels.`)).toBeVisible();
  await zebra.idle();
  expect(zebra.connections).toHaveLength(1);
  const labels = zebra.labelsReceived().split('^XA').slice(1);
  const inOrder = receipts.map((r) => r.lbNumber).sort();
  expect(labels.map((label) => inOrder.find((lb) => label.includes(lb)))).toEqual(inOrder);
});
