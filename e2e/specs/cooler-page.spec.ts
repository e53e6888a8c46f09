/**
 * The cooler page (docs/decisions/251) as a new user meets it: a serial number in Master Data
 * opens the cooler's page — its fields, each receipt with its delivery note and that note's status,
 * and its history merged with its receipts' — and a receipt is followed to its note; the top-bar
 * search opens the same page; the history pages name their receipt and cooler.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';
import { approveDelivery, createReceipt, displayDay, noonOf, seedDelivery, unusedPastDay } from '../support/seed';
import { typeAsPerson } from '../support/scanner';

/** A screen's code loads lazily on its first visit, then its call: slow on a loaded test machine. */
const FIRST_LOAD = { timeout: 20_000 };

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** A cooler received twice: an older receipt on no note, the newest on an approved transfer note. */
async function seedCooler(admin: Parameters<typeof seedDelivery>[0]) {
  const { note, receipts, world } = await seedDelivery(admin, { type: 'transfer', items: 1 });
  const onNote = receipts[0]!;
  const cooler = onNote.inventoryItem;
  const olderDay = unusedPastDay();
  const older = await createReceipt(admin, world, cooler, { receiptDate: noonOf(olderDay), processOption: 'D', processState: 'D2' });
  await approveDelivery(admin, note.id);
  return { note, onNote, older, olderDay, cooler, world };
}

test('a serial in Master Data opens the cooler page; a receipt is followed to its delivery note', async ({ adminPage: page, admin }) => {
  test.slow();
  const { note, onNote, older, olderDay, cooler, world } = await seedCooler(admin);

  await page.goto(`/#/receipts?serialNumber=${encodeURIComponent(cooler.serialNumber)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible(FIRST_LOAD);
  await page
    .getByRole('row', { name: new RegExp(onNote.lbNumber) })
    .getByRole('link', { name: cooler.serialNumber, exact: true })
    .click();

  await expect(page).toHaveURL(new RegExp(`#/coolers/${cooler.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Cooler ${cooler.serialNumber}`, exact: true })).toBeVisible(FIRST_LOAD);
  const details = section(page, 'Cooler details');
  await expect(details).toContainText(cooler.partNumber.partNumber);
  await expect(details).toContainText('14/06/2019');

  // Receipts, newest first: the one on the approved transfer, then the older one on no note.
  const receipts = section(page, 'Receipts');
  await expect(receipts.getByRole('columnheader')).toHaveText([
    'LB Number',
    'Receipt Date',
    'Account No',
    'Customer',
    'Status',
    'Delivery Note No',
    'Actions',
  ]);
  const rows = receipts.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(onNote.lbNumber);
  await expect(rows.nth(1)).toContainText(world.account.name);
  await expect(rows.nth(1)).toContainText(world.client.name);
  await expect(rows.nth(1)).toContainText('Approved');
  await expect(rows.nth(2)).toContainText(older.lbNumber);
  await expect(rows.nth(2)).toContainText(displayDay(olderDay));
  await expect(rows.nth(2)).toContainText('D/D2');
  await expect(rows.nth(2)).toContainText('Not on a note');

  // The timeline: the cooler's creation and both receipts' creations, newest first.
  const timeline = section(page, 'Timeline');
  await expect(timeline.getByRole('row')).toHaveCount(4);
  await expect(timeline.getByRole('row').nth(1)).toContainText(`Receipt ${older.lbNumber}`);
  await expect(timeline.getByRole('row').nth(2)).toContainText(`Receipt ${onNote.lbNumber}`);
  await expect(timeline.getByRole('row').nth(3)).toContainText('Cooler created');
  await expectAccessible(page);

  // The receipt's LB number opens its edit screen; back, its note's number opens the note.
  await rows.nth(1).getByRole('link', { name: onNote.lbNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${onNote.id}/edit$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/coolers/${cooler.id}$`));
  await section(page, 'Receipts')
    .getByRole('link', { name: `Delivery note ${note.id} (transfer)` })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/update-dn/${note.id}/transfer$`));
  await expect(page.getByRole('heading', { name: `Edit transfer ${note.id}` })).toBeVisible();
});

test('the top-bar search opens the cooler page; the history pages name their receipt and cooler', async ({ adminPage: page, admin }) => {
  test.slow();
  const { onNote, cooler } = await seedCooler(admin);
  await page.goto('/#/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible(FIRST_LOAD);

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  await typeAsPerson(page, cooler.serialNumber);
  await expect(page).toHaveURL(new RegExp(`#/coolers/${cooler.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Cooler ${cooler.serialNumber}`, exact: true })).toBeVisible(FIRST_LOAD);

  await page.getByRole('link', { name: 'History of cooler changes' }).click();
  await expect(page).toHaveURL(new RegExp(`#/coolers-revisions/${cooler.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `History of changes — ${cooler.serialNumber}`, exact: true })).toBeVisible();

  await page.goto(`/#/receipt/${onNote.id}/revisions`);
  await expect(page.getByRole('heading', { level: 1, name: `History of receipt changes — ${onNote.lbNumber}`, exact: true })).toBeVisible();
});
