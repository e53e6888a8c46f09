/**
 * The delivery lists and the error-sheet preview (docs/product.md §2.13, §4, §7; docs/decisions/180), against
 * the real server and its real SMTP path: approving from the list mails the CSV and PDF, the Email
 * status follows the mail (Sent, then Read once its tracking image loads), Resend mails again, the
 * downloads are the server's files, the Items count opens /main filtered, a pending note is deleted
 * while an approved one and a Production user cannot delete. Error sheet: preview, delete a line,
 * 'Save Error Sheet'.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiToken, expect, expectAccessible, signInWithToken, test } from '../support/fixtures';
import { approveDelivery, createUser, deliveryLines, seedDelivery, storedDelivery } from '../support/seed';
import { mailsTo } from '../support/inbox';
import { apart, scrollBeside, scrollTableTo } from '../support/table-scroll';

/** The row of a transfer or scrap note, found by its Approved switch's name. */
function noteRow(page: Page, type: 'transfer' | 'scrap', id: number) {
  return page.getByRole('row').filter({ has: page.getByRole('switch', { name: `Approve ${type} delivery note ${id}`, exact: true }) });
}

/**
 * Reloads the list until the row's Email status reads `status` (the mail worker runs on its own).
 * Each reload gets time to draw the list on a busy machine, not only the mail to be sent.
 */
