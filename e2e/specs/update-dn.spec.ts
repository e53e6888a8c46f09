/**
 * The delivery edit screens (docs/product.md §2.13, §4, §5.4): a transfer whose dispatch address is typed,
 * looked up by the app's geocoder (the Nominatim-like stand-in of support/geocoder.ts) and saved, and
 * whose invoice address is picked from the used ones; approving it from the edit screen; a scrap
 * edited without its customer; an error sheet changed (saved, then its preview) and unchanged
 * (straight to its preview, no call). Notes are seeded through the API.
 */
import type { Page } from '@playwright/test';
import type { Delivery } from '@cooler-hub/contract/deliveries';
import type { DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import { expect, expectAccessible, test, type Api } from '../support/fixtures';
import { KNOWN_ADDRESSES } from '../support/geocoder';
import { createCustomerAccount, seedDelivery, storedDelivery, unique } from '../support/seed';

/** A transfer using `address` as its invoice address, so the picker offers it as a used one. */
async function useAsInvoiceAddress(admin: Api, address: DeliveryAddress): Promise<void> {
  const { note } = await seedDelivery(admin, { type: 'transfer', items: 1 });
  await admin.put<Delivery>(`/api/deliveries/${note.id}/transfer`, {
    deliveryDay: note.deliveryDay,
    lbNumbers: note.lbNumbers,
    emails: note.emails.map((e) => e.id),
    customerAccount: note.customerAccount?.id,
    invoiceAddress: address.id,
  });
}

async function updateButton(page: Page) {
  return page.getByRole('button', { name: 'Update delivery note' });
}

test('a transfer: typed dispatch address looked up and saved, used invoice address picked, then approved', async ({
  admin,
  adminPage: page,
}) => {
  const invoice = await admin.post<DeliveryAddress>('/api/delivery_addresses', {
    address: { searchText: `3 Quay Street Bristol ${unique('q')}` },
    addressTarget: 'invoice',
  });
  expect(invoice.address.formattedAddress).toBe(KNOWN_ADDRESSES.quayStreet.display_name);
  await useAsInvoiceAddress(admin, invoice);
  const { note } = await seedDelivery(admin, { type: 'transfer' });

  await page.goto(`/#/update-dn/${note.id}/transfer`);
  await expect(page.getByRole('heading', { name: `Edit transfer ${note.id}` })).toBeVisible();
  await expect(page.getByText(note.lbNumbers[0]!, { exact: true })).toBeVisible();
  await expect(await updateButton(page)).toBeDisabled();

  const typed = `12 Mill Lane Leeds ${unique('m')}`;
  const dispatch = page.getByRole('combobox', { name: 'Dispatch address' });
  await dispatch.fill(typed);
  await dispatch.press('Enter'); // blocked: nothing is submitted
  await dispatch.press('Tab');
  await expect(page.getByText(`Found: ${KNOWN_ADDRESSES.millLane.display_name}`)).toBeVisible();

  const invoiceBox = page.getByRole('combobox', { name: 'Invoice address' });
  await invoiceBox.click();
  await page.getByRole('option', { name: KNOWN_ADDRESSES.quayStreet.display_name }).first().click();
  await expect(invoiceBox).toHaveValue(KNOWN_ADDRESSES.quayStreet.display_name);
  await expectAccessible(page);

  await (await updateButton(page)).click();
  await expect(page.getByText('Delivery was successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/delivery-list\/transfer$/);

  const saved = await storedDelivery(admin, note.id);
  expect(saved.dispatchAddress?.address.searchText).toBe(typed);
  expect(saved.dispatchAddress?.address.formattedAddress).toBe(KNOWN_ADDRESSES.millLane.display_name);
  expect(saved.dispatchAddress?.addressTarget).toBe('dispatch');
  expect(saved.invoiceAddress?.address.formattedAddress).toBe(KNOWN_ADDRESSES.quayStreet.display_name);
  expect(saved.status).toBe('pending');

  // Approve from the edit screen: for good, and the note is read-only afterwards.
  await page.goto(`/#/update-dn/${note.id}/transfer`);
  const approved = page.getByRole('switch', { name: 'Approved' });
  await expect(approved).not.toBeChecked();
  await approved.click({ force: true });
  await expect(page.getByText('Delivery update finished')).toBeVisible();
  await expect(approved).toBeChecked();
  await expect(approved).toBeDisabled();
  await expect(await updateButton(page)).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Dispatch address' })).toBeDisabled();
  expect((await storedDelivery(admin, note.id)).status).toBe('approved');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Approved' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Approved' })).toBeChecked();
});

