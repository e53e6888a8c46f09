/**
 * Every field a keyboard-wedge scanner types into, with the timing real scanners and people have
 * (support/keystroke-timing.ts: USB 1–8 ms, Bluetooth 7.5–30 ms with a 60 ms stall in one code of
 * ten, a busy page 0–100 ms, a person 80–250 ms), keys stamped through CDP (support/scanner.ts):
 * the code committed at Enter is the whole code and replaces what the field held; a person's typing
 * and Enter commit what was typed; Enter never submits a data form (docs/decisions/275).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createButton, engineerBox, lbBox, serialBox } from '../support/receipt-form';
import { SCANNER_PROFILES, scan, typeAsPerson } from '../support/scanner';
import { BY_ENGINEER, createCooler, receiptWorld, seedReceipt, uniqueLbNumber, type ReceiptWorld } from '../support/seed';

/**
 * The receipt's edit screen is open — drawn, not only addressed: the address changes before the
 * lazily loaded screen replaces the old one, and leaving before that keeps the old screen mounted.
 */
async function opened(page: Page, id: string) {
  await expect(page).toHaveURL(new RegExp(`#/receipt/${id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Update receipt' })).toBeVisible();
}

/** This user's receipt defaults (as a previous receipt leaves them): engineer mode, option X. */
async function rememberDefaults(page: Page, world: ReceiptWorld) {
  await page.evaluate(
    (r) => {
      const token = Object.values(localStorage).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v));
      if (!token) throw new Error('not signed in');
      const { sub } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string };
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      localStorage.setItem(
        `receipt-defaults:${sub}`,
        JSON.stringify({
          account: r.account,
          supplier: r.supplier,
          mode: 'engineer',
          collectionPoint: null,
          processOption: 'X',
          receiptDate: null,
          savedOn: today,
        }),
      );
    },
    { account: { id: world.account.id, name: world.account.name }, supplier: world.supplier },
  );
}

for (const profile of SCANNER_PROFILES) {
  test(`${profile} scanner: a cooler received with 3 scans and 1 click — serial, LB tag, engineer number`, async ({
    adminPage: page,
    admin,
  }) => {
    const world = await receiptWorld(admin);
    const cooler = await createCooler(admin);
    const lb = uniqueLbNumber();
    const engineer = `ENG-${Date.now() % 100000}`;
    await page.goto('/#/main');
    await rememberDefaults(page, world);
    await page.goto('/#/receipt-create');
    await expect(serialBox(page)).toBeFocused();

    await scan(page, cooler.serialNumber, { profile });
    await expect(lbBox(page)).toBeFocused();
    await expect(serialBox(page)).toHaveValue(cooler.serialNumber);
    // The field shows 'LB': the scanned tag replaces it (one LB, not 'LBLB…').
    await scan(page, lb, { profile });
    await expect(lbBox(page)).toHaveValue(lb);
    await expect(engineerBox(page)).toBeFocused();
    await scan(page, engineer, { profile });
    await expect(engineerBox(page)).toHaveValue(engineer);
    await expect(createButton(page)).toBeFocused();
    await expect(page).toHaveURL(/#\/receipt-create/); // no scan's Enter submitted the form
    await createButton(page).click();
    await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
    const found = await admin.get<{ items: { lbNumber: string; engineerNo: string | null; inventoryItem: { id: string } }[] }>(
      `/api/receipts?lbNumber=${lb}`,
    );
    expect(found.items.map((r) => [r.lbNumber, r.engineerNo, r.inventoryItem.id])).toEqual([[lb, engineer, cooler.id]]);
  });
}

test('LB Number: a scan replaces the old number, any profile, lower case upper-cased; typing gives one LB; left invalid says so; a taken number is named at once', async ({
  adminPage: page,
  admin,
}) => {
  const world = await receiptWorld(admin);
  const { receipt } = await seedReceipt(admin, { world, ...BY_ENGINEER });
  const { receipt: other, cooler: otherCooler } = await seedReceipt(admin, { world, ...BY_ENGINEER });
  await page.goto(`/#/receipt/${receipt.id}/edit`);
  const field = lbBox(page);
  await expect(field).toHaveValue(receipt.lbNumber);
  await field.click();

  for (const profile of SCANNER_PROFILES) {
    for (let i = 0; i < 4; i++) {
      const lb = uniqueLbNumber();
      await scan(page, lb, { profile });
      await expect(field).toHaveValue(lb);
    }
  }
  // A scanner with Caps Lock on sends lower case: the field's rule is upper case.
  const lower = uniqueLbNumber();
  await scan(page, lower.toLowerCase());
  await expect(field).toHaveValue(lower);
  await opened(page, receipt.id); // Enter never submitted

  // A person types over the field's 'LB': one LB, kept on leaving the field.
  await field.fill('LB');
  await typeAsPerson(page, 'LB4219030', { enter: false });
  await expect(field).toHaveValue('LB4219030');
  await field.press('Tab');
  await expect(field).toHaveValue('LB4219030');
  await expect(field).toHaveAccessibleDescription('');
  // Digits alone, or lower case, get their one LB too.
  await field.fill('123');
  await expect(field).toHaveValue('LB123');
  await field.fill('lb77');
  await expect(field).toHaveValue('LB77');
  // Left invalid: auto-formatted to 'LB' (docs/product.md §5.3) and said so.
  await field.fill('LB12A');
  await field.press('Tab');
  await expect(field).toHaveValue('LB');
  await expect(field).toHaveAccessibleDescription('Wrong Lb number');

  // A number already on another receipt is flagged as it is filled in, naming that receipt's cooler.
  await field.fill(other.lbNumber);
  await expect(field).toHaveAccessibleDescription(
    `This value is already used. It is on the receipt of cooler ${otherCooler.serialNumber}.`,
  );
  const link = page.getByRole('link', { name: otherCooler.serialNumber });
  await expect(link).toHaveAttribute('href', `#/receipt/${other.id}/edit`);
  // Its own number is not "taken".
  await field.fill(receipt.lbNumber);
  await expect(field).toHaveAccessibleDescription('');
  await expect(link).toHaveCount(0);
});

test('/main search: a scan replaces what the box held and opens its receipt, any profile; typed text and Enter searches it', async ({
  adminPage: page,
  admin,
}) => {
  for (const profile of SCANNER_PROFILES) {
    const { receipt } = await seedReceipt(admin);
    await page.goto('/#/main');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search).toBeFocused();
    await search.fill('LB123');
    await scan(page, receipt.lbNumber.toLowerCase(), { profile });
    await opened(page, receipt.id);
  }
  // A person types an LB number and presses Enter: the same receipt.
  const { receipt } = await seedReceipt(admin);
  await page.goto('/#/main');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeFocused();
  await search.fill(''); // the list remembers its last search: a person clears it first
  await typeAsPerson(page, receipt.lbNumber);
  await opened(page, receipt.id);
});

