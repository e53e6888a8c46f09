/**
 * The installable app shell (docs/decisions/269) as a tablet on warehouse Wi-Fi meets it: one visit
 * online, then the network drops and the floor's screens still open from the service worker; the
 * server's answers are never kept by it; a new build's worker takes over and the person is told.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// The app shell's service worker is what these tests are about (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The words the person is told (apps/web/src/app/app-update.tsx). */
const APP_UPDATED_TITLE = 'Cooler Hub has been updated';
const APP_UPDATED_MESSAGE = 'The new version opens when you go to another screen.';

/** Registered a few seconds after the load event, then it downloads the whole build. */
async function shellInstalled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('after one visit online, the floor’s screens open with the network down', async ({ adminPage: page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/#/main');
  await expect(heading(page)).toHaveText('Main', { timeout: 30_000 });
  await shellInstalled(page);
  // The scan step needs a prepared note (kept in the tab's session): an error sheet asks for nothing.
  await page.goto('/#/create-dn');
  await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Error sheet' });
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(/#\/create-dn\/scan$/, { timeout: 30_000 });

  await context.setOffline(true);
  const screens: [string, string | RegExp][] = [
    ['/main', 'Main'],
    ['/receipt-create', 'Create receipt'],
    ['/lb-tag', 'Update LB tag'],
    // The tab's draft is an error sheet: the preparation is titled by its type, as online.
    ['/create-dn', 'Create Error Sheet'],
    ['/create-dn/scan', 'Create Error Sheet'],
  ];
  for (const [path, title] of screens) {
    await page.goto(`/#${path}`);
    // A real page load with the network down, not a change of hash.
    await page.reload();
    await expect(heading(page), `${path} offline`).toHaveText(title, { timeout: 15_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }
  await expect(page.getByText('Step 2 of 3: scan the LB tags')).toBeVisible();
});

test('an API answer is never served from the worker’s cache', async ({ adminPage: page, context }) => {
  test.setTimeout(60_000);
  await page.goto('/#/main');
  await expect(page.locator('main tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await shellInstalled(page);
  const listed = await page.evaluate(async () => (await fetch('/api/receipts?page=1')).status);
  expect(listed).toBe(401); // no bearer on a bare fetch: the server's own answer

  await context.setOffline(true);
  const offline = await page.evaluate(() =>
    fetch('/api/receipts?page=1').then(
      (r) => `answered ${r.status}`,
      () => 'network error',
    ),
  );
  expect(offline).toBe('network error');
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    return { total: urls.length, api: urls.filter((u) => new URL(u).pathname.startsWith('/api/')) };
  });
  expect(cachedApi.total).toBeGreaterThan(20); // the build is there…
  expect(cachedApi.api).toEqual([]); // …and no answer of the server
});

test('a new build’s worker takes over: the person is told, and the next screen opens in it', async ({ adminPage: page }) => {
  test.setTimeout(60_000);
  await page.goto('/#/main');
  await expect(heading(page)).toHaveText('Main', { timeout: 30_000 });
  await shellInstalled(page);
  // The page as it runs now; a reload forgets this.
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
  // A deploy, as the browser sees it: a worker script it has not installed (a new URL is an update
  // even when the bytes are the same).
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?build=next'));
  await expect(page.getByText(APP_UPDATED_TITLE)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(APP_UPDATED_MESSAGE)).toBeVisible();
  // Still the same page until the person moves on…
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Master Data' }).click();
  await expect(heading(page)).toHaveText('Master Data', { timeout: 30_000 });
  // …then the next screen is a new load, run by the new worker.
  await expect.poll(() => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?build=next$/);
  await expect(page.getByText(APP_UPDATED_TITLE)).toHaveCount(0);
});
