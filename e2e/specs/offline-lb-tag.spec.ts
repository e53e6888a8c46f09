/**
 * An LB tag updated with the network gone (docs/decisions/270): a person on the floor opens a
 * receipt from /lb-tag while online, loses the network, changes its LB number and saves. The update
 * is kept on this device and said to be, never 'updated'; the top bar counts it; once the network
 * returns it is sent — once — and the list shows it sent. When another editor changed the receipt
 * meanwhile, the server refuses it (409) and /outbox says who; 'Save mine over their change' sends
 * it again on the version stored now.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { ListResponse } from '@cooler-hub/contract/common';
import type { Receipt, ReceiptUpdateInput } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { ADMIN_USERNAME } from '../support/accounts';
import { apiToken, expect, signInWithToken, test, type Api } from '../support/fixtures';
import { lbBox } from '../support/receipt-form';
import { createUser, seedReceipt, uniqueLbNumber } from '../support/seed';

// The app shell's service worker opens /outbox with the network gone (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const badge = (page: Page) => page.getByTestId('outbox-badge');
const UPDATED = 'Receipt has been successfully updated';
const kept = (lb: string) => `Kept on this device, not yet on the server: the update of ${lb} is sent when the network returns.`;
const stale = new RegExp(`^This receipt was changed by ${ADMIN_USERNAME} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d after you opened it\\.$`);

/** A Production user (the floor) signed in on `page`. */
async function signInFloor(page: Page, admin: Api) {
  const user = await createUser(admin, { role: 'Production' });
  await signInWithToken(page, await apiToken(page.request, user.username, user.password));
}

/** The updates of this receipt the server answered, as 'PUT <status>', in the order they were sent. */
function updatesOf(page: Page, id: string): string[] {
  const answered: string[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.method() !== 'PUT' || new URL(request.url()).pathname !== `/api/receipts/${id}/main`) return;
    void request.response().then((response) => answered.push(`PUT ${response?.status()}`));
  });
  return answered;
}

/** /lb-tag, online: the LB number typed, its receipt chosen, Continue; the edit opens. The shell's worker is in place. */
async function openFromLbTag(page: Page, receipt: Receipt) {
  await page.goto('/#/lb-tag');
  await expect(page.getByRole('heading', { level: 1, name: 'Update LB tag' })).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Enter manually' }).pressSequentially(receipt.lbNumber);
  await page.getByRole('option', { name: receipt.lbNumber, exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));
  await expect(lbBox(page)).toHaveValue(receipt.lbNumber);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
}

/** Offline: the LB number changed and Update pressed; told it is kept, back on /lb-tag. */
async function changeLbOffline(page: Page, lb: string) {
  await lbBox(page).fill(lb);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText(kept(lb))).toBeVisible();
  await expect(page).toHaveURL(/#\/lb-tag$/);
  await expect(page.getByText(UPDATED)).toHaveCount(0);
  await expect(badge(page)).toHaveText('1 waiting');
}

async function lbChanges(admin: Api, id: string): Promise<RevisionEntry[]> {
  const history = await admin.get<ListResponse<RevisionEntry>>(`/api/revision_entries?entryKind=Receipt&entryRef=${id}`);
  return history.items.filter((entry) => 'lbNumber' in entry.oldNewMessage);
}

