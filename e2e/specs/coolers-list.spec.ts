/**
 * Coolers (docs/product.md §2.11, §5.3, §6, §8), as a new user would meet them: a cooler created
 * through the form (required fields, the date of manufacture filled from the serial, a duplicate
 * serial refused on its field), found in Cooler History, edited, its history of changes read, and
 * deleted; a Production user sees the delete icon disabled.
 */
import type { Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { PartNumber } from '@cooler-hub/contract/settings';
import { ADMIN_USERNAME } from '../support/accounts';
import { apiToken, expectAccessible, signInWithToken, test, expect } from '../support/fixtures';
import { createCooler, createPartNumber, createUser, unique } from '../support/seed';

async function pickPartNumber(page: Page, part: PartNumber) {
  const box = page.getByRole('combobox', { name: 'Part number' });
  await box.fill('');
  await box.pressSequentially(part.partNumber);
  await page.getByRole('option', { name: part.partNumber }).click();
  await expect(box).toHaveValue(part.partNumber);
}

test('Cooler History lists coolers with Part Number, LB and Serial number, sorts and opens Create Cooler', async ({
  adminPage: page,
  admin,
}) => {
  const existing = await createCooler(admin, { dateOfManufacture: '2020-01-31' });
  await page.goto('/#/coolers-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Cooler History' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Part Number', 'LB', 'Serial number', 'Actions']);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Serial number', exact: true }).click();
  await expect(page).toHaveURL(/order\[serialNumber\]=/);
  await page.getByRole('button', { name: 'Part Number', exact: true }).click();
  await expect(page).toHaveURL(/order\[partNumber\]=/);

  // the serial number search of the filter panel
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const serialFilter = page.getByRole('dialog').getByRole('textbox', { name: 'Serial number' });
  await expect(serialFilter).toBeFocused();
  await serialFilter.fill(existing.serialNumber);
  await serialFilter.press('Enter');
  await expect(page).toHaveURL(new RegExp(`serialNumber=${existing.serialNumber}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(existing.serialNumber);
  await expect(page.getByRole('row').nth(1)).toContainText(existing.partNumber.partNumber);

  await page.getByRole('link', { name: 'Create Cooler' }).click();
  await expect(page).toHaveURL(/#\/coolers-create$/);
});

test('a cooler is created through the form, edited, its history read and deleted', async ({ adminPage: page, admin }) => {
  // One story over four screens with five accessibility scans: ≈25 s alone, more under a loaded CI.
  test.slow();
  const [first, second] = [await createPartNumber(admin), await createPartNumber(admin)];
  const taken = await createCooler(admin, { part: first, dateOfManufacture: '2020-01-31' });
  const serial = unique('SN19870215X');

  await page.goto('/#/coolers-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Cooler' })).toBeVisible();
  const serialBox = page.getByRole('textbox', { name: 'Serial number' });
  const domBox = page.getByRole('textbox', { name: 'Date of manufacture' });
  await expect(serialBox).toBeFocused();
  await expectAccessible(page);

  // all three are required
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required Field')).toHaveCount(3);
  await expect(serialBox).toHaveAccessibleDescription(/Required Field/);
  await expect(domBox).toHaveAccessibleDescription(/Required Field/);

  // typing the serial fills the date of manufacture: 1987-02-15 is raised to 1991
  await serialBox.pressSequentially(serial);
  await expect(domBox).toHaveValue('15/02/1991');
  await expect(page.getByText('Required Field')).toHaveCount(1); // only the part number is left
  await pickPartNumber(page, first);
  await expect(page.getByText('Required Field')).toHaveCount(0);

  // a date the user sets stays while the serial changes; a taken serial is refused on its field
  await domBox.fill('20/05/2015');
  await serialBox.click();
  await expect(domBox).toHaveValue('20/05/2015');
  await serialBox.fill(taken.serialNumber);
  await expect(domBox).toHaveValue('20/05/2015');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(serialBox).toHaveAccessibleDescription('This value is already used.');
  await expect(page).toHaveURL(/#\/coolers-create$/);
  await expectAccessible(page);

  await serialBox.fill(serial);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Cooler was successfully created')).toBeVisible();
  await expect(page).toHaveURL(/#\/coolers-list/);
  const [created] = (await admin.get<ListResponse<Cooler>>(`/api/coolers?serialNumber=${encodeURIComponent(serial)}`)).items;
  expect(created).toMatchObject({
    serialNumber: serial,
    partNumber: { id: first.id, partNumber: first.partNumber },
    dateOfManufacture: '2015-05-20',
    modelNumber: null,
    lastLbNumber: null,
  });

  await page.goto(`/#/coolers-list?serialNumber=${encodeURIComponent(serial)}`);
  const row = page.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText(first.partNumber);

  // edit: Update waits for a change
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/coolers-edit/${created!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Cooler' })).toBeVisible();
  await expect(serialBox).toHaveValue(serial);
  await expect(domBox).toHaveValue('20/05/2015');
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await expectAccessible(page);
  await pickPartNumber(page, second);
  await update.click();
  await expect(page.getByText('Cooler was updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/coolers-list/);
  await expect(row).toContainText(second.partNumber);

  // its history: the update above the create, each with its time and user
  await row.getByRole('link', { name: 'History of changes' }).click();
  await expect(page).toHaveURL(new RegExp(`#/coolers-revisions/${created!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'History of changes' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Created', 'Changes', 'User']);
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(3);
  const cells = (n: number) => rows.nth(n).getByRole('cell');
  await expect(cells(1)).toHaveText([
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    `Part number: ${first.partNumber} → ${second.partNumber}`,
    ADMIN_USERNAME,
  ]);
  await expect(cells(2).nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(cells(2).nth(1)).toContainText('Cooler created');
  await expect(cells(2).nth(1)).toContainText(`Serial number: ${serial}`);
  await expect(cells(2).nth(1)).toContainText('Date of manufacture: 20/05/2015');
  await expect(cells(2).nth(2)).toHaveText(ADMIN_USERNAME);
  await expectAccessible(page);

  // delete through the shared dialog
  await page.getByRole('main').getByRole('link', { name: 'Cooler History' }).click();
  await expect(page).toHaveURL(/#\/coolers-list$/);
  await page.goto(`/#/coolers-list?serialNumber=${encodeURIComponent(serial)}`);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a Production user cannot delete a cooler: the icon is disabled', async ({ page, admin, playwright, baseURL }) => {
  const kept = await createCooler(admin, { dateOfManufacture: '2020-01-31' });
  const user = await createUser(admin, { role: 'Production' });
  const request = await playwright.request.newContext({ baseURL });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await request.dispose();

  await page.goto(`/#/coolers-list?serialNumber=${encodeURIComponent(kept.serialNumber)}`);
  const row = page.getByRole('row', { name: new RegExp(kept.serialNumber) });
  await expect(row.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expectAccessible(page);
});
