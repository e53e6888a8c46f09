/**
 * Customers (docs/product.md §2.10, §5.3, §8, §9): the Clients and Accounts lists, and an account created with a
 * client made from the search-select, edited (another client picked with the keyboard) and deleted.
 */
import type { Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Client, CustomerAccount } from '@cooler-hub/contract/customers';
import { test, expect, expectAccessible } from '../support/fixtures';
import { createClient, createCustomerAccount, unique } from '../support/seed';

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('the Customers screen shows the Clients and Accounts lists', async ({ adminPage: page }) => {
  await page.goto('/#/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const clients = section(page, 'Clients');
  await expect(clients.getByRole('heading', { level: 2, name: 'Clients' })).toBeVisible();
  await expect(clients.getByRole('columnheader')).toHaveText(['Name']);
  const accounts = section(page, 'Accounts');
  await expect(accounts.getByRole('heading', { level: 2, name: 'Accounts' })).toBeVisible();
  await expect(accounts.getByRole('columnheader')).toHaveText([
    'Id',
    'Name',
    'Email',
    'Telephone',
    'Contact Person',
    'Billing Address',
    'Delivery Address',
    'Actions',
  ]);
  await expect(accounts.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  // each list keeps its own sort in the URL
  await accounts.getByRole('button', { name: 'Email', exact: true }).click();
  await expect(page).toHaveURL(/acc\.order\[email\]=desc/);
  await clients.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/cl\.order\[name\]=desc/);
  await expect(page).toHaveURL(/acc\.order\[email\]=desc/);

  await accounts.getByRole('link', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/#\/customer-create$/);
});

test('an account is created with a new client from the search-select, edited and deleted', async ({ adminPage: page, admin }) => {
  const name = unique('Account ');
  const clientName = unique('Client ');
  const other = await createClient(admin, unique('Picked '));

  await page.goto('/#/customer-create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expectAccessible(page);

  // Name and Client are required
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required Field')).toHaveCount(2);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('returns@example.com');
  await page.getByRole('textbox', { name: 'Telephone', exact: true }).fill('0113 496 0000');
  await page.getByRole('textbox', { name: 'Contact Person', exact: true }).fill('Ann Smith');
  await page.getByRole('textbox', { name: 'Billing Address', exact: true }).fill('1 High Street\nLeeds');
  await page.getByRole('textbox', { name: 'Delivery Address', exact: true }).fill('Unit 2, Dock Road\nLeeds');

  // the search-select: debounced lookup with 'Loading...', then the typed name can be created
  const clientBox = page.getByRole('combobox', { name: 'Client' });
  await clientBox.pressSequentially(clientName);
  await expect(page.getByText('Loading...')).toBeVisible();
  const createOption = page.getByRole('option', { name: `+ Create "${clientName}"` });
  await expect(createOption).toBeVisible();
  await expect(clientBox).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await createOption.click();
  await expect(clientBox).toHaveValue(clientName);
  await expect(page.getByText('Required Field')).toHaveCount(0);
  const [client] = (await admin.get<ListResponse<Client>>(`/api/clients?name=${encodeURIComponent(clientName)}`)).items;
  expect(client?.name).toBe(clientName);

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Account has been created')).toBeVisible();
  await expect(page).toHaveURL(/#\/customers/);
  const row = section(page, 'Accounts').getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('returns@example.com');
  await expect(row).toContainText('0113 496 0000');
  await expect(row).toContainText('Ann Smith');
  await expect(row).toContainText('1 High Street');
  await expect(row).toContainText('Unit 2, Dock Road');
  await expect(section(page, 'Clients').getByRole('row', { name: clientName })).toBeVisible();
  const [account] = (await admin.get<ListResponse<CustomerAccount>>(`/api/customer_accounts?name=${encodeURIComponent(name)}`)).items;
  expect(account).toMatchObject({
    name,
    email: 'returns@example.com',
    contactPerson: 'Ann Smith',
    billingAddress: '1 High Street\nLeeds',
    client: { id: client!.id, name: clientName },
  });

  // edit: Update waits for a change; another client is picked with the keyboard
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`#/customer-edit/${account!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Update account' })).toBeVisible();
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await expect(clientBox).toHaveValue(clientName);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expectAccessible(page);

  await clientBox.fill('');
  await clientBox.pressSequentially(other.name.slice(0, -2));
  await expect(page.getByRole('option', { name: other.name })).toBeVisible();
  await clientBox.press('ArrowDown');
  await clientBox.press('Enter');
  await expect(clientBox).toHaveValue(other.name);
  await expect(clientBox).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('textbox', { name: 'Telephone', exact: true }).fill('0161 000 0000');
  await expect(update).toBeEnabled();
  await update.click();

  await expect(page.getByText('Account has been updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/customers/);
  await expect(row).toContainText('0161 000 0000');
  expect((await admin.get<CustomerAccount>(`/api/customer_accounts/${account!.id}`)).client).toEqual({ id: other.id, name: other.name });

  // delete through the shared dialog
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('leaving the client search without picking keeps the chosen client', async ({ adminPage: page, admin }) => {
  const client = await createClient(admin, unique('Kept '));
  const account = await createCustomerAccount(admin, { name: unique('Acc '), client });
  await page.goto(`/#/customer-edit/${account.id}`);
  const clientBox = page.getByRole('combobox', { name: 'Client' });
  await expect(clientBox).toHaveValue(client.name);
  // an edit form opened by its address starts in its first field once the record is loaded
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await clientBox.pressSequentially('zz');
  await page.getByRole('textbox', { name: 'Telephone', exact: true }).click();
  await expect(clientBox).toHaveValue(client.name);
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();

  // emptying it clears the value: Client is required again
  await clientBox.fill('');
  await page.getByRole('textbox', { name: 'Telephone', exact: true }).click();
  await expect(page.getByText('Required Field')).toBeVisible();
});

test('a general server error on the update form shows in its red alert', async ({ adminPage: page, admin }) => {
  const account = await createCustomerAccount(admin, { name: unique('Acc '), client: await createClient(admin, unique('Err ')) });
  const sentence = 'The account is being changed by someone else.';
  // A rule the real API has no trigger for here: answer this one update with a hydra:Error.
  await page.route(`**/api/customer_accounts/${account.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': sentence }),
        })
      : route.continue(),
  );
  await page.goto(`/#/customer-edit/${account.id}`);
  await page.getByRole('textbox', { name: 'Contact Person', exact: true }).fill('Bob');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('form', { name: 'Update account' }).getByRole('alert')).toHaveText(sentence);
  await expect(page).toHaveURL(new RegExp(`#/customer-edit/${account.id}$`));
  await expectAccessible(page);
});
