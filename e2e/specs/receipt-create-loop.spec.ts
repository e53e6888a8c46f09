/**
 * The receiving loop on /receipt-create (docs/decisions/215) as a person on the floor meets
 * it: cooler after cooler with 'Create and receive next' without leaving the form, Enter on a
 * serial picks its cooler, Back after a create still creates, and every scan answered by a sound
 * (Web Audio oscillators started in the real browser) and a flash — green accepted, red refused —
 * with a mute switch that is remembered; the same on the delivery-note scan step.
 */
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Cooler } from '@cooler-hub/contract/coolers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { apiToken, expect, expectAccessible, signInWithToken, test, type Api } from '../support/fixtures';
import { createButton, engineerBox, lbBox, pickOption, serialBox } from '../support/receipt-form';
import { BY_ENGINEER, createCooler, createUser, receiptWorld, seedReceipt, unique, uniqueLbNumber } from '../support/seed';
import { scan } from '../support/scanner';
import { scanFlashes, startedOscillators, watchScanFeedback } from '../support/scan-feedback';

const receiveNextButton = (page: Page) => page.getByRole('button', { name: 'Create and receive next' });
const justCreated = (page: Page) => page.getByRole('region', { name: 'Receipt just created' });
const feedback = (page: Page) => page.locator('.ch-scan-feedback');
const soundSwitch = (page: Page) => page.getByRole('switch', { name: 'Scan sound' });

async function receiptsOf(admin: Api, cooler: Cooler): Promise<Receipt[]> {
  const list = await admin.get<ListResponse<Receipt>>(`/api/receipts?inventoryItemId=${cooler.id}`);
  return list.items;
}

/** A new Production user's page: no defaults, no remembered choice, nothing muted. */
async function freshUserPage(page: Page, admin: Api, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const user = await createUser(admin, { role: 'Production' });
  const request = await playwright.request.newContext({ baseURL });
  await signInWithToken(page, await apiToken(request, user.username, user.password));
  await request.dispose();
  return user;
}

/** Records the body of every receipt create the page sends. */
function receiptCreates(page: Page): { id: string; lbNumber: string }[] {
  const bodies: { id: string; lbNumber: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/receipts')
      bodies.push(request.postDataJSON() as { id: string; lbNumber: string });
  });
  return bodies;
}

