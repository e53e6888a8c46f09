import { test, expect, expectAccessible, signInWithToken, apiToken } from '../support/fixtures';

const ALL_ENTRIES = [
  'Main',
  'Master Data',
  'End Of Day Sheet',
  'Error Sheet',
  'Scrap delivery notes',
  'Transfer delivery notes',
  'Cooler History',
  'Customers',
  'Settings',
  'Users',
];

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

test('a Production user sees every entry but Users, and cannot open the Users page', async ({ page, admin, request }) => {
  const user = await admin.createUser({ role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of ALL_ENTRIES.filter((e) => e !== 'Users')) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);

  await page.goto('/#/users');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
});

test('a menu entry not built yet shows its title, never a blank page', async ({ adminPage: page }) => {
  await page.goto('/#/main');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Cooler History' }).click();
  await expect(page).toHaveURL(/#\/coolers-list$/);
  await expect(page.getByRole('heading', { name: 'Cooler History' })).toBeVisible();
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
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await page.goto('/#/main');
  await expect(page).toHaveURL(/#\/login$/);
});

test('a token the server stops accepting (401) leads to the login screen', async ({ page, admin, request }) => {
  const user = await admin.createUser({ role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');
  await expect(page.getByRole('banner')).toContainText(user.username);

  // an admin changes the user's password: the old token is dead from now on
  await admin.put(`/api/hub_users/${user.id}`, { ...user, plainPassword: 'Another-pass-1', color: null });
  // the next call the app makes (the profile, on reload) is refused: token cleared, back to login
  await page.reload();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