test('a scrap: its customer is optional on edit, an LB number removed', async ({ admin, adminPage: page }) => {
  const { note } = await seedDelivery(admin, { type: 'scrap', items: 2 });
  await page.goto(`/#/update-scrap/${note.id}`);
  await expect(page.getByRole('heading', { name: `Edit Scrap Delivery ${note.id}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dispatch address' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Customer (Asset owner)' }).fill('');
  await page.getByRole('button', { name: `Remove ${note.lbNumbers[1]}` }).click();
  await (await updateButton(page)).click();
  await expect(page.getByText('Delivery was successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/#\/delivery-list\/scrap$/);

  const saved = await storedDelivery(admin, note.id);
  expect(saved.customerAccount).toBeNull();
  expect(saved.lbNumbers).toEqual([note.lbNumbers[0]]);
});

test('an error sheet: changed → saved → preview; unchanged → preview with no call', async ({ admin, adminPage: page }) => {
  const { note } = await seedDelivery(admin, { type: 'error_sheet', items: 1 });
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(`/api/deliveries/${note.id}/`)) puts.push(r.url());
  });

  // Unchanged: straight to the preview, nothing sent.
  await page.goto(`/#/error-sheet/${note.id}/update`);
  await expect(page.getByRole('heading', { name: `Error Sheet ${note.id}` })).toBeVisible();
  await expect(await updateButton(page)).toBeDisabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`#/error-sheet/${note.id}/preview$`));
  expect(puts).toEqual([]);

  // Changed: a new recipient typed, attached, then saved on Continue.
  await page.goto(`/#/error-sheet/${note.id}/update`);
  const address = `${unique('es')}@example.com`.toLowerCase();
  const recipients = page.getByRole('combobox', { name: 'Email recipients' });
  await recipients.fill(address);
  await page.getByRole('option', { name: `+ Add "${address}"` }).click();
  await expect(page.getByText(address, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Delivery was successfully updated')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/error-sheet/${note.id}/preview$`));
  expect(puts).toHaveLength(1);
  expect((await storedDelivery(admin, note.id)).emails.map((e) => e.email)).toEqual([address]);
});

test("choosing a customer brings in its default e-mail, replacing the previous customer's", async ({ admin, adminPage: page }) => {
  const { note, world, email: seededRecipient } = await seedDelivery(admin, { type: 'transfer', items: 1 });
  const account = (name: string, email: string | null) => createCustomerAccount(admin, { name, email, client: world.client });
  const first = await account(unique('First '), `${unique('first')}@example.com`.toLowerCase());
  const second = await account(unique('Second '), `${unique('second')}@example.com`.toLowerCase());
  const none = await account(unique('None '), null);

  await page.goto(`/#/update-dn/${note.id}/transfer`);
  const customer = page.getByRole('combobox', { name: 'Customer (Asset owner)' });
  const pickCustomer = async (name: string) => {
    await customer.fill(name);
    await page.getByRole('option', { name }).click();
    await expect(customer).toHaveValue(name);
  };
  await expect(page.getByText(seededRecipient, { exact: true })).toBeVisible();

  await pickCustomer(first.name);
  await expect(page.getByText(first.email!, { exact: true })).toBeVisible();
  await pickCustomer(second.name);
  await expect(page.getByText(second.email!, { exact: true })).toBeVisible();
  await expect(page.getByText(first.email!, { exact: true })).toHaveCount(0);
  await pickCustomer(none.name);
  await expect(page.getByText(second.email!, { exact: true })).toHaveCount(0);
  // A customer without an e-mail adds nothing and never leaves the screen; a hand-picked one stays.
  await expect(page).toHaveURL(new RegExp(`#/update-dn/${note.id}/transfer$`));
  await expect(page.getByText(seededRecipient, { exact: true })).toBeVisible();
});
