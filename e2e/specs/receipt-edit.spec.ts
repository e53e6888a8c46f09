/**
 * Two people editing one receipt in two browsers (docs/decisions/200): the second save is refused
 * with the sentence naming the first editor; 'Review changes' shows theirs beside yours and saving
 * again lands both changes; 'Reload' discards what was typed and shows what is stored.
 */
import type { Page } from '@playwright/test';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { ADMIN_USERNAME } from '../support/accounts';
import { apiToken, expect, expectAccessible, signInWithToken, test } from '../support/fixtures';
import { receiptReferenceData, receiptSeed } from '../support/receipt-data';

async function openEdit(page: Page, id: string) {
  await page.goto(`/#/receipt/${id}/edit`);
  // A browser's first load of the app (two fresh browsers here) can take long on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Update receipt' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Notes' })).toBeVisible();
}

const stale = new RegExp(`^This receipt was changed by ${ADMIN_USERNAME} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after you opened it\\.$`);

test('two people edit one receipt: the second save shows who changed it; Review changes shows both and saves both; Reload discards', async ({
  adminPage: ann,
  admin,
  browser,
  baseURL,
}) => {
  test.slow();
  const ref = await receiptReferenceData(admin);
  const { receipt } = await receiptSeed(admin, ref, { notes: 'Door seal torn', assetNo: 'A-100' });
  const stored = () => admin.get<Receipt>(`/api/receipts/${receipt.id}`);

  // Bob: another user in a browser of his own.
  const bobUser = await admin.createUser({ role: 'Production' });
  const bobContext = await browser.newContext({ baseURL });
  const bob = await bobContext.newPage();
  await signInWithToken(bob, await apiToken(bobContext.request, bobUser.username, bobUser.password));

  try {
    // Both open the receipt.
    await openEdit(ann, receipt.id);
    await openEdit(bob, receipt.id);

    // Ann changes Notes and saves: it lands.
    await ann.getByRole('textbox', { name: 'Notes' }).fill('Door seal replaced');
    await ann.getByRole('button', { name: 'Update' }).click();
    await expect(ann.getByText('Receipt has been successfully updated').last()).toBeVisible();
    await expect.poll(async () => (await stored()).notes).toBe('Door seal replaced');

    // Bob changes Asset No. on the version he opened: refused, with the sentence; nothing written.
    await bob.getByRole('textbox', { name: 'Asset No.' }).fill('A-200');
    await bob.getByRole('button', { name: 'Update' }).click();
    const conflict = bob.getByRole('alert').filter({ hasText: 'after you opened it' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByText(stale)).toBeVisible();
    await expect(bob).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit`));
    expect((await stored()).assetNo).toBe('A-100');
    await expectAccessible(bob);

    // Review changes: theirs beside yours, field by field.
    await conflict.getByRole('button', { name: 'Review changes' }).click();
    const table = bob.getByRole('table', { name: 'Changes since you opened it' });
    await expect(table).toBeVisible();
    const notesRow = table.getByRole('row', { name: /^Notes/ });
    await expect(notesRow.getByRole('cell').nth(0)).toHaveText('Door seal replaced');
    await expect(notesRow.getByRole('cell').nth(1)).toHaveText('Door seal replaced (theirs kept)');
    const assetRow = table.getByRole('row', { name: /^Asset No\./ });
    await expect(assetRow.getByRole('cell').nth(0)).toHaveText('A-100');
    await expect(assetRow.getByRole('cell').nth(1)).toHaveText('A-200');
    // The form now holds their Notes and his Asset No.
    await expect(bob.getByRole('textbox', { name: 'Notes' })).toHaveValue('Door seal replaced');
    await expect(bob.getByRole('textbox', { name: 'Asset No.' })).toHaveValue('A-200');
    await expectAccessible(bob);

    // Saving again lands on the new version: both changes are kept.
    await bob.getByRole('button', { name: 'Update' }).click();
    await expect(bob.getByText('Receipt has been successfully updated').last()).toBeVisible();
    await expect.poll(async () => {
      const now = await stored();
      return [now.notes, now.assetNo];
    }).toEqual(['Door seal replaced', 'A-200']);

    // Reload discards: Bob opens it again, Ann changes it meanwhile, Bob's typing is refused and
    // Reload shows what is stored, keeping nothing he typed.
    await openEdit(bob, receipt.id);
    await openEdit(ann, receipt.id);
    await ann.getByRole('textbox', { name: 'Notes' }).fill('Compressor noisy');
    await ann.getByRole('button', { name: 'Update' }).click();
    await expect(ann.getByText('Receipt has been successfully updated').last()).toBeVisible();
    await expect.poll(async () => (await stored()).notes).toBe('Compressor noisy');

    await bob.getByRole('textbox', { name: 'Asset No.' }).fill('A-300');
    await bob.getByRole('textbox', { name: 'Tag Fault Comment' }).fill('typed by Bob');
    await bob.getByRole('button', { name: 'Update' }).click();
    await expect(conflict.getByText(stale)).toBeVisible();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect(conflict).toHaveCount(0);
    await expect(bob.getByRole('textbox', { name: 'Notes' })).toHaveValue('Compressor noisy');
    await expect(bob.getByRole('textbox', { name: 'Asset No.' })).toHaveValue('A-200');
    await expect(bob.getByRole('textbox', { name: 'Tag Fault Comment' })).toHaveValue('');
    await expect(bob.getByRole('button', { name: 'Update' })).toBeDisabled();
    const now = await stored();
    expect([now.notes, now.assetNo, now.tagFaultComment]).toEqual(['Compressor noisy', 'A-200', null]);
  } finally {
    await bobContext.close();
  }
});
