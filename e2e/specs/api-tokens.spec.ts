/**
 * API tokens for scripts (docs/decisions/279): a person makes one under Edit profile, sees its secret
 * once, a script uses it, and once revoked in the screen the script is refused — on a desk and on a phone.
 */
import type { ApiTokenCreated } from '@cooler-hub/contract/api-tokens';
import { test, expect, expectAccessible, signInWithToken, apiToken, Api } from '../support/fixtures';
import { createUser, seedReceipt, unique } from '../support/seed';

const SIZES = [
  { name: 'desk', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('make a token under Edit profile, see it once, use it from a script, revoke it: the script is then refused', async ({
      page,
      context,
      admin,
      request,
    }) => {
      const user = await createUser(admin, { role: 'Production' });
      await signInWithToken(page, await apiToken(request, user.username, user.password));
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/#/edit-profile');

      await page.getByRole('link', { name: 'Manage API tokens' }).click();
      await expect(page).toHaveURL(/#\/edit-profile\/api-tokens$/);
      await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
      await expect(page.getByText('You have no API tokens yet.')).toBeVisible();

      const name = unique('nightly');
      await page.getByRole('button', { name: 'New token' }).click();
      const dialog = page.getByRole('dialog', { name: 'New API token' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Scope').selectOption({ label: 'Read only' });
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Create token' }).click();

      const created = page.getByRole('dialog', { name: `Token '${name}' created` });
      await expect(created.getByText('This is the only time it is shown.')).toBeVisible();
      const secret = (await created.getByTestId('new-api-token').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^chub_[A-Za-z0-9_-]{43}$/);
      await created.getByRole('button', { name: 'Copy token' }).click();
      await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectAccessible(page);
      await created.getByRole('button', { name: 'Done' }).click();
      await expect(created).toBeHidden();

      // The list shows the token by name and first characters, never its secret again (nor after a reload).
      const row = page.getByRole('listitem', { name });
      await expect(row).toContainText('Read only');
      await expect(row).toContainText(secret.slice(0, 11));
      await expect(page.getByText(secret)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('listitem', { name })).toBeVisible();
      expect(await page.content()).not.toContain(secret);
      await expectAccessible(page);

      // A script reads receipts with it.
      const asScript = () => request.get('/api/receipts', { headers: { Authorization: `Bearer ${secret}` } });
      await expect(page.getByRole('listitem', { name })).toContainText(/Last used\s*Never/);
      expect((await asScript()).status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('listitem', { name })).not.toContainText(/Last used\s*Never/);

      await page.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API token?' });
      await expect(confirm).toContainText(name);
      await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(page.getByText(`Token '${name}' revoked`)).toBeVisible();
      await expect(page.getByRole('listitem', { name })).toHaveCount(0);

      const refused = await asScript();
      expect(refused.status()).toBe(401);
      expect(await refused.json()).toEqual({ code: 401, message: 'Invalid API token' });
    });
  });
}

test("a receipt made with a token: its history reads the person's name 'via token <name>'", async ({ adminPage: page, admin, request }) => {
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const token = await admin.post<ApiTokenCreated>('/api/profile/tokens', {
    name: unique('nightly-import'),
    scope: 'asMyRole',
    expiresOn: day,
  });
  const { receipt } = await seedReceipt(new Api(request, token.token));

  await page.goto(`/#/receipt/${receipt.id}/revisions`);
  await expect(page.getByRole('heading', { level: 1, name: /History of receipt changes/ })).toBeVisible();
  await expect(page.getByText(`via token ${token.name}`).first()).toBeVisible();
  await expect(page.getByText(/Imported from/)).toHaveCount(0);
  await expectAccessible(page);
});
