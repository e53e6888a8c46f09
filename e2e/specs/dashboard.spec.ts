/**
 * The dashboard (/dashboard, docs/decisions/255) as a new user meets it: opened from the side
 * menu, a figure read, clicked, and Master Data shows that many receipts. The figure is this spec's
 * own scrap reason (a new code), so the shared e2e database's other rows never change it.
 */
import { apiToken, expectAccessible, expect, signInWithToken, test } from '../support/fixtures';
import { createUser, receiptWorld, scrapped, seedLbNumbers } from '../support/seed';

test('a new user opens Dashboard from the menu, reads a figure and lands on Master Data with that total', async ({
  admin,
  page,
  request,
}) => {
  const world = await receiptWorld(admin);
  await seedLbNumbers(admin, world, 3, scrapped(world));
  // one of each other option today, so today's bar stacks all three
  await seedLbNumbers(admin, world, 1);
  await seedLbNumbers(admin, world, 1, { processOption: 'D', processState: 'D1' });
  const code = world.scrapReason.code;

  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await page.goto('/#/main');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Receipts per day' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Period' }).or(page.getByRole('group', { name: 'Period' }))).toBeVisible();
  await expect(page.getByRole('img', { name: /^Receipts per day in the last 30 days/ })).toBeVisible();
  await expectAccessible(page);

  // The legend reads as the bars stack, bottom up (X, D, S), each swatch the colour of its stack.
  const chart = page.getByRole('img', { name: /^Receipts per day in the last 30 days/ });
  await expect(chart.locator('[class*="legendItemName"]')).toHaveText(['X', 'D', 'S']);
  const colours = await chart.evaluate((root) => {
    const swatches = Array.from(root.querySelectorAll('[class*="legendItemColor"] [class*="colorOverlay"]'));
    const bars = Array.from(root.querySelectorAll('.recharts-bar-rectangle path')).map((p) => ({
      box: p.getBoundingClientRect(),
      fill: getComputedStyle(p).fill,
    }));
    const today = Math.max(...bars.map((b) => Math.round(b.box.x)));
    const stack = bars.filter((b) => Math.round(b.box.x) === today && b.box.height > 0).sort((a, b) => b.box.y - a.box.y);
    return { legend: swatches.map((s) => getComputedStyle(s).backgroundColor), stack: stack.map((b) => b.fill) };
  });
  expect(colours.stack).toEqual(colours.legend);

  // The 90-day period holds the same three receipts of today.
  await page.getByText('90 days', { exact: true }).click();
  const figure = page.getByRole('link', { name: `3 receipts with scrap reason ${code} in the last 90 days` });
  await expect(figure).toHaveText('3');
  const read = (await figure.textContent())!.trim();

  await figure.click();
  await expect(page).toHaveURL(new RegExp(`#/receipts\\?.*scrapReason=${code}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await expect(page.getByTestId('list-summary')).toHaveText(`${read} item(s)`);
});
