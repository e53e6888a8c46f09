/**
 * Saved views (docs/decisions/253) as a new user meets them on Master Data: three filters and two
 * hidden columns saved as a view; in a new browser (another context, nothing kept locally) the view
 * is there and applies; made the default, opening Master Data applies it. The user is new, so their
 * default changes no other spec's Master Data.
 */
import type { Browser, Page } from '@playwright/test';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { Api, apiToken, expectAccessible, expect, signInWithToken, test } from '../support/fixtures';
import { createCooler, createPartNumber, createReceipt, createUser, noonOf, receiptWorld, unique } from '../support/seed';

const table = (page: Page) => page.getByRole('table', { name: 'Master Data' });
const dataRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Choose filter' });
const headers = (page: Page) => table(page).getByRole('columnheader');

async function expectOnly(page: Page, receipt: Receipt) {
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).first()).toContainText(receipt.lbNumber);
}

async function expectHidden(page: Page, hidden: string[]) {
  await expect(headers(page).filter({ hasText: 'LB Number' })).toHaveCount(1);
  for (const name of hidden) await expect(headers(page).filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(0);
}

async function signedInPage(browser: Browser, baseURL: string | undefined, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signInWithToken(page, token);
  return page;
}

test('a Master Data view of three filters and two hidden columns follows the person to a new browser and becomes the default', async ({
  admin,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const part = await createPartNumber(admin);
  const cooler = () => createCooler(admin, { part, dateOfManufacture: '2019-05-01' });
  const wanted = await createReceipt(admin, world, await cooler(), {
    receiptDate: noonOf('2024-06-03'),
    processOption: 'D',
    processState: 'D2',
  });
  await createReceipt(admin, world, await cooler(), { receiptDate: noonOf('2024-06-04') }); // option X: filtered out
  const person = await createUser(admin);
  const token = await apiToken(request, person.username, person.password);
  const viewName = unique('Open D ');

  // ── first browser: filter, hide two columns, save ──
  const first = await signedInPage(browser, baseURL, token);
  await first.goto('/#/receipts');
  // A new browser loads every chunk afresh: on a busy machine that takes longer than the usual wait.
  await expect(first.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible({ timeout: 30_000 });
  await first.getByRole('button', { name: 'Filters', exact: true }).click();
  const box = panel(first).getByRole('combobox', { name: 'Part number' });
  await box.pressSequentially(part.partNumber);
  await first.getByRole('option', { name: part.partNumber, exact: true }).click();
  await panel(first).getByRole('combobox', { name: 'Process option' }).selectOption('D');
  await panel(first).getByRole('combobox', { name: 'Is exported' }).selectOption('No');
  await panel(first).getByRole('button', { name: 'Apply filters' }).click();
  await expect(first).toHaveURL(new RegExp(`partNumber=${part.id}`));
  await expectOnly(first, wanted);

  await first.getByRole('button', { name: 'Columns', exact: true }).click();
  await first.getByRole('menuitemcheckbox', { name: 'Supplier Code' }).click();
  await first.getByRole('menuitemcheckbox', { name: 'Collection point' }).click();
  await expect(first.getByRole('menuitemcheckbox', { name: 'Collection point' })).toHaveAttribute('aria-checked', 'false');
  await expectAccessible(first);
  await first.keyboard.press('Escape');
  await expectHidden(first, ['Supplier Code', 'Collection point']);
  await expect(first.getByRole('button', { name: 'Columns (12 of 14 shown)' })).toBeVisible();

  await first.getByRole('button', { name: 'Views', exact: true }).click();
  await first.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = first.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(viewName);
  await expect(dialog.getByRole('checkbox', { name: 'Shared with everyone' })).not.toBeChecked();
  await expectAccessible(first);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The list now shows the saved view: the button names it.
  await expect(first.getByRole('button', { name: `Views: ${viewName}` })).toBeVisible();
  await first.context().close();

  // ── a new browser: the view is there and applies ──
  const second = await signedInPage(browser, baseURL, token);
  await second.goto('/#/receipts');
  await expect(dataRows(second).first()).toBeVisible();
  await expect(headers(second).filter({ hasText: 'Supplier Code' })).toHaveCount(1);
  await second.getByRole('button', { name: 'Views', exact: true }).click();
  await expect(second.getByRole('group', { name: 'Your views' }).getByRole('menuitem', { name: viewName })).toBeVisible();
  await expectAccessible(second);
  await second.getByRole('menuitem', { name: viewName }).click();
  await expect(second).toHaveURL(new RegExp(`partNumber=${part.id}`));
  await expect(second).toHaveURL(/processOption=D/);
  await expect(second).toHaveURL(/isExported=false/);
  await expectOnly(second, wanted);
  await expectHidden(second, ['Supplier Code', 'Collection point']);

  // Every view is a link: the address it shows opens the same list.
  const link = second.url();

  // ── made the default: opening Master Data applies it ──
  await second.getByRole('button', { name: `Views: ${viewName}` }).click();
  await second.getByRole('menuitem', { name: 'Set as default' }).click();
  await expect(second.getByText(`'${viewName}' is now your default view`)).toBeVisible();
  await second.getByRole('link', { name: 'Main', exact: true }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  await second.getByRole('link', { name: 'Master Data', exact: true }).click();
  await expect(second).toHaveURL(new RegExp(`partNumber=${part.id}`));
  await expectOnly(second, wanted);
  await expectHidden(second, ['Supplier Code', 'Collection point']);
  await expect(second.getByRole('button', { name: `Views: ${viewName}` })).toBeVisible();
  await second.context().close();

  const third = await signedInPage(browser, baseURL, token);
  await third.goto('/#/receipts');
  // A new browser again: every chunk loads afresh before the default view can be applied.
  await expect(third.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible({ timeout: 30_000 });
  await expect(third).toHaveURL(/processOption=D/);
  await expectOnly(third, wanted);
  await expectHidden(third, ['Supplier Code', 'Collection point']);
  await third.goto(link);
  await expectOnly(third, wanted);
  await third.context().close();
});

test('a view is renamed from the Views menu: Enter submits, a name already used is said on the field', async ({ request, page, admin }) => {
  const person = await createUser(admin);
  const token = await apiToken(request, person.username, person.password);
  const own = new Api(request, token);
  const [kept, renamed] = [unique('Kept '), unique('Renamed ')];
  await own.post('/api/saved_views', { list: 'receipts', name: kept, query: 'processOption=S' });
  const view = await own.post<{ id: number }>('/api/saved_views', { list: 'receipts', name: unique('Old '), query: 'processOption=D' });

  await signInWithToken(page, token);
  await page.goto(`/#/receipts?processOption=D`);
  const button = page.getByRole('button', { name: /^Views: Old / });
  await button.click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename view' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue(/^Old /);
  await expect(name).toBeFocused();

  // the other view's name, in another case: the API's sentence on the field, nothing renamed
  await name.fill(kept.toUpperCase());
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription('This value is already used.');
  await expectAccessible(page);
  await name.fill('   ');
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription('Required Field');

  await name.fill(` ${renamed} `);
  await name.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Views: ${renamed}` })).toBeVisible();
  const stored = await own.get<{ items: { id: number; name: string; query: string }[] }>('/api/saved_views?list=receipts');
  expect(stored.items.find((v) => v.id === view.id)).toMatchObject({ name: renamed, query: 'processOption=D' });

  // another person's shared view cannot be renamed: the item is there but disabled
  // (a query of its own: a shared view names the list of every other spec that shows the same query;
  // a page loaded before the view existed learns of it at its next load)
  const [theirs, engineerNo] = [unique('Theirs '), unique('ENG-')];
  await admin.post('/api/saved_views', { list: 'receipts', name: theirs, query: `engineerNo=${engineerNo}`, shared: true });
  await page.goto(`/#/receipts?engineerNo=${engineerNo}`);
  await page.reload();
  await page.getByRole('button', { name: `Views: ${theirs}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename…' })).toBeDisabled();
});
