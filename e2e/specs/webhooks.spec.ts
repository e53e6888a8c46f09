/**
 * Webhooks (docs/decisions/280): an Admin adds one under Settings pointing at a receiver this test
 * starts, a receipt is created, the delivery shows as delivered with its attempt, and 'Send again'
 * sends the same delivery (same id, body signed afresh) — the receiver sees that id twice.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, expectAccessible } from '../support/fixtures';
import { seedReceipt } from '../support/seed';

interface Received {
  deliveryId: string;
  signature: string;
  body: string;
}

test('an Admin adds a webhook under Settings; a new receipt is delivered to it; Send again delivers the same id again', async ({
  adminPage: page,
  admin,
}) => {
  // Deliveries settle in the background and the screen looks again every few seconds: more than the default 30 s.
  test.setTimeout(120_000);
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        deliveryId: String(req.headers['cooler-hub-delivery']),
        signature: String(req.headers['cooler-hub-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${Date.now()}`;
  try {
    await page.goto('/#/settings');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByRole('link', { name: 'Add webhook' }).click();
    await expect(page).toHaveURL(/#\/settings\/webhooks\/new$/);
    await page.getByLabel('Target URL').fill(url);
    await page.getByRole('checkbox', { name: /^receipt\.created/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add webhook' }).click();

    await expect(page).toHaveURL(/#\/settings\/webhooks\/\d+$/);
    await expect(page.getByText(url)).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('Nothing sent yet')).toBeVisible();

    const { receipt } = await seedReceipt(admin);
    const delivery = page.getByRole('listitem', { name: /^Delivery / });
    await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
    await expect(delivery).toContainText('receipt.created');
    await expect(delivery.getByRole('table')).toContainText('HTTP 204');
    expect(received).toHaveLength(1);
    const first = received[0]!;
    await expect(delivery).toContainText(first.deliveryId);
    expect(JSON.parse(first.body)).toMatchObject({ id: first.deliveryId, event: 'receipt.created', data: { id: receipt.id } });
    const [t, v1] = first.signature.split(',').map((p) => p.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex'));
    await expectAccessible(page);

    await delivery.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.deliveryId).toBe(first.deliveryId);
    expect(received[1]!.body).toBe(first.body);
    // Two attempts logged (plus the header row), the delivery delivered again.
    await expect(delivery.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
    await expect(delivery).toContainText('Delivered');

    // The settings list shows it with its latest delivery.
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    const listed = page.getByRole('region', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url });
    await expect(listed).toContainText('Delivered');
    await expect(listed).toContainText('receipt.created');

    // Deleted after a confirmation: nothing more is sent to it (later specs of this hub make receipts too).
    await listed.getByRole('link', { name: url }).click();
    await page.getByRole('button', { name: 'Delete webhook' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/#\/settings$/);
    await expect(page.getByRole('region', { name: 'Webhooks' }).getByText(url)).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