test('three coolers in a row with ‘Create and receive next’: each a new receipt, the defaults kept, the last one linked, never leaving the form', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.slow();
  await freshUserPage(page, admin, playwright, baseURL);
  const world = await receiptWorld(admin);
  const coolers = [await createCooler(admin), await createCooler(admin), await createCooler(admin)];
  const lbs = coolers.map(() => uniqueLbNumber());
  const engineer = unique('ENG-LOOP-');
  const sent = receiptCreates(page);

  // The first cooler of the batch, by hand: nothing remembered yet, Create is the main button.
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused();
  await serialBox(page).pressSequentially(coolers[0]!.serialNumber, { delay: 40 });
  await serialBox(page).press('Enter');
  await expect(lbBox(page)).toBeFocused();
  await lbBox(page).fill(lbs[0]!);
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await engineerBox(page).fill(engineer);
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('D');
  await expect(createButton(page)).toHaveAttribute('data-variant', 'filled');
  await expect(receiveNextButton(page)).toHaveAttribute('data-variant', 'default');
  // Enter in a field never submits (docs/product.md §5.1).
  await engineerBox(page).press('Enter');
  await page.waitForTimeout(300);
  expect(sent).toHaveLength(0);
  await receiveNextButton(page).click();

  for (let i = 1; i <= 2; i++) {
    await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
    await expect(page).toHaveURL(/#\/receipt-create$/);
    // A fresh form for the next cooler: serial empty and focused, the receipt just made above it.
    await expect(serialBox(page)).toHaveValue('');
    await expect(serialBox(page)).toBeFocused();
    await expect(lbBox(page)).toHaveCount(0);
    await expect(justCreated(page)).toContainText(`Created ${lbs[i - 1]} for serial ${coolers[i - 1]!.serialNumber}.`);
    await expect(justCreated(page)).toContainText(i === 1 ? '1 receipt on this screen so far.' : `${i} receipts on this screen so far.`);

    // Two scans, one engineer badge, then the remembered action, from the keyboard alone.
    await scan(page, coolers[i]!.serialNumber);
    await expect(lbBox(page)).toBeFocused();
    // The defaults of the previous receipt (decision 120); the engineer's badge is scanned each time.
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(world.account.name);
    await expect(page.getByRole('combobox', { name: 'Supplier Code' })).toHaveValue(world.supplier.name);
    await expect(page.getByRole('radio', { name: 'Engineer number' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Process option' })).toHaveValue('D');
    await expect(engineerBox(page)).toHaveValue('');
    await expect(lbBox(page)).toHaveValue('LB');
    await scan(page, lbs[i]!);
    await expect(engineerBox(page)).toBeFocused();
    await scan(page, engineer);
    await expect(receiveNextButton(page)).toBeFocused();
    await expect(receiveNextButton(page)).toHaveAttribute('data-variant', 'filled');
    await page.keyboard.press('Enter');
  }

  await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
  await expect(justCreated(page)).toContainText(`Created ${lbs[2]} for serial ${coolers[2]!.serialNumber}.`);
  await expect(justCreated(page)).toContainText('3 receipts on this screen so far.');
  await expect(page).toHaveURL(/#\/receipt-create$/);
  await expectAccessible(page);

  // Three creates, three ids: none sent twice.
  expect(sent.map((b) => b.lbNumber)).toEqual(lbs);
  expect(new Set(sent.map((b) => b.id)).size).toBe(3);
  for (const [i, cooler] of coolers.entries()) {
    const [saved, ...more] = await receiptsOf(admin, cooler);
    expect(more).toEqual([]);
    expect(saved).toMatchObject({
      id: sent[i]!.id,
      lbNumber: lbs[i],
      engineerNo: engineer,
      account: { id: world.account.id },
      supplier: { id: world.supplier.id },
      processOption: 'D',
    });
  }

  // The choice is remembered: a reload keeps 'Create and receive next' as the main button.
  await page.reload();
  await expect(serialBox(page)).toBeFocused();
  await scan(page, coolers[0]!.serialNumber);
  await expect(receiveNextButton(page)).toHaveAttribute('data-variant', 'filled');
  await expect(justCreated(page)).toHaveCount(0);

  // Master Data lists the three.
  await page.goto(`/#/receipts?engineerNo=${engineer}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible();
  await expect(page.getByText('3 item(s)')).toBeVisible();
  for (const lb of lbs) await expect(page.getByRole('cell', { name: lb, exact: true })).toBeVisible();
});

test('the receipt just made is a working link', async ({ adminPage: page, admin }) => {
  const world = await receiptWorld(admin);
  const cooler = await createCooler(admin);
  const lb = uniqueLbNumber();
  await page.goto('/#/receipt-create');
  await expect(serialBox(page)).toBeFocused();
  await scan(page, cooler.serialNumber);
  await expect(lbBox(page)).toBeFocused();
  await lbBox(page).fill(lb);
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await engineerBox(page).fill('ENG-LINK');
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
  await receiveNextButton(page).focus();
  await page.keyboard.press('Space');
  const link = justCreated(page).getByRole('link', { name: lb });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update receipt' })).toBeVisible();
  await expect(lbBox(page)).toHaveValue(lb);
  const [saved] = await receiptsOf(admin, cooler);
  await expect(page).toHaveURL(new RegExp(`#/receipt/${saved!.id}/edit$`));
});

test('Back after a create: the next create on the form gets its own id and succeeds (receipts and coolers)', async ({
  adminPage: page,
  admin,
}) => {
  test.slow();
  const world = await receiptWorld(admin);
  const sent = receiptCreates(page);
  const coolers = [await createCooler(admin), await createCooler(admin)];
  const lbs = [uniqueLbNumber(), uniqueLbNumber()];

  await page.goto('/#/main');
  await page.goto('/#/receipt-create');
  for (const [i, cooler] of coolers.entries()) {
    // Typed at a person's pace (a faster run is the wedge scanner's to read).
    await serialBox(page).pressSequentially(cooler.serialNumber, { delay: 40 });
    await serialBox(page).press('Enter');
    await expect(lbBox(page)).toBeFocused();
    await lbBox(page).fill(lbs[i]!);
    await pickOption(page, 'Account', world.account.name);
    await pickOption(page, 'Supplier Code', world.supplier.name);
    await page.getByRole('radio', { name: 'Collection point' }).check();
    await pickOption(page, 'Collection point', world.collectionPoint.name);
    await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
    await createButton(page).click();
    await expect(page.getByText('Receipt has been successfully created').last()).toBeVisible();
    // Master Data's chunk and list: slow to come on a loaded machine, not what is tested here.
    await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeVisible({ timeout: 20_000 });
    // The browser's Back: the form again, for the next cooler.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Create receipt' })).toBeVisible();
    await expect(serialBox(page)).toHaveValue('');
  }
  await expect(page.getByText('A different receipt was already created with this id.')).toHaveCount(0);
  expect(sent).toHaveLength(2);
  expect(sent[0]!.id).not.toBe(sent[1]!.id);
  for (const [i, cooler] of coolers.entries()) expect((await receiptsOf(admin, cooler)).map((r) => r.lbNumber)).toEqual([lbs[i]]);

  // The same for a cooler made on its own form.
  const part = (await admin.get<ListResponse<{ partNumber: string }>>('/api/part_numbers?page=1')).items[0]!;
  const serials = [unique('SN-BACK-A-'), unique('SN-BACK-B-')];
  await page.goto('/#/coolers-create');
  for (const serial of serials) {
    await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
    await pickOption(page, 'Part number', part.partNumber);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Cooler was successfully created').last()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Cooler History' })).toBeVisible({ timeout: 20_000 });
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Cooler' })).toBeVisible();
  }
  for (const serial of serials) {
    const found = await admin.get<ListResponse<Cooler>>(`/api/coolers?serialNumber=${serial}`);
    expect(found.items.map((c) => c.serialNumber)).toEqual([serial]);
  }
});

test('Enter on a serial picks the cooler with exactly that serial, not one it is the start of', async ({ adminPage: page, admin }) => {
  const base = unique('SNENTER');
  const exact = await createCooler(admin, { serialNumber: base, dateOfManufacture: '2020-01-31' });
  await createCooler(admin, { serialNumber: `${base}0` });
  await page.goto('/#/receipt-create');
  // Typed by hand, at a person's pace: the list shows both before Enter.
  await serialBox(page).pressSequentially(base, { delay: 40 });
  await expect(page.getByRole('option')).toHaveCount(2);
  await serialBox(page).press('Enter');
  await expect(page.getByText(`Part number ${exact.partNumber.partNumber}, made 31/01/2020`)).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(lbBox(page)).toBeFocused();
  await expect(serialBox(page)).toHaveValue(base);
  await expect(feedback(page)).toHaveAttribute('data-scan-result', 'accepted');
  await expect(page.getByRole('status').filter({ hasText: `Serial ${base}: cooler found` })).toBeVisible();
});

test('each scan is answered: a beep and a green flash when accepted, two low buzzes and a red flash when refused; a scan onto a button creates nothing; the mute switch is remembered', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.slow();
  await freshUserPage(page, admin, playwright, baseURL);
  await watchScanFeedback(page);
  const world = await receiptWorld(admin);
  const cooler = await createCooler(admin);
  const sent = receiptCreates(page);

  await page.goto('/#/receipt-create');
  await expect(soundSwitch(page)).toBeChecked();
  await expect(feedback(page)).toHaveAttribute('data-scan-result', 'none');
  await expect(serialBox(page)).toBeFocused();
  await scan(page, cooler.serialNumber);
  await expect(feedback(page)).toHaveAttribute('data-scan-result', 'accepted');
  await expect(page.getByRole('status').filter({ hasText: `Serial ${cooler.serialNumber}: cooler found` })).toBeVisible();
  await expect.poll(() => scanFlashes(page)).toEqual(['accepted']);
  await expect.poll(() => startedOscillators(page)).toEqual([{ type: 'square', frequency: 1760 }]);

  // A tag that is no LB number: refused, and the field waits for the next scan.
  await expect(lbBox(page)).toBeFocused();
  await scan(page, 'X12345');
  await expect(feedback(page)).toHaveAttribute('data-scan-result', 'refused');
  await expect(page.getByRole('status').filter({ hasText: 'X12345: Wrong Lb number' })).toBeVisible();
  await expect.poll(() => scanFlashes(page)).toEqual(['accepted', 'refused']);
  await expect
    .poll(() => startedOscillators(page))
    .toEqual([
      { type: 'square', frequency: 1760 },
      { type: 'sawtooth', frequency: 196 },
      { type: 'sawtooth', frequency: 196 },
    ]);
  await expect(lbBox(page)).toBeFocused();

  // The form filled, the focus on Create: a scan that lands on the button presses nothing.
  const lb = uniqueLbNumber();
  await scan(page, lb);
  await pickOption(page, 'Account', world.account.name);
  await pickOption(page, 'Supplier Code', world.supplier.name);
  await page.getByRole('radio', { name: 'Engineer number' }).check();
  await engineerBox(page).fill('ENG-BEEP');
  await page.getByRole('combobox', { name: 'Process option' }).selectOption('X');
  await createButton(page).focus();
  await scan(page, 'SN-WRONG-PLACE');
  await expect(page.getByRole('status').filter({ hasText: 'That scan reached a button, not a field: nothing was created.' })).toBeVisible();
  await expect(feedback(page)).toHaveAttribute('data-scan-result', 'refused');
  await page.waitForTimeout(300);
  expect(sent).toHaveLength(0);
  await expect(page).toHaveURL(/#\/receipt-create$/);

  // Muted: remembered over a reload; the flash still comes, no oscillator starts.
  await soundSwitch(page).click();
  await expect(soundSwitch(page)).not.toBeChecked();
  await page.reload();
  await expect(soundSwitch(page)).not.toBeChecked();
  await expect(serialBox(page)).toBeFocused();
  await scan(page, cooler.serialNumber);
  await expect(feedback(page)).toHaveAttribute('data-scan-result', 'accepted');
  await expect.poll(() => scanFlashes(page)).toEqual(['accepted']);
  await page.waitForTimeout(300);
  expect(await startedOscillators(page)).toEqual([]);

  // The delivery-note scan step answers the same way, muted for this user too.
  await soundSwitch(page).click();
  await expect(soundSwitch(page)).toBeChecked();
  const { receipt } = await seedReceipt(admin, { world, ...BY_ENGINEER });
  await page.goto('/#/create-dn');
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Error sheet' });
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(page).toHaveURL(/#\/create-dn\/scan$/);
  await expect(soundSwitch(page)).toBeChecked();
  const before = (await startedOscillators(page)).length;
  const flashesBefore = (await scanFlashes(page)).length;
  const field = page.getByRole('textbox', { name: 'LB Number' });
  await expect(field).toBeFocused();
  await scan(page, receipt.lbNumber);
  await expect(page.getByRole('listitem', { name: `${receipt.lbNumber}: ready` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${receipt.lbNumber} added` })).toBeVisible();
  await scan(page, receipt.lbNumber);
  await expect(page.getByRole('status').filter({ hasText: `${receipt.lbNumber}: already on this note` })).toBeVisible();
  await scan(page, '246');
  await expect(page.getByRole('status').filter({ hasText: '246: Wrong Lb number' })).toBeVisible();
  await expect.poll(async () => (await scanFlashes(page)).slice(flashesBefore)).toEqual(['accepted', 'refused', 'refused']);
  await expectAccessible(page);
  await expect
    .poll(async () => (await startedOscillators(page)).slice(before).map((o) => o.type))
    .toEqual(['square', 'sawtooth', 'sawtooth', 'sawtooth', 'sawtooth']);
});
