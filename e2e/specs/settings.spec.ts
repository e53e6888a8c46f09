/**
 * Settings and reference data (docs/product.md §2.12, §5.4, §8): the four lists, and creating, editing and
 * deleting a CC code, a part number, a collection point and a scrap reason through their forms.
 */
import type { Locator, Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { CcCode, CollectionPoint, PartNumber, ScrapReason } from '@cooler-hub/contract/settings';
import { test, expect, expectAccessible } from '../support/fixtures';
import { unique } from '../support/seed';

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

/**
 * Other specs add part numbers and points too, so a new one may be past page 1: sort the list the
 * way that puts it first (a first click sorts descending, docs/product.md §2.2), as a person looking for it would.
 */
async function newestFirst(page: Page, list: string, column: string) {
  const header = section(page, list).getByRole('columnheader', { name: column, exact: true });
  if ((await header.getAttribute('aria-sort')) !== 'descending') await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
}

async function removeRow(page: Page, row: Locator) {
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete item?' });
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(row).toHaveCount(0);
}

test('the Settings screen shows its four lists, each with its own create link and URL state', async ({ adminPage: page }) => {
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const expected: [string, string[], RegExp][] = [
    ['CC codes', ['Code', 'Name', 'Price', 'Actions'], /#\/ccodes\/new$/],
    ['Part numbers', ['Part Number', 'Description', 'Actions'], /#\/part-number-create$/],
    ['Collection points', ['ID', 'Name', 'Actions'], /#\/collection_point\/new$/],
    ['Scrap reasons', ['Code', 'Name', 'Actions'], /#\/scrap_reason\/new$/],
  ];
  for (const [name, headers] of expected) {
    const list = section(page, name);
    await expect(list.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(list.getByRole('columnheader')).toHaveText(headers);
    await expect(list.getByRole('link', { name: 'Add New' })).toBeVisible();
  }
  // the seeded CC codes show their prices in pounds
  await expect(
    section(page, 'CC codes')
      .getByRole('cell', { name: /^£\d{1,3}(,\d{3})*\.\d{2}$/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);

  // sorting one list leaves the others alone
  await section(page, 'Part numbers').getByRole('button', { name: 'Part Number', exact: true }).click();
  await expect(page).toHaveURL(/pn\.order\[partNumber\]=desc/);
  await section(page, 'CC codes').getByRole('button', { name: 'Code', exact: true }).click();
  await expect(page).toHaveURL(/cc\.order\[code\]=desc/);
  await expect(page).toHaveURL(/pn\.order\[partNumber\]=desc/);
  await expect(section(page, 'Part numbers').getByRole('columnheader', { name: 'Part Number' })).toHaveAttribute('aria-sort', 'descending');

  for (const [name, , url] of expected) {
    await page.goto('/#/settings');
    await section(page, name).getByRole('link', { name: 'Add New' }).click();
    await expect(page).toHaveURL(url);
  }
});

test('part numbers are paginated, CC codes show every row', async ({ adminPage: page, admin }) => {
  const prefix = unique('ZPN');
  const created: string[] = [];
  for (let i = 0; i < 21; i++) {
    const pn = await admin.post<PartNumber>('/api/part_numbers', {
      id: crypto.randomUUID(),
      partNumber: `${prefix}-${String(i).padStart(2, '0')}`,
      description: null,
    });
    created.push(pn.id);
  }
  try {
    await page.goto('/#/settings');
    const parts = section(page, 'Part numbers');
    await expect(parts.getByTestId('list-summary')).toHaveText(/^1-20 of \d+ items$/);
    await parts.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/pn\.page=2/);
    await expect(parts.getByTestId('list-summary')).toHaveText(/^21-\d+ of \d+ items$/);
    await expect(section(page, 'CC codes').getByTestId('list-summary')).toHaveText(/^\d+ item\(s\)$/);
    await expect(section(page, 'CC codes').getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await expect(section(page, 'Scrap reasons').getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  } finally {
    for (const id of created) {
      await page.request.delete(`/api/part_numbers/${id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    }
  }
});

test('a CC code is created, edited and deleted; its price is typed in pounds and stored in pence', async ({ adminPage: page, admin }) => {
  const code = unique('CC');
  await page.goto('/#/settings');
  await section(page, 'CC codes').getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create CC code' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeFocused();
  await expectAccessible(page);

  // an empty create says what is missing
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required Field')).toHaveCount(3);

  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fridge repair');
  const price = page.getByRole('textbox', { name: 'Price', exact: true });
  // no negatives, arrow keys ignored, two fixed decimals and comma thousands
  await price.pressSequentially('-12');
  await expect(price).toHaveValue('12.00');
  await price.press('ArrowUp');
  await expect(price).toHaveValue('12.00');
  await price.fill('');
  await price.pressSequentially('1234.5', { delay: 50 }); // typed at a person's pace: the formatter re-renders between keys
  await price.blur();
  await expect(price).toHaveValue('1,234.50');
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('Ccode has been successfully created')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  const row = section(page, 'CC codes').getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Fridge repair');
  await expect(row).toContainText('£1,234.50');
  const stored = await admin.get<ListResponse<CcCode>>(`/api/cc_codes?code=${code}`);
  expect(stored.items.map((c) => c.price)).toEqual([{ amount: 123450, currency: 'GBP' }]);

  // edit: Update waits for a change; the form starts from the stored values
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/ccodes/${stored.items[0]!.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Update CC code' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
  await expect(price).toHaveValue('1,234.50');
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fridge overhaul');
  await price.fill('');
  await price.pressSequentially('2000.456', { delay: 50 });
  await price.blur();
  await expect(price).toHaveValue('2,000.45');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Ccode has been successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  await expect(row).toContainText('Fridge overhaul');
  await expect(row).toContainText('£2,000.45');
  const updated = await admin.get<CcCode>(`/api/cc_codes/${stored.items[0]!.id}`);
  expect(updated.price.amount).toBe(200045);

  await removeRow(page, row);
});

test('a part number is created, edited and deleted', async ({ adminPage: page, admin }) => {
  const number = unique('PN-');
  await page.goto('/#/settings');
  await section(page, 'Part numbers').getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add part number' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Part Number', exact: true })).toBeFocused();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required Field')).toBeVisible();
  await page.getByRole('textbox', { name: 'Part Number', exact: true }).fill(number);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Upright cooler\nGlass door');
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('Data has been saved')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  await newestFirst(page, 'Part numbers', 'Part Number');
  const row = section(page, 'Part numbers').getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Upright cooler');
  const stored = await admin.get<ListResponse<PartNumber>>(`/api/part_numbers?partNumber=${number}`);
  expect(stored.items.map((p) => p.description)).toEqual(['Upright cooler\nGlass door']);

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/part-number-edit/${stored.items[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Update part number ${number}` })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Upright cooler\nGlass door');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Upright cooler, solid door');
  await expect(submit).toBeEnabled();
  await expect(page.getByText('Data has been saved')).toHaveCount(0); // the create toast has gone
  await submit.click();

  await expect(page.getByText('Data has been saved')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  await newestFirst(page, 'Part numbers', 'Part Number');
  await expect(row).toContainText('Upright cooler, solid door');

  await removeRow(page, row);
});

test('a collection point is created, edited (read with its version) and deleted', async ({ adminPage: page, admin }) => {
  const name = unique('Point ');
  await page.goto('/#/settings');
  await section(page, 'Collection points').getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Point' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Point Name', exact: true })).toBeFocused();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Point Name', exact: true }).fill(name);
  // Enter never submits a data form (a scanner ends its burst with Enter; decision 040)
  await page.getByRole('textbox', { name: 'Point Name', exact: true }).press('Enter');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/#\/collection_point\/new$/);
  await expect(page.getByText('Collection Point created')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('Collection Point created')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  await newestFirst(page, 'Collection points', 'ID');
  const row = section(page, 'Collection points').getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const [point] = (await admin.get<ListResponse<CollectionPoint>>(`/api/collection_points?name=${encodeURIComponent(name)}`)).items;

  // the form reads the point it edits once: the save is checked against that read's version (docs/decisions/200)
  let reads = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes(`/api/collection_points/${point!.id}`)) reads++;
  });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/collection_point/${point!.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Update Point' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Point Name', exact: true })).toHaveValue(name);
  expect(reads).toBe(1);
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Point Name', exact: true }).fill(`${name} North`);
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Collection Point updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  await newestFirst(page, 'Collection points', 'ID');
  await expect(row).toContainText(`${name} North`);

  // opened directly, the form reads the point itself
  await page.goto(`/#/collection_point/${point!.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Point Name', exact: true })).toHaveValue(`${name} North`);

  await page.goto('/#/settings');
  await newestFirst(page, 'Collection points', 'ID');
  await removeRow(page, section(page, 'Collection points').getByRole('row', { name: new RegExp(name) }));
});

test('a scrap reason is created, edited (read with its version) and deleted', async ({ adminPage: page, admin }) => {
  const name = unique('Scrap ');
  const code = 10_000 + Math.floor(Math.random() * 80_000);
  await page.goto('/#/settings');
  await section(page, 'Scrap reasons').getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Scrap' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeFocused();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required Field')).toHaveCount(2);
  const codeInput = page.getByRole('textbox', { name: 'Code', exact: true });
  await codeInput.pressSequentially(`${code}.7`);
  await expect(codeInput).toHaveValue(`${code}7`); // whole numbers only
  await codeInput.fill(String(code));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('Scrap reason was created')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  const row = section(page, 'Scrap reasons').getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').first()).toHaveText(String(code));
  const [reason] = (await admin.get<ListResponse<ScrapReason>>(`/api/scrap_reasons?name=${encodeURIComponent(name)}`)).items;
  expect(reason).toMatchObject({ code, reason: name });

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/scrap_reason/${reason!.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Update Scrap' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(String(code));
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(String(code + 1));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} (updated)`);
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Scrap reason was updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings/);
  await expect(row).toContainText(`${name} (updated)`);
  expect(await admin.get<ScrapReason>(`/api/scrap_reasons/${reason!.id}`)).toMatchObject({ code: code + 1, reason: `${name} (updated)` });

  // opened directly, the form reads the reason itself
  await page.goto(`/#/scrap_reason/${reason!.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(String(code + 1));

  await page.goto('/#/settings');
  await removeRow(page, section(page, 'Scrap reasons').getByRole('row', { name: new RegExp(name) }));
});
