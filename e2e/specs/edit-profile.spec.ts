/** Edit profile (docs/product.md §2.5) with an avatar upload (docs/product.md §4, §5.2). */
import type { Page } from '@playwright/test';
import type { CurrentUser } from '@cooler-hub/contract/auth';
import { test, expect, expectAccessible, signInWithToken, apiToken, Api } from '../support/fixtures';
import { createUser, unique } from '../support/seed';
import { solidPng } from '../support/images';

type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/** Picks a file the way a user does: the field's button opens the browser's file chooser. */
async function chooseAvatar(page: Page, file: PickedFile) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('group', { name: 'Avatar photo' })
    .getByRole('button', { name: /^(Choose|Change) image$/ })
    .click();
  await (await chooser).setFiles(file);
}

test('a user renames themselves and sets an avatar; the top bar follows at once', async ({ page, admin, request }) => {
  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');

  await page.getByRole('button', { name: new RegExp(user.username) }).click();
  await page.getByRole('menuitem', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/#\/edit-profile$/);
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await expect(page.getByLabel('Name')).toHaveValue(user.username);
  await expect(page.getByLabel('Name')).toBeFocused();
  const avatarField = page.getByRole('group', { name: 'Avatar photo' });
  await expect(avatarField).toContainText('No image');
  await expect(avatarField.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0);
  await expectAccessible(page);

  // checked in the browser before sending
  await chooseAvatar(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file format. Only PNG, JPG, and JPEG formats are allowed.')).toBeVisible();
  await chooseAvatar(page, { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600_000, 1) });
  await expect(page.getByText('File size exceeds 500KB')).toBeVisible();
  await expect(avatarField).toContainText('No image');

  await chooseAvatar(page, { name: 'me.png', mimeType: 'image/png', buffer: solidPng(32, [200, 40, 40]) });
  const preview = page.getByRole('img', { name: 'Avatar preview' });
  await expect(preview).toBeVisible();
  await expect(avatarField).toContainText('me.png');
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

test('the avatar field shows the current avatar and removes it; the profile is then saved without one', async ({
  page,
  admin,
  request,
}) => {
  const user = await createUser(admin, { role: 'Production' });
  const own = new Api(request, await apiToken(request, user.username, user.password));
  const { url } = await own.upload<{ url: string }>(
    '/api/file_upload',
    { type: 'avatar' },
    { name: 'me.png', mimeType: 'image/png', buffer: solidPng(40, [40, 200, 40]) },
  );
  await own.put('/api/profile', { username: user.username, email: user.email, avatar: url });

  await signInWithToken(page, own.token);
  await page.goto('/#/edit-profile');
  const avatarField = page.getByRole('group', { name: 'Avatar photo' });
  await expect(avatarField).toContainText('Current image');
  await expect(avatarField.getByRole('img', { name: 'Avatar preview' })).toHaveAttribute('src', url);
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await expectAccessible(page);

  await avatarField.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(avatarField.getByRole('img', { name: 'Avatar preview' })).toHaveCount(0);
  await expect(avatarField).toContainText('No image');
  await expect(avatarField.getByRole('button', { name: 'Choose image' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile has been updated')).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toHaveCount(0);

  expect((await own.get<CurrentUser>('/api/profile')).avatar).toBeNull();
});

test('a new password asks for the current one: its field appears once a new password is typed, saving without it says so, with it saves', async ({
  page,
  admin,
  request,
}) => {
  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/edit-profile');
  const newPassword = page.getByLabel('Password', { exact: true });
  const current = page.getByLabel('Current password', { exact: true });
  await expect(newPassword).toBeVisible();
  await expect(current).toHaveCount(0);

  await newPassword.fill('brand-new-password-1');
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute('autocomplete', 'current-password');
  await expectAccessible(page);

  // the server's violation lands on the field
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Enter your current password.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await current.fill('not-my-password');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();

  await current.fill(user.password);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile has been updated')).toBeVisible();
  await expect(newPassword).toHaveValue('');
  await expect(current).toHaveCount(0);
  await expect(apiToken(request, user.username, 'brand-new-password-1')).resolves.toBeTruthy();
  // the page stays signed in on the fresh token
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue(user.username);
});

test('a new e-mail asks for the current password too; a name change alone does not', async ({ page, admin, request }) => {
  const user = await createUser(admin, { role: 'Production' });
  const own = new Api(request, await apiToken(request, user.username, user.password));
  await signInWithToken(page, own.token);
  await page.goto('/#/edit-profile');
  const email = page.getByLabel('Email');
  const current = page.getByLabel('Current password', { exact: true });

  await page.getByLabel('Name').fill(`${user.username}-b`);
  await email.fill(user.email.toUpperCase());
  await expect(current).toHaveCount(0);
  const moved = `moved-${user.email}`;
  await email.fill(moved);
  await expect(current).toBeVisible();
  await email.fill(user.email);
  await expect(current).toHaveCount(0);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile has been updated')).toBeVisible();

  await email.fill(moved);
  await current.fill(user.password);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect.poll(async () => (await own.get<CurrentUser>('/api/profile')).email).toBe(moved);
  await expect(current).toHaveCount(0);
});
