/** The shared list screen of docs/product.md §2.2, proven on the Users list. */
import { test, expect, expectAccessible } from '../support/fixtures';
import { createUser, unique } from '../support/seed';

test('paging, sorting, bookmarkable state and the empty message', async ({ adminPage: page, admin }) => {
  const prefix = unique('pg');
  for (let i = 1; i <= 25; i++) await createUser(admin, { username: `${prefix}-${String(i).padStart(2, '0')}` });

  await page.goto(`/#/users?username=${prefix}`);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText('1-20 of 25 items')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(21); // header + 20
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('21-25 of 25 items')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  // first click sorts descending and goes back to page 1
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page).toHaveURL(/order%5Busername%5D=desc|order\[username\]=desc/);
  await expect(page.getByText('1-20 of 25 items')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(`${prefix}-25`);
  // a second click toggles
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page.getByRole('row').nth(1)).toContainText(`${prefix}-01`);

  // the state lives in the URL: a reload shows the same page
  await page.reload();
  await expect(page.getByRole('row').nth(1)).toContainText(`${prefix}-01`);
  await expect(page.getByText('1-20 of 25 items')).toBeVisible();

  await page.goto(`/#/users?username=${unique('nobody')}`);
  await expect(page.getByText('No items matched your search')).toBeVisible();
});

test('a list that fits one page says N item(s)', async ({ adminPage: page, admin }) => {
  const prefix = unique('one');
  await createUser(admin, { username: `${prefix}-a` });
  await createUser(admin, { username: `${prefix}-b` });
  await page.goto(`/#/users?username=${prefix}`);
  await expect(page.getByText('2 item(s)')).toBeVisible();
});

test('delete asks first, Cancel keeps the row, Remove deletes it', async ({ adminPage: page, admin }) => {
  const user = await createUser(admin, { username: unique('del') });
  await page.goto(`/#/users?username=${user.username}`);
  const row = page.getByRole('row', { name: new RegExp(user.username) });
  await row.getByRole('button', { name: 'Delete' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete item?' });
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(page.getByText('No items matched your search')).toBeVisible();
});

test('your own row cannot be deleted, and its Delete icon says why', async ({ adminPage: page, admin }) => {
  const other = await createUser(admin, { username: unique('other') });
  await page.goto('/#/users');
  const own = page.getByRole('row', { name: /admin@coolerhub\.local/ });
  const ownDelete = own.getByRole('button', { name: 'Delete' });
  await expect(ownDelete).toBeDisabled();
  await expect(ownDelete).toHaveAccessibleDescription('You cannot delete your own account.');
  await ownDelete.hover();
  await expect(page.getByRole('tooltip', { name: 'You cannot delete your own account.' })).toBeVisible();
  await expectAccessible(page);
  // a click does nothing: no dialog that the server would refuse afterwards
  await ownDelete.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Delete item?' })).toHaveCount(0);

  // anyone else's row can be deleted
  await page.goto(`/#/users?username=${other.username}`);
  await expect(page.getByRole('row', { name: new RegExp(other.username) }).getByRole('button', { name: 'Delete' })).toBeEnabled();
});

test('a failed delete shows the server message', async ({ adminPage: page, admin }) => {
  const user = await createUser(admin, { username: unique('kept') });
  // The server's refusals a user can reach from this list (own account, last Admin) are blocked in
  // the UI before the call, so the refusal is answered in the network: the toast must carry its sentence.
  await page.route(
    (url) => url.pathname === `/api/hub_users/${user.id}`,
    (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 400,
            contentType: 'application/ld+json',
            body: JSON.stringify({
              '@type': 'hydra:Error',
              'hydra:title': 'An error occurred',
              'hydra:description': 'The last Admin user cannot be deleted.',
            }),
          })
        : route.fallback(),
  );
  await page.goto(`/#/users?username=${user.username}`);
  const row = page.getByRole('row', { name: new RegExp(user.username) });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The last Admin user cannot be deleted.' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete item?' })).toBeHidden();
  await expect(row).toBeVisible();
});