test('an LB number changed offline is kept, shown as kept, and sent once when the network returns', async ({ page, admin, context }) => {
  test.setTimeout(120_000);
  const { receipt } = await seedReceipt(admin);
  const stored = () => admin.get<Receipt>(`/api/receipts/${receipt.id}`);
  await signInFloor(page, admin);
  const updates = updatesOf(page, receipt.id);
  await openFromLbTag(page, receipt);

  await goOffline(context, page);
  const lb = uniqueLbNumber();
  await changeLbOffline(page, lb);
  expect((await stored()).lbNumber).toBe(receipt.lbNumber);

  // Opened again on this device: what is kept shows, and says it is not on the server.
  await page.goto(`/#/receipt/${receipt.id}/edit`);
  await expect(page.getByRole('status', { name: 'Update kept on this device' })).toContainText(
    `Kept on this device, not yet on the server: the update of ${lb}.`,
  );
  await expect(lbBox(page)).toHaveValue(lb);

  await page.getByTestId('outbox-badge').click();
  await expect(page).toHaveURL(/#\/outbox$/);
  const item = page.getByRole('listitem', { name: `Update of receipt ${lb} (was ${receipt.lbNumber})` });
  await expect(item).toHaveAttribute('data-status', 'waiting');
  await expect(item).toContainText('Waiting');
  await expect(page.getByTestId('outbox-summary')).toHaveText('1 waiting, 0 refused, 0 sent.');
  expect(updates).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-summary')).toHaveText('0 waiting, 0 refused, 1 sent.', { timeout: 60_000 });
  await expect(item).toHaveAttribute('data-status', 'sent');
  await expect(item).toContainText('Sent');
  await expect(item.getByRole('link', { name: 'Open the receipt' })).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // The server holds the change, made once.
  expect((await stored()).lbNumber).toBe(lb);
  await expect.poll(() => updates).toEqual(['PUT 200']);
  const changes = await lbChanges(admin, receipt.id);
  expect(changes.map((entry) => entry.oldNewMessage.lbNumber)).toEqual([[receipt.lbNumber, lb]]);
});

test('another editor changed the receipt meanwhile: refused with who did it, and "Save mine over their change" lands mine', async ({
  page,
  admin,
  context,
}) => {
  test.setTimeout(120_000);
  const { receipt } = await seedReceipt(admin);
  const stored = () => admin.get<Receipt>(`/api/receipts/${receipt.id}`);
  await signInFloor(page, admin);
  const updates = updatesOf(page, receipt.id);
  await openFromLbTag(page, receipt);

  await goOffline(context, page);
  const mine = uniqueLbNumber();
  await changeLbOffline(page, mine);

  // Meanwhile the office gives the receipt another LB number.
  const theirs = uniqueLbNumber();
  await admin.put(`/api/receipts/${receipt.id}/main`, updateBodyOf(await stored(), { lbNumber: theirs }));
  expect((await stored()).lbNumber).toBe(theirs);

  await page.goto('/#/outbox');
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-summary')).toHaveText('0 waiting, 1 refused, 0 sent.', { timeout: 60_000 });
  const item = page.getByRole('listitem', { name: `Update of receipt ${mine} (was ${receipt.lbNumber})` });
  await expect(item).toHaveAttribute('data-status', 'refused');
  await expect(item.getByTestId('refusal')).toHaveText(stale);
  await expect(badge(page)).toHaveText('0 waiting · 1 refused');
  expect((await stored()).lbNumber).toBe(theirs);

  await item.getByRole('button', { name: 'Save mine over their change' }).click();
  await expect(page.getByTestId('outbox-summary')).toHaveText('0 waiting, 0 refused, 1 sent.', { timeout: 30_000 });
  await expect(item).toContainText('Sent');
  expect((await stored()).lbNumber).toBe(mine);
  await expect.poll(() => updates).toEqual(['PUT 409', 'PUT 200']);
  const changes = await lbChanges(admin, receipt.id);
  expect(changes.map((entry) => entry.oldNewMessage.lbNumber).reverse()).toEqual([
    [receipt.lbNumber, theirs],
    [theirs, mine],
  ]);
});

/** The PUT body of a stored receipt, with `changes`. */
function updateBodyOf(r: Receipt, changes: Partial<ReceiptUpdateInput>): ReceiptUpdateInput {
  return {
    lbNumber: r.lbNumber,
    supplier: r.supplier.id,
    customerAccount: r.account.id,
    inventoryItem: r.inventoryItem.id,
    processOption: r.processOption,
    processState: r.processState,
    scrapReason: r.scrapReason,
    collectionPoint: r.collectionPoint?.id ?? null,
    engineerNo: r.engineerNo,
    notes: r.notes,
    tagFaultComment: r.tagFaultComment,
    assetNo: r.assetNo,
    ...changes,
  };
}
