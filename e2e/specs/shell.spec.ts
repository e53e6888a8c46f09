import type { Page } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { CustomerAccount } from '@cooler-hub/contract/customers';
import { test, expect, expectAccessible, signInWithToken, apiToken } from '../support/fixtures';
import { createUser, unique } from '../support/seed';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

const ALL_ENTRIES = [
  'Main',
  'Master Data',
  'Dashboard',
  'End Of Day Sheet',
  'Error Sheet',
  'Scrap delivery notes',
  'Transfer delivery notes',
  'Cooler History',
  'Customers',
  'Settings',
  'Import',
  'Users',
];
/** An Admin's alone (ROLE_MASTER_ACCOUNT, ROLE_IMPORT). */
const ADMIN_ONLY = ['Import', 'Users'];

test('an Admin sees every menu entry and the shell', async ({ adminPage: page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/main$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of ALL_ENTRIES) await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Main', exact: true })).toBeVisible();
  const topBar = page.getByRole('banner');
  expect((await topBar.boundingBox())?.height).toBe(56);
  await expectAccessible(page);
});

test('a Production user sees every entry but Import and Users, and cannot open the Users page', async ({ page, admin, request }) => {
  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of ALL_ENTRIES.filter((e) => !ADMIN_ONLY.includes(e))) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  for (const entry of ADMIN_ONLY) await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);

  await page.goto('/#/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a menu entry not built yet shows its title, never a blank page', async ({ adminPage: page }) => {
  await page.goto('/#/main');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Cooler History' }).click();
  await expect(page).toHaveURL(/#\/coolers-list$/);
  await expect(page.getByRole('heading', { name: 'Cooler History' })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path shows 404 Not Found', async ({ adminPage: page }) => {
  await page.goto('/#/no-such-screen');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expectAccessible(page);
});

test('Sign Out clears the token and returns to the login screen', async ({ adminPage: page }) => {
  await page.goto('/#/main');
  await page.getByRole('button', { name: 'admin', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit profile' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // the user asked for it: no 'session has ended' explanation
  await expect(page.getByPlaceholder('Name or Email')).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
  await page.goto('/#/main');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a token the server stops accepting (401) leads to the login screen', async ({ page, admin, request }) => {
  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');
  await expect(page.getByRole('banner')).toContainText(user.username);

  // an admin changes the user's password: the old token is dead from now on
  await admin.put(`/api/hub_users/${user.id}`, { ...user, plainPassword: 'Another-pass-1', color: null });
  // the next call the app makes (the profile, on reload) is refused: token cleared, back to login.
  // A call of the open page may be refused first, and the app then reloads itself: the test's own
  // reload is aborted by it, and the page lands on the login screen all the same.
  await page.reload().catch((error: Error) => {
    if (!error.message.includes('net::ERR_ABORTED')) throw error;
  });
  await expect(page).toHaveURL(/#\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
});

test('a call refused mid-session says why on the login screen, and sign-in returns to that screen', async ({ page, admin, request }) => {
  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  // the token dies while the user works; their next click makes an authenticated call
  await admin.put(`/api/hub_users/${user.id}`, { ...user, plainPassword: 'Another-pass-1', color: null });
  await sideMenu(page).getByRole('link', { name: 'Settings', exact: true }).click();

  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expectAccessible(page);

  await page.getByPlaceholder('Name or Email').fill(user.username);
  await page.getByLabel('Password').fill('Another-pass-1');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('a token that has expired in storage is explained on the login screen', async ({ page }) => {
  // a well-formed token whose exp is in the past, as a tab left open overnight would hold
  await page.addInitScript(() => {
    if (window.sessionStorage.getItem('e2e-expired')) return;
    window.sessionStorage.setItem('e2e-expired', '1');
    const part = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const payload = {
      sub: '1',
      username: 'admin',
      role: 'Admin',
      permissions: ['ROLE_ADMIN_USER'],
      iat: 1_700_000_000,
      exp: 1_700_028_800,
    };
    window.localStorage.setItem('token', `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.sig`);
  });
  await page.goto('/#/users');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  // said once: reloading the login screen does not repeat it
  await page.reload();
  await expect(page.getByPlaceholder('Name or Email')).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
});

test('the side-menu entry of the section stays highlighted on its form pages', async ({ adminPage: page, admin }) => {
  const accounts = await admin.get<ListResponse<CustomerAccount>>('/api/customer_accounts');
  const account = accounts.items[0]!;

  await page.goto('/#/settings');
  const settings = sideMenu(page).getByRole('link', { name: 'Settings', exact: true });
  await expect(settings).toHaveAttribute('aria-current', 'page');

  await page.goto('/#/ccodes/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create CC code' })).toBeVisible();
  await expect(settings).toHaveAttribute('aria-current', 'page');
  await expect(sideMenu(page).locator('[aria-current="page"]')).toHaveCount(1);

  await page.goto(`/#/customer-edit/${account.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update account' })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Customers', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(settings).not.toHaveAttribute('aria-current', 'page');

  // screens outside the menu highlight nothing
  await page.goto('/#/edit-profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(sideMenu(page).locator('[aria-current="page"]')).toHaveCount(0);
});

test('the browser tab names the screen', async ({ adminPage: page }) => {
  await page.goto('/#/users');
  await expect(page).toHaveTitle('Users · Cooler Hub');
  await sideMenu(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveTitle('Settings · Cooler Hub');
  await page.goto('/#/ccodes/new');
  await expect(page).toHaveTitle('Create CC code · Cooler Hub');
});

test('on a desktop the menu collapses to an icon rail with tooltips, and stays so after a reload', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/main');
  const menu = sideMenu(page);
  const customers = menu.getByRole('link', { name: 'Customers', exact: true });
  await expect(customers).toContainText('Customers');
  const wide = (await menu.boundingBox())!.width;

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  const expand = page.getByRole('button', { name: 'Expand menu' });
  await expect(expand).toBeVisible();
  // still there as icons, named by their labels, and the page moves over
  await expect(customers).toBeVisible();
  await expect(customers).not.toContainText('Customers');
  const narrow = (await menu.boundingBox())!.width;
  expect(narrow).toBeLessThanOrEqual(72);
  expect(narrow).toBeLessThan(wide);
  expect((await page.getByRole('main').boundingBox())!.x).toBeLessThanOrEqual(narrow + 1);
  await customers.hover();
  await expect(page.getByRole('tooltip', { name: 'Customers' })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(customers).not.toContainText('Customers');
  // keyboard users get the tooltip too
  await customers.focus();
  await expect(page.getByRole('tooltip', { name: 'Customers' })).toBeVisible();

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(customers).toContainText('Customers');
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  await page.reload();
  await expect(customers).toContainText('Customers');
});

test('on a phone the menu is off-canvas, with labels even when the desktop rail was chosen', async ({ adminPage: page }) => {
  await page.addInitScript(() => window.localStorage.setItem('side-menu-rail', 'true'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/main');
  const open = page.getByRole('button', { name: 'Open menu' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(sideMenu(page)).toBeHidden();
  await open.click();
  const customers = sideMenu(page).getByRole('link', { name: 'Customers', exact: true });
  await expect(customers).toContainText('Customers');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await customers.click();
  await expect(page).toHaveURL(/#\/customers$/);
  await expect(sideMenu(page)).toBeHidden();
});

test('after a route change focus moves to the page heading', async ({ adminPage: page }) => {
  await page.goto('/#/main');
  await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Users' });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute('tabindex', '-1');
  // from a link inside the page too (that link is gone with its page)
  await sideMenu(page).getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeFocused();
});

test('toasts appear top right below the top bar, clear of the user menu', async ({ page, admin, request }) => {
  const user = await createUser(admin);
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/edit-profile');
  await page.getByLabel('Name').fill(unique('toast'));
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Profile has been updated' });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(56);
  expect(box.x + box.width).toBeGreaterThan(1440 - 40);
  const userMenu = (await page.getByTestId('user-menu').boundingBox())!;
  expect(userMenu.y + userMenu.height).toBeLessThanOrEqual(box.y);
});

test('the language is chosen in the user menu, remembered, and <html lang> follows it', async ({ adminPage: page }) => {
  await page.goto('/#/users');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('columnheader', { name: 'Действия' })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('columnheader', { name: 'Действия' })).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitemradio', { name: 'Русский' })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page);
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
});