async function expectEmailStatus(page: Page, type: 'transfer' | 'scrap', id: number, status: string) {
  await expect(async () => {
    await page.reload();
    await expect(noteRow(page, type, id).getByText(status, { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

test('approve from the list: the mail carries the CSV and PDF, the status goes Sent then Read; Resend mails again', async ({
  adminPage: page,
  admin,
  request,
}) => {
  // Two waits on the mail worker (Sent, then Read), each up to 45 s on a busy machine.
  test.slow();
  const { note, receipts, email } = await seedDelivery(admin, { type: 'transfer', items: 2 });
  await page.goto('/#/delivery-list/transfer');
  await expect(page.getByRole('heading', { name: 'Transfer delivery notes', level: 1 })).toBeVisible();
  const row = noteRow(page, 'transfer', note.id);
  await expect(row.getByText('N/A', { exact: true })).toBeVisible();

  // A pending note cannot be resent: its button says why instead of failing.
  const resend = row.getByRole('button', { name: `Resend transfer delivery note ${note.id}` });
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  await expect(resend).toHaveAccessibleDescription('Approve the delivery note before sending it.');
  await expectAccessible(page);

  const toggle = row.getByRole('switch', { name: `Approve transfer delivery note ${note.id}` });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'Approve delivery note?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Delivery update finished')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeDisabled();
  expect((await storedDelivery(admin, note.id)).status).toBe('approved');

  const [mail] = await mailsTo(email, 1);
  const names = mail!.attachments.map((a) => a.filename).sort();
  expect(names).toEqual([`transfer-note-${note.id}.csv`, `transfer-note-${note.id}.pdf`]);
  const csv = mail!.attachments.find((a) => a.filename.endsWith('.csv'))!.content.toString('utf8');
  for (const r of receipts) expect(csv).toContain(r.lbNumber);
  expect(
    mail!.attachments
      .find((a) => a.filename.endsWith('.pdf'))!
      .content.subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');

  await expectEmailStatus(page, 'transfer', note.id, 'Sent');
  expect(mail!.trackingUrl, 'the mail holds a tracking image').not.toBeNull();
  const image = await request.get(mail!.trackingUrl!);
  expect(image.status()).toBe(200);
  await expectEmailStatus(page, 'transfer', note.id, 'Read');

  await expect(resend).not.toHaveAttribute('aria-disabled', 'true');
  await resend.click();
  await expect(page.getByText('The delivery resend on email')).toBeVisible();
  const mails = await mailsTo(email, 2);
  expect(mails).toHaveLength(2);
});

test('CSV and PDF downloads are the server’s files under its names', async ({ adminPage: page, admin }) => {
  const { note, receipts } = await seedDelivery(admin, { type: 'scrap', items: 2 });
  await page.goto('/#/delivery-list/scrap');
  const row = noteRow(page, 'scrap', note.id);

  const header = async (format: string) => {
    const res = await page.request.get(`/api/deliveries/${note.id}/download/${format}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(res.status()).toBe(200);
    return /filename="?([^";]+)"?/.exec(res.headers()['content-disposition'] ?? '')?.[1];
  };

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download CSV of scrap delivery note ${note.id}` }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(await header('csv'));
  const text = (await readFile(await csv.path())).toString('utf8');
  for (const r of receipts) expect(text).toContain(r.lbNumber);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download PDF of scrap delivery note ${note.id}` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(await header('pdf'));
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
});

test('the Items count opens /main with the note’s receipts', async ({ adminPage: page, admin }) => {
  const { note, receipts } = await seedDelivery(admin, { type: 'transfer', items: 2 });
  await page.goto('/#/delivery-list/transfer');
  await page.getByRole('link', { name: `2 items of transfer delivery note ${note.id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/main\\?deliveryId=${note.id}$`));
  const table = page.getByRole('table', { name: 'Receipts' });
  for (const r of receipts) await expect(table.getByRole('cell', { name: r.lbNumber, exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('a pending note is deleted; an approved one cannot be', async ({ adminPage: page, admin }) => {
  const pending = await seedDelivery(admin, { type: 'transfer', items: 1 });
  const approved = await seedDelivery(admin, { type: 'transfer', items: 1, world: pending.world });
  await approveDelivery(admin, approved.note.id);
  await page.goto('/#/delivery-list/transfer');

  const approvedDelete = noteRow(page, 'transfer', approved.note.id).getByRole('button', { name: 'Delete' });
  await expect(approvedDelete).toHaveAttribute('aria-disabled', 'true');
  await expect(approvedDelete).toHaveAccessibleDescription('This delivery note is approved and can no longer be changed.');

  const row = noteRow(page, 'transfer', pending.note.id);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(noteRow(page, 'transfer', approved.note.id)).toHaveCount(1);
});

test('a Production user cannot delete a delivery note: the icon is disabled', async ({ page, admin, playwright, baseURL }) => {
  const { note } = await seedDelivery(admin, { type: 'scrap', items: 1 });
  const user = await createUser(admin, { role: 'Production' });
  const request = await playwright.request.newContext({ baseURL });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await request.dispose();

  await page.goto('/#/delivery-list/scrap');
  const row = noteRow(page, 'scrap', note.id);
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `#/update-scrap/${note.id}`);
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('error sheet: the list leads to its preview, a line is deleted, Save Error Sheet returns to the list', async ({
  adminPage: page,
  admin,
}) => {
  const { note, receipts } = await seedDelivery(admin, { type: 'error_sheet', items: 2 });
  await page.goto('/#/error-sheet');
  await expect(page.getByRole('heading', { name: 'Error Sheet', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `2 items of error sheet ${note.id}`, exact: true }) });
  await expect(row.getByRole('button', { name: `Download CSV of error sheet ${note.id}` })).toBeVisible();
  await expect(row.getByRole('button', { name: /Download PDF/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `#/error-sheet/${note.id}/update`);
  await expectAccessible(page);

  await row.getByRole('link', { name: `2 items of error sheet ${note.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/error-sheet/${note.id}/preview$`));
  await expect(page.getByRole('heading', { name: `Error Sheet ${note.id}`, level: 1 })).toBeVisible();
  const [first, second] = receipts;
  const firstRow = page.getByRole('row', { name: new RegExp(first!.lbNumber) });
  const secondRow = page.getByRole('row', { name: new RegExp(second!.lbNumber) });
  await expect(secondRow.getByRole('cell', { name: '14/06/2019' })).toBeVisible();
  const lines = await deliveryLines(admin, note.id);
  await expect(firstRow.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `#/coolers-edit/${lines[0]!.inventoryItem.id}`);
  await expectAccessible(page);

  await firstRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(firstRow).toHaveCount(0);
  expect((await deliveryLines(admin, note.id)).map((l) => l.lbNumber)).toEqual([second!.lbNumber]);
  // The last line stays: the server keeps at least one, so its delete says why.
  await expect(secondRow.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: 'Save Error Sheet' }).click();
  await expect(page.getByText('Delivery was successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/error-sheet$/);
  await expect(page.getByRole('link', { name: `1 item of error sheet ${note.id}`, exact: true })).toBeVisible();
});

test('sorting: the first click sorts descending, the next ascending', async ({ adminPage: page, admin }) => {
  const world = (await seedDelivery(admin, { type: 'transfer', items: 3 })).world;
  await seedDelivery(admin, { type: 'transfer', items: 1, world });
  await page.goto('/#/delivery-list/transfer');
  const items = page.getByRole('columnheader', { name: 'Items' });
  await items.getByRole('button').click();
  await expect(page).toHaveURL(/order\[itemsCount\]=desc/);
  await expect(items).toHaveAttribute('aria-sort', 'descending');
  const counts = async () => (await page.getByRole('link', { name: /items? of transfer delivery note/ }).allTextContents()).map(Number);
  await expect.poll(async () => (await counts()).length).toBeGreaterThan(1);
  const desc = await counts();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));

  await items.getByRole('button').click();
  await expect(page).toHaveURL(/order\[itemsCount\]=asc/);
  await expect(items).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await counts())[0]).toBe(1);
  const asc = await counts();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
});

test('the create buttons open /create-dn with the list’s type', async ({ adminPage: page }) => {
  for (const [list, label, type] of [
    ['/#/delivery-list/transfer', 'Create delivery note', 'transfer'],
    ['/#/delivery-list/scrap', 'Create delivery note', 'scrap'],
    ['/#/error-sheet', 'Create error sheet', 'error_sheet'],
  ] as const) {
    await page.goto(list);
    await page.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(/#\/create-dn$/);
    // react-router keeps the navigation state under history.state.usr.
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({ type });
  }
});

test('an error-sheet preview address holding a transfer note says so instead of listing its lines', async ({ adminPage: page, admin }) => {
  const { note } = await seedDelivery(admin, { type: 'transfer', items: 1 });
  await page.goto(`/#/error-sheet/${note.id}/preview`);
  await expect(page.getByRole('alert')).toHaveText(`This delivery note is of type transfer.`);
  await expect(page.getByRole('button', { name: 'Save Error Sheet' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a note's ID and customer stay on screen as the list scrolls sideways; the Actions never cover the Approved switch", async ({
    adminPage: page,
    admin,
  }) => {
    const { note, world } = await seedDelivery(admin, { type: 'transfer', items: 1 });
    await page.goto('/#/delivery-list/transfer');
    const row = noteRow(page, 'transfer', note.id);
    // The first cell holds the selection's checkbox (docs/decisions/257); the key is the next.
    const key = row.getByRole('cell').nth(1);
    const actions = row.getByRole('cell').last();
    const approved = row.getByRole('switch', { name: `Approve transfer delivery note ${note.id}`, exact: true });
    await expect(key).toContainText(String(note.id));
    await expect(key).toContainText(world.account.name);
    await expect(key).toBeInViewport({ ratio: 1 });
    expect(await apart(key, actions)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Scrolled to the far end, the key and the Actions are still there; scrolled so that the Approved
    // column starts beside the key, the switch shows whole, under neither sticky column.
    const table = page.getByRole('table', { name: 'Transfer delivery notes' });
    expect(await scrollTableTo(table, 10_000)).not.toBeNull();
    await expect(key).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('link', { name: 'Edit' })).toBeInViewport({ ratio: 1 });
    await scrollBeside(
      table,
      row.getByRole('cell').filter({ has: page.getByRole('switch', { name: `Approve transfer delivery note ${note.id}`, exact: true }) }),
      key,
    );
    await expect(approved).toBeInViewport({ ratio: 1 });
    expect(await apart(approved, actions)).toBe(true);
    expect(await apart(approved, key)).toBe(true);
    await expectAccessible(page);
  });
});
