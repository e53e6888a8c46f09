/**
 * The five recovery steps of docs/product.md §2.3, with the code read from a real SMTP server. Each step is
 * sent with Enter, as a password manager or a keyboard user would.
 */
import { test, expect, expectAccessible } from '../support/fixtures';
import { createUser } from '../support/seed';
import { latestMailTo } from '../support/inbox';

test('a user who forgot the password gets back in', async ({ page, admin }) => {
  const user = await createUser(admin);
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/#\/login\/recovery$/);
  await expect(page).toHaveTitle('Password recovery · Cooler Hub');
  // the step focuses its own field rather than the heading
  await expect(page.getByLabel('Name or Email')).toBeFocused();

  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText("No worries, we'll send you reset instructions")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Name or Email').fill(user.username);
  await page.getByLabel('Name or Email').press('Enter');

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('We sent you a secret code and instructions to reset your password')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
  await expect(page.getByText('Enter the secret code from our email.')).toBeVisible();
  await expectAccessible(page);
  const mail = await latestMailTo(user.email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();

  // a wrong code is refused on the field
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('The code is invalid or has expired.')).toBeVisible();
  await page.getByLabel('Code').fill(code!);
  await page.getByLabel('Code').press('Enter');

  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  await expect(page.getByText('Your new password must be different to previously used passwords')).toBeVisible();
  await expectAccessible(page);
  // the current password is refused
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your new password must be different to previously used passwords').nth(1)).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass-7');
  await page.getByLabel('Confirm password').fill('Brand-new-pass-7');
  await page.getByLabel('Confirm password').press('Enter');

  await expect(page.getByText('Your password has been successfully reset. Click below to login.')).toBeVisible();
  await expectAccessible(page);
  // one way back to login, not two
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(1);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/login$/);

  await page.getByPlaceholder('Name or Email').fill(user.username);
  await page.getByLabel('Password').fill('Brand-new-pass-7');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/#\/main$/);
  await expect(page.getByRole('banner')).toContainText(user.username);
});

test('every step before the last offers one way back to login', async ({ page }) => {
  await page.goto('/#/login/recovery');
  const back = page.getByRole('main').getByRole('link', { name: 'Back to login' });
  await expect(back).toHaveCount(1);
  await back.click();
  await expect(page).toHaveURL(/#\/login$/);
  // the login screen focuses its own field rather than the heading
  await expect(page.getByPlaceholder('Name or Email')).toBeFocused();
});
