/**
 * Download backup (docs/decisions/199): an Admin downloads the whole database from Settings as a
 * complete backup file; a Production user sees no such button (and the API refuses them).
 */
import fs from 'node:fs/promises';
import { test, expect, expectAccessible, apiToken, signInWithToken } from '../support/fixtures';
import { createUser, unique } from '../support/seed';

test('an Admin downloads a backup from Settings: a complete file holding the latest row', async ({ adminPage: page, admin }) => {
  const code = await admin.post<{ id: string }>('/api/cc_codes', {
    id: crypto.randomUUID(),
    code: unique('BKUP'),
    name: 'Backup check',
    price: { amount: 100, currency: 'GBP' },
  });
  await page.goto('/#/settings');
  const section = page.getByRole('region', { name: 'Backup' });
  await expect(section.getByRole('heading', { level: 2, name: 'Backup' })).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download backup' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cooler-hub-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql$/);
  const text = await fs.readFile(await download.path(), 'utf8');
  expect(text).toMatch(/^-- Cooler Hub backup 1; schema \S+ \(\d+ migrations\); taken \S+; from (embedded|postgresql)\n/);
  expect(text).toMatch(/\n-- Cooler Hub backup end; sha256 [0-9a-f]{64}; bytes \d+\n$/);
  expect(text).toContain(code.id);
  await expect(page.getByText(/^Backup downloaded: cooler-hub-/)).toBeVisible();
});

test('a Production user sees no Download backup, and the API refuses them', async ({ page, admin, playwright, baseURL }) => {
  const user = await createUser(admin, { role: 'Production' });
  const request = await playwright.request.newContext({ baseURL });
  const token = await apiToken(request, user.username, user.password);
  expect((await request.get('/api/backup', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);
  await request.dispose();
  await signInWithToken(page, token);

  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scrap reasons' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download backup' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Backup' })).toHaveCount(0);
});
