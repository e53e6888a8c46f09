/**
 * Update receipt (/receipt/:id/edit) and its history: an update through every process option and
 * both modes, each change listed in the history; 20 wedge scans a second into the engineer number;
 * two people editing one receipt in two browsers (docs/decisions/200): the second save is refused
 * with the sentence naming the first editor; 'Review changes' shows theirs beside yours and saving
 * again lands both changes; 'Reload' discards what was typed and shows what is stored.
 */
import type { Locator, Page } from '@playwright/test';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { ADMIN_USERNAME } from '../support/accounts';
import { apiToken, expect, expectAccessible, signInWithToken, test } from '../support/fixtures';
import { pickOption } from '../support/receipt-form';
import { BY_ENGINEER, createCooler, createReceipt, createUser, receiptWorld, seedReceipt } from '../support/seed';
import { scan } from '../support/scanner';

async function openInFreshBrowser(page: Page, id: string) {
  // A page already on the app would only change its hash, and show the receipt it read less than
  // ten seconds ago (its query's staleTime): leave the app first, so the load is a fresh one.
  await page.goto('about:blank');
  await page.goto(`/#/receipt/${id}/edit`);
  // A browser's first load of the app (two fresh browsers here) can take long on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Update receipt' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Notes' })).toBeVisible();
}

declare global {
  interface Window {
    /** What the 20-scans test saw the app put into the engineer-number input. */
    engineerValues?: string[];
  }
}

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

const stale = new RegExp(`^This receipt was changed by ${ADMIN_USERNAME} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after you opened it\\.$`);

test('two people edit one receipt: the second save shows who changed it; Review changes shows both and saves both; Reload discards', async ({
  adminPage: ann,
  admin,
  browser,
  baseURL,
}) => {
  test.slow();
  const { receipt } = await seedReceipt(admin, { ...BY_ENGINEER, notes: 'Door seal torn', assetNo: 'A-100' });
  const stored = () => admin.get<Receipt>(`/api/receipts/${receipt.id}`);

  // Bob: another user in a browser of his own.
  const bobUser = await createUser(admin, { role: 'Production' });
  const bobContext = await browser.newContext({ baseURL });
  const bob = await bobContext.newPage();
  await signInWithToken(bob, await apiToken(bobContext.request, bobUser.username, bobUser.password));

  try {
    // Both open the receipt.
    await openInFreshBrowser(ann, receipt.id);
    await openInFreshBrowser(bob, receipt.id);

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
    await expect
      .poll(async () => {
        const now = await stored();
        return [now.notes, now.assetNo];
      })
      .toEqual(['Door seal replaced', 'A-200']);

    // Reload discards: Bob opens it again, Ann changes it meanwhile, Bob's typing is refused and
    // Reload shows what is stored, keeping nothing he typed.
    await openInFreshBrowser(bob, receipt.id);
    await openInFreshBrowser(ann, receipt.id);
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

test('a receipt is updated through every process option and both modes, and its history lists each change', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const cooler = await createCooler(admin, { dateOfManufacture: '2020-01-31' });
  const receipt = await createReceipt(admin, world, cooler, BY_ENGINEER);
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
  await pickOption(page, 'Scrap reason', `${world.scrapReason.code} - ${world.scrapReason.reason}`, world.scrapReason.reason);
  await saveUpdate(page);
  expect(await get()).toMatchObject({ processOption: 'D', processState: 'D5', scrapReason: world.scrapReason.code });

  // S: the state goes at once, the scrap reason stays (it applies to S too); collection point mode clears the engineer number
  await openEdit(page, receipt.id);
  await option(page).selectOption('S');
  await expect(state).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Scrap reason' })).toHaveValue(new RegExp(`^${world.scrapReason.code}`));
  await page.getByRole('radio', { name: 'Collection point' }).check();
  await expect(page.getByRole('textbox', { name: 'Engineer number' })).toHaveCount(0);
  await pickOption(page, 'Collection point', world.collectionPoint.name);
  await page.getByRole('textbox', { name: 'Notes' }).fill('Scrapped');
  await saveUpdate(page);
  expect(await get()).toMatchObject({
    processOption: 'S',
    processState: null,
    scrapReason: world.scrapReason.code,
    collectionPoint: { id: world.collectionPoint.id },
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
  await expect(cells(2).nth(1)).toContainText(`Collection point: — → ${world.collectionPoint.name}`);
  await expect(cells(3).nth(1)).toContainText('Process state: D4 → D5');
  await expect(cells(4).nth(1)).toContainText('Process option: X → D');
  await expect(cells(5).nth(1)).toContainText('Receipt created');
  await expect(cells(5).nth(1)).toContainText(`LB number: ${receipt.lbNumber}`);
  await expect(cells(5).nth(1)).toContainText(/Receipt date: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);
});

test('20 scans a second into the engineer number: every scan read once, in order, nothing merged', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const { receipt } = await seedReceipt(admin, { world, ...BY_ENGINEER });
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
