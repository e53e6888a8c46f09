import { test, expect, expectAccessible } from '../support/fixtures';
import { createUser } from '../support/seed';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/accounts';

test('a signed-out visitor is sent to the login screen', async ({ page }) => {
  await page.goto('/#/main');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByPlaceholder('Name or Email')).toBeVisible();
  await expect(page).toHaveTitle('Login · Cooler Hub');
  // nobody's session ended here: nothing to explain
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
  await expectAccessible(page);
});

test('Enter in the password field signs in, as password managers expect', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByPlaceholder('Name or Email').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/#\/main$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
});

test('Enter on an untouched login form sends nothing (the Login button is still disabled)', async ({ page }) => {
  let loginCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/login_check')) loginCalls += 1;
  });
  await page.goto('/#/login');
  await page.getByPlaceholder('Name or Email').press('Enter');
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  // a wrong password typed and Enter: one request, refused on the form
  await page.getByPlaceholder('Name or Email').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('alert')).toContainText('Invalid credentials.');
  expect(loginCalls).toBe(1);
  await expect(page).toHaveURL(/#\/login$/);
});

test('a deep link opened while signed out returns there after sign-in', async ({ page }) => {
  await page.goto('/#/customers?acc.order[email]=desc');
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByPlaceholder('Name or Email').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/customers\?acc\.order\[email\]=desc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  // the login entry was replaced: going back does not return to the login form
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/login$/);
});

test('login: button waits for a change, a bad password is explained, the right one signs in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome/i);
  await expectAccessible(page);

  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();

  await page.getByPlaceholder('Name or Email').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill('not-the-password');
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page.getByRole('alert')).toContainText('Invalid credentials.');
  await expect(page).toHaveURL(/#\/login$/);

  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await login.click();
  await expect(page).toHaveURL(/#\/main$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // the login entry was replaced: going back does not return to the login form
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/login$/);
});

test('login accepts the e-mail address as well as the name', async ({ page, admin }) => {
  const user = await createUser(admin);
  await page.goto('/#/login');
  await page.getByPlaceholder('Name or Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/main$/);
  await expect(page.getByRole('banner')).toContainText(user.username);
});
