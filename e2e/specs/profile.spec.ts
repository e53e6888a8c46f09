/** Edit profile (spec 2.5) with an avatar upload (spec 4, 5.2). */
import { test, expect, expectAccessible, signInWithToken, apiToken, unique } from '../support/fixtures';
import { solidPng } from '../support/images';

test('a user renames themselves and sets an avatar; the top bar follows at once', async ({ page, admin, request }) => {
  const user = await admin.createUser({ role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');

  await page.getByRole('button', { name: new RegExp(user.username) }).click();
  await page.getByRole('menuitem', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/#\/edit-profile$/);
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await expect(page.getByLabel('Name')).toHaveValue(user.username);
  await expectAccessible(page);

  // checked in the browser before sending
  await page.getByLabel('Avatar photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file format. Only PNG, JPG, and JPEG formats are allowed.')).toBeVisible();
  await page.getByLabel('Avatar photo').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600_000, 1) });
  await expect(page.getByText('File size exceeds 500KB')).toBeVisible();

  await page.getByLabel('Avatar photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(32, [200, 40, 40]) });
  const preview = page.getByRole('img', { name: 'Avatar preview' });
  await expect(preview).toBeVisible();
  const box = await preview.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(180);
  expect(box!.height).toBeLessThanOrEqual(180);

  const newName = unique('renamed');
  await page.getByLabel('Name').fill(newName);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile has been updated')).toBeVisible();

  const topBar = page.getByRole('banner');
  await expect(topBar).toContainText(newName);
  const avatar = topBar.locator('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/uploads\//);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);

  // the change is stored: a reload shows it, and the user can still work
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(newName);
});