test('/lb-tag: a scan over typed text opens its receipt, any profile', async ({ adminPage: page, admin }) => {
  for (const profile of SCANNER_PROFILES) {
    const { receipt } = await seedReceipt(admin);
    await page.goto('/#/lb-tag');
    const lookup = page.getByRole('combobox', { name: 'Enter manually' });
    await expect(lookup).toBeFocused();
    await lookup.fill('LB9');
    await scan(page, receipt.lbNumber, { profile });
    await opened(page, receipt.id);
  }
  const { receipt } = await seedReceipt(admin);
  await page.goto('/#/lb-tag');
  await expect(page.getByRole('combobox', { name: 'Enter manually' })).toBeFocused();
  await typeAsPerson(page, receipt.lbNumber);
  await opened(page, receipt.id);
});

test('/scan-update typed field: a scan over what it held finds the receipt, any profile; so does a person typing', async ({
  adminPage: page,
  admin,
}) => {
  for (const profile of SCANNER_PROFILES) {
    const { receipt } = await seedReceipt(admin);
    await page.goto('/#/scan-update');
    const field = page.getByRole('textbox', { name: 'LB Number' });
    await field.fill('LB0');
    await scan(page, receipt.lbNumber, { profile });
    await opened(page, receipt.id);
  }
  // A person types the number and presses Enter.
  const { receipt } = await seedReceipt(admin);
  await page.goto('/#/scan-update');
  await page.getByRole('textbox', { name: 'LB Number' }).click();
  await typeAsPerson(page, receipt.lbNumber.toLowerCase());
  await opened(page, receipt.id);
});
