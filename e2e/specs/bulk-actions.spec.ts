/**
 * Bulk actions on selected rows (docs/product.md §2.2, §2.13, §2.8; docs/decisions/257): on the
 * transfer list, select three pending notes (and one approved before), 'Approve selected', read the
 * one confirmation, approve — each note is reported, its switch turns on, and each recipient gets
 * its own mail; on Master Data, select receipts and 'Export selected': the CSV holds exactly those
 * rows in the end-of-day columns, formula-looking text neutralised.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { END_OF_DAY_COLUMNS } from '@cooler-hub/contract/end-of-day';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { expect, expectAccessible, test } from '../support/fixtures';
import { approveDelivery, createCooler, createReceipt, receiptWorld, seedDelivery, storedDelivery, unique } from '../support/seed';
import { mailsTo } from '../support/inbox';

test.setTimeout(120_000);

function noteRow(page: Page, id: number) {
  return page.getByRole('row').filter({ has: page.getByRole('switch', { name: `Approve transfer delivery note ${id}`, exact: true }) });
}

test('approve three transfer notes at once: one confirmation, each reported, three mails', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const seeded = [];
  for (let i = 0; i < 3; i += 1)
    seeded.push(await seedDelivery(admin, { type: 'transfer', items: 1, world, email: `${unique('bulk')}@example.com`.toLowerCase() }));
  const before = await seedDelivery(admin, { type: 'transfer', items: 1, world });
  await approveDelivery(admin, before.note.id);

  await page.goto('/#/delivery-list/transfer');
  for (const { note } of [...seeded, before]) await noteRow(page, note.id).getByRole('checkbox', { name: 'Select row' }).check();
  const bar = page.getByRole('region', { name: '4 item(s) selected' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Approve selected' }).click();

  const dialog = page.getByRole('dialog', { name: 'Approve 3 delivery notes?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Each of the 3 delivery notes will be e-mailed to its own recipients with its CSV and PDF.');
  await expect(dialog).toContainText('1 selected delivery note is already approved and is left as it is.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Approve 3' }).click();

  const done = page.getByRole('dialog', { name: 'Approval finished' });
  await expect(done).toContainText('3 approved, 1 already approved');
  const outcomes = done.getByRole('list', { name: 'What became of each note' }).getByRole('listitem');
  // In the order the list shows them: newest first.
  const lines = [
    ...seeded.map(({ note }) => ({ id: note.id, text: `ApprovedTransfer delivery note ${note.id}` })),
    { id: before.note.id, text: `Already approvedTransfer delivery note ${before.note.id}` },
  ];
  await expect(outcomes).toHaveText(lines.sort((a, b) => b.id - a.id).map((l) => l.text));
  await expect(page.getByText('Delivery update finished')).toBeVisible();
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();

  // The list reloaded: every switch is on; the selection is gone.
  for (const { note } of seeded) await expect(noteRow(page, note.id).getByRole('switch')).toBeChecked();
  await expect(bar).toBeHidden();
  for (const { note } of seeded) expect((await storedDelivery(admin, note.id)).status).toBe('approved');

  // Each note went to its own recipient, once.
  for (const { note, email } of seeded) {
    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toContain(`Transfer delivery note ${note.id}`);
    expect(mail!.attachments.map((a) => a.filename).sort()).toEqual([`transfer-note-${note.id}.csv`, `transfer-note-${note.id}.pdf`]);
  }
});

test('export the selected receipts of Master Data as CSV: exactly those rows, the end-of-day columns', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const make = async (assetNo: string | null) => createReceipt(admin, world, await createCooler(admin), { assetNo });
  const chosen = [await make('=1+2'), await make('ASSET-7'), await make(null)];
  const left = await make('NOT-CHOSEN');

  await page.goto('/#/receipts');
  for (const r of chosen) await page.getByRole('row').filter({ hasText: r.lbNumber }).getByRole('checkbox', { name: 'Select row' }).check();
  const bar = page.getByRole('region', { name: '3 item(s) selected' });
  await expect(bar).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Export selected' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^receipts_\d{4}-\d{2}-\d{2}_3\.csv$/);
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // No cell here holds a comma or a quote, so a line splits at its commas.
  const [header, ...rows] = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(header).toEqual([...END_OF_DAY_COLUMNS]);
  // Exactly the chosen ones.
  expect(rows.map((r) => r[9]).sort()).toEqual(chosen.map((r) => r.lbNumber).sort());
  expect(text).not.toContain(left.lbNumber);
  const byLb = new Map(rows.map((r) => [r[9], r]));
  expect(byLb.get(chosen[0]!.lbNumber)).toEqual([
    world.supplier.name,
    '',
    world.account.name,
    '',
    expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    chosen[0]!.inventoryItem.serialNumber,
    chosen[0]!.inventoryItem.partNumber.partNumber,
    world.client.name,
    // A formula-looking value is written as text.
    "'=1+2",
    chosen[0]!.lbNumber,
    chosen[0]!.inventoryItem.dateOfManufacture.split('-').reverse().join('/'),
    'X',
    '',
    'No',
  ]);
  expect(byLb.get(chosen[1]!.lbNumber)?.[8]).toBe('ASSET-7');
  // Exporting the selection marks nothing exported: the end-of-day sheet is the export of record.
  for (const r of chosen) expect((await admin.get<Receipt>(`/api/receipts/${r.id}`)).isExported).toBe(false);
});
