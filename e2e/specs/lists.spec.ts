/**
 * The shared list under stress: a list call that fails, the filter panel from the
 * keyboard, and the row actions on a phone. Failures are made in the network (Playwright answers the
 * list call with a 500), never in our API: the server stays the real one for every other call.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect, expectAccessible } from '../support/fixtures';
import { createUser, unique } from '../support/seed';

const SERVER_ERROR = {
  status: 500,
  contentType: 'application/ld+json',
  body: JSON.stringify({ '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': 'Internal Server Error' }),
};

/** Answers GET <path>?… with a 500 while `failing.on` is true; every other call reaches the server. */
async function failListCalls(page: Page, path: string) {
  const failing = { on: true, calls: 0 };
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      failing.calls++;
      return failing.on ? route.fulfill(SERVER_ERROR) : route.fallback();
    },
  );
  return failing;
}

test('a list whose call fails says why and offers Retry, never the empty message, and keeps its summary', async ({
  adminPage: page,
  admin,
}) => {
  const prefix = unique('err');
  await createUser(admin, { username: `${prefix}-a` });
  await createUser(admin, { username: `${prefix}-b` });
  const failing = await failListCalls(page, '/api/hub_users');

  // the first load fails: the error state with its reason, no rows, no empty message
  await page.goto(`/#/users?username=${prefix}`);
  const error = page.getByRole('alert').filter({ hasText: 'The list could not be loaded' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Internal Server Error 500');
  await expect(page.getByText('No items matched your search')).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(0);
  await expectAccessible(page);

  // Retry asks again; while the server still fails, the error stays
  const before = failing.calls;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => failing.calls).toBe(before + 1);
  await expect(error).toBeVisible();

  // once the call succeeds, Retry brings the rows back
  failing.on = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`${prefix}-a`) })).toBeVisible();
  await expect(page.getByTestId('list-summary')).toHaveText('2 item(s)');

  // a later call that fails (a new sort) keeps the last summary and still never says "no items"
  failing.on = true;
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page).toHaveURL(/order\[username\]=desc/);
  await expect(error).toBeVisible();
  await expect(page.getByTestId('list-summary')).toHaveText('2 item(s)');
  await expect(page.getByText('No items matched your search')).toHaveCount(0);

  failing.on = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText(`${prefix}-b`);
  await expect(page.getByTestId('list-summary')).toHaveText('2 item(s)');
});

test('on Settings a failing list shows its error while the other lists still draw', async ({ adminPage: page }) => {
  const failing = await failListCalls(page, '/api/cc_codes');
  await page.goto('/#/settings');
  const ccCodes = page.getByRole('region', { name: 'CC codes' });
  const error = ccCodes.getByRole('alert');
  await expect(error).toContainText('The list could not be loaded');
  await expect(error).toContainText('Internal Server Error 500');
  await expect(ccCodes.getByText('No items matched your search')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Part numbers' }).getByTestId('list-summary')).toHaveText(/item/);
  await expectAccessible(page);

  failing.on = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toBeHidden();
  await expect(ccCodes.getByTestId('list-summary')).toHaveText(/^\d+ item\(s\)$/);
  await expect(ccCodes.getByRole('row').nth(1)).toBeVisible();
});

test('the filter panel opens on its first field and Enter applies the filters', async ({ adminPage: page, admin }) => {
  const prefix = unique('ent');
  await createUser(admin, { username: `${prefix}-prod`, role: 'Production' });
  await createUser(admin, { username: `${prefix}-adm`, role: 'Admin' });
  await page.goto('/#/users');

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Choose filter' });
  await expect(panel.getByLabel('Name')).toBeFocused();
  await expectAccessible(page);

  // Enter in a text field applies, like 'Apply filters'
  await page.keyboard.type(prefix);
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`username=${prefix}`));
  await expect(page.getByTestId('list-summary')).toHaveText('2 item(s)');

  // and in the select as well
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(panel.getByLabel('Name')).toBeFocused();
  await panel.getByLabel('Role').selectOption('Admin');
  await panel.getByLabel('Role').press('Enter');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/role=Admin/);
  await expect(page.getByTestId('list-summary')).toHaveText('1 item(s)');
  await expect(page.getByRole('row', { name: new RegExp(`${prefix}-adm`) })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the row actions of Users, Settings and Customers stay on screen without scrolling sideways', async ({ adminPage: page, admin }) => {
    const user = await createUser(admin, { username: unique('phone-with-a-rather-long-name') });
    const screens: [string, (p: Page) => ReturnType<Page['getByRole']>][] = [
      [`/#/users?username=${user.username}`, (p) => p.getByRole('row', { name: new RegExp(user.username) })],
      ['/#/settings', (p) => p.getByRole('region', { name: 'Part numbers' }).getByRole('row').nth(1)],
      ['/#/customers', (p) => p.getByRole('region', { name: 'Accounts' }).getByRole('row').nth(1)],
    ];
    for (const [url, firstRow] of screens) {
      await page.goto(url);
      const row = firstRow(page);
      await expect(row).toBeVisible();
      // Edit is a link or a button depending on the screen; Delete is always a button
      const actions = {
        Edit: row.getByRole('link', { name: 'Edit' }).or(row.getByRole('button', { name: 'Edit' })),
        Delete: row.getByRole('button', { name: 'Delete' }),
      };
      for (const [name, icon] of Object.entries(actions)) {
        const box = await icon.boundingBox();
        expect(box, `${name} on ${url}`).not.toBeNull();
        expect(box!.x, `${name} on ${url}`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${name} on ${url}`).toBeLessThanOrEqual(390);
      }
      // the page itself never scrolls sideways: only the table's own container does
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await expectAccessible(page);
  });
});
