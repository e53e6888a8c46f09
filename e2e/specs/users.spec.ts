/** Users administration (docs/product.md §2.4): the modals, colours, filters and the shared delete. */
import { PASSWORD_TOO_SHORT } from '@cooler-hub/contract/users';
import { test, expect, expectAccessible } from '../support/fixtures';
import { createUser, unique } from '../support/seed';

test('an admin creates, edits and deletes a user through the modals', async ({ adminPage: page }) => {
  const name = unique('jane');
  await page.goto('/#/users');
  await page.getByRole('button', { name: 'Create New User' }).click();
  const create = page.getByRole('dialog', { name: 'Create New User' });
  await expect(create.getByLabel('Name')).toBeFocused();
  await expectAccessible(page);

  // an invalid create marks every required field 'Required Field', and says nothing else yet
  await create.getByRole('button', { name: 'Create' }).click();
  for (const label of ['Name', 'Email', 'Password', 'Role']) {
    await expect(create.getByLabel(label), label).toHaveAccessibleDescription(/Required Field/);
  }
  await expect(create.getByText('Required Field')).toHaveCount(4);
  await expect(create.getByText(PASSWORD_TOO_SHORT)).toHaveCount(0);
  await expect(create.getByText('Choose Admin or Production.')).toHaveCount(0);
  // once typed, a value meets the field's own rule
  await create.getByLabel('Password').fill('short');
  await expect(create.getByLabel('Password')).toHaveAccessibleDescription(PASSWORD_TOO_SHORT);
  await expect(create.getByText('Required Field')).toHaveCount(3);

  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Email').fill(`${name}@example.com`);
  await create.getByLabel('Role').selectOption('Production');
  await create.getByLabel('Password').fill('Password-123');
  await create.getByLabel('Color').selectOption('Teal');
  await create.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('User created')).toBeVisible();
  await expect(create).toBeHidden();
  await page.goto(`/#/users?username=${name}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Production');
  const nameCell = row.getByText(name, { exact: true });
  const teal = await nameCell.evaluate((el) => getComputedStyle(el).color);
  expect(teal).not.toBe(await row.getByText(`${name}@example.com`).evaluate((el) => getComputedStyle(el).color));

  // edit: Update User waits for a change; a role change away from Production clears the colour
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('button', { name: 'Update User' })).toBeDisabled();
  await expect(edit.getByLabel('Color')).toHaveValue('Teal');
  await expect(edit.getByLabel('Name')).toBeFocused();
  await edit.getByLabel('Role').selectOption('Admin');
  await expect(edit.getByLabel('Color')).toHaveCount(0);
  await edit.getByLabel('Role').selectOption('Production');
  await expect(edit.getByLabel('Color')).toHaveValue('');
  await edit.getByLabel('Role').selectOption('Admin');
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText(/^User \d+ updated$/)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Admin');
  const plain = await row.getByText(name, { exact: true }).evaluate((el) => getComputedStyle(el).color);
  expect(plain).not.toBe(teal);

  // delete through the shared dialog
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(page.getByText('No items matched your search')).toBeVisible();
});

test("the server says 'Required Field' for each missing field of a new user", async ({ admin, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const res = await request.post('/api/hub_users', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username: '', email: ' ', role: null, plainPassword: '' },
  });
  expect(res.status()).toBe(400);
  const { violations } = (await res.json()) as { violations: { propertyPath: string; message: string }[] };
  expect(Object.fromEntries(violations.map((v) => [v.propertyPath, v.message]))).toEqual({
    username: 'Required Field',
    email: 'Required Field',
    role: 'Required Field',
    plainPassword: 'Required Field',
  });
  await request.dispose();
});

test('a taken name comes back on the Name field', async ({ adminPage: page, admin }) => {
  const existing = await createUser(admin);
  await page.goto('/#/users');
  await page.getByRole('button', { name: 'Create New User' }).click();
  const create = page.getByRole('dialog', { name: 'Create New User' });
  await create.getByLabel('Name').fill(existing.username);
  await create.getByLabel('Email').fill(`${unique('x')}@example.com`);
  await create.getByLabel('Role').selectOption('Admin');
  await create.getByLabel('Password').fill('Password-123');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('This value is already used.')).toBeVisible();
  await expect(create).toBeVisible();
});

test('filters go into the query string and come back from it', async ({ adminPage: page, admin }) => {
  const prefix = unique('flt');
  await createUser(admin, { username: `${prefix}-prod`, role: 'Production' });
  await createUser(admin, { username: `${prefix}-adm`, role: 'Admin' });

  await page.goto('/#/users?page=2');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Choose filter' });
  // measured once the panel has finished sliding in
  await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(540);
  await expectAccessible(page);
  await panel.getByLabel('Name').fill(prefix);
  await panel.getByLabel('Role').selectOption('Admin');
  await panel.getByRole('button', { name: 'Apply filters' }).click();

  await expect(page).toHaveURL(new RegExp(`username=${prefix}`));
  await expect(page).toHaveURL(/role=Admin/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText('1 item(s)')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${prefix}-adm`) })).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Choose filter' });
  await expect(again.getByLabel('Name')).toHaveValue(prefix);
  await expect(again.getByLabel('Role')).toHaveValue('Admin');

  await again.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).not.toHaveURL(/username=|role=/);
  await expect(again.getByLabel('Name')).toHaveValue('');
});
