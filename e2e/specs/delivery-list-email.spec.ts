/**
 * A failed e-mail is offered for Resend right where it shows (docs/decisions/209): the Email status
 * cell of the transfer list says 'Failed', the start of the mail server's reason, and holds a Resend
 * button; the mail server here refuses the address once (550) and accepts it after, so the Resend
 * gets the note through and the status turns Sent.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures';
import { approveDelivery, seedDelivery } from '../support/seed';
import { mailsTo } from '../support/inbox';

function noteRow(page: Page, id: number) {
  return page.getByRole('row').filter({ has: page.getByRole('switch', { name: `Approve transfer delivery note ${id}`, exact: true }) });
}

test.setTimeout(90_000);

test('a failed e-mail shows its reason and its Resend in the Email status cell; Resend gets it through', async ({
  adminPage: page,
  admin,
}) => {
  const email = `refused-once-${Date.now()}@example.com`;
  const { note } = await seedDelivery(admin, { type: 'transfer', items: 1, email });
  await approveDelivery(admin, note.id);

  await page.goto('/#/delivery-list/transfer');
  const row = noteRow(page, note.id);
  // The worker sends on its own: reload until the refusal is recorded.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });

  const cell = row.getByRole('cell').filter({ has: page.getByText('Failed', { exact: true }) });
  await expect(cell.getByText(/550.*Mailbox unavailable/)).toBeVisible();
  const resend = cell.getByRole('button', { name: `Resend failed e-mail of transfer delivery note ${note.id}`, exact: true });
  await expect(resend).toBeVisible();
  await expect(resend).not.toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/delivery-email-failed.png' });

  await resend.click();
  await expect(page.getByText('The delivery resend on email')).toBeVisible();
  const [mail] = await mailsTo(email, 1);
  expect(mail!.attachments.map((a) => a.filename).sort()).toEqual([`transfer-note-${note.id}.csv`, `transfer-note-${note.id}.pdf`]);
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  // Once it went out, the cell is a plain status again: no reason, no second Resend there.
  await expect(row.getByRole('button', { name: `Resend failed e-mail of transfer delivery note ${note.id}` })).toHaveCount(0);
});
