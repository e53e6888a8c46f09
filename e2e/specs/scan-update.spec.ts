/**
 * Scan LB tag (/scan-update; docs/product.md §2.1, §4) with a camera: a separate Chromium
 * whose fake camera plays a Code 128 video of an LB number the test draws itself (bwip-js → .y4m).
 * A hit opens the receipt's edit page; a miss says so and the screen keeps scanning. The barcode
 * reader is the polyfill (Chromium on Linux has no native BarcodeDetector), its WASM loaded from
 * the app's own origin. Without a camera the screen says so and the LB number can be typed.
 */
import { expect, expectAccessible, test } from '../support/fixtures';
import { openWithFakeCamera } from '../support/scan-camera';
import { seedReceipt, uniqueLbNumber } from '../support/seed';
import { writeBarcodeY4m } from '../support/y4m';

/** Loading the WASM reader and the first readable frames take a few seconds on a busy machine. */
const SCAN_TIMEOUT = 25_000;

test('a Code 128 LB tag in front of the camera opens its receipt; the reader comes from our origin', async ({ admin }, testInfo) => {
  test.slow();
  const lbNumber = uniqueLbNumber();
  const { receipt } = await seedReceipt(admin, { lbNumber });
  const video = writeBarcodeY4m(testInfo.outputPath('lb-tag.y4m'), { bcid: 'code128', text: lbNumber });
  const session = await openWithFakeCamera(testInfo, video, admin.token);
  try {
    const { page } = session;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));

    await page.goto('/#/lb-tag');
    await page.getByRole('link', { name: 'Scan tag' }).click();
    await expect(page).toHaveURL(/#\/scan-update$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Scan LB tag' })).toBeVisible();

    await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`), { timeout: SCAN_TIMEOUT });

    const origin = new URL(page.url()).origin;
    const wasm = requests.filter((url) => url.endsWith('.wasm'));
    expect(wasm).toHaveLength(1);
    expect(wasm[0]).toMatch(new RegExp(`^${origin}/assets/zxing_reader-[\\w-]+\\.wasm$`));
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  } finally {
    await session.close();
  }
});

test('a tag with no receipt: the screen says so and keeps scanning; Back returns', async ({ admin }, testInfo) => {
  test.slow();
  const lbNumber = uniqueLbNumber(); // nobody has it
  const video = writeBarcodeY4m(testInfo.outputPath('unknown-tag.y4m'), { bcid: 'code128', text: lbNumber });
  const session = await openWithFakeCamera(testInfo, video, admin.token);
  try {
    const { page } = session;
    await page.goto('/#/lb-tag');
    await page.getByRole('link', { name: 'Scan tag' }).click();
    await expect(page.getByRole('alert')).toHaveText(`No receipt with LB number ${lbNumber}`, { timeout: SCAN_TIMEOUT });
    await expect(page).toHaveURL(/#\/scan-update$/);
    await expect(page.getByText('Scanning: hold the barcode inside the frame.')).toBeVisible();
    const camera = page.getByLabel('Camera: LB tag barcode');
    await expect(camera).toBeVisible();
    // the camera still streams: a live stream, and the picture moves on
    const playing = () =>
      camera.evaluate((video: HTMLVideoElement) => ({
        live: video.srcObject instanceof MediaStream && video.srcObject.active,
        time: video.currentTime,
      }));
    const before = await playing();
    expect(before.live).toBe(true);
    await expect.poll(async () => (await playing()).time).toBeGreaterThan(before.time);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/#\/lb-tag$/);
  } finally {
    await session.close();
  }
});

test('without a camera the screen says so and the LB number can be typed', async ({ adminPage: page, admin }) => {
  const { receipt } = await seedReceipt(admin);
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto('/#/scan-update');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan LB tag' })).toBeVisible();
  await expect(page.getByText('Camera scanning is not available')).toBeVisible();
  expect(logs.some((line) => line.includes('Camera scanning is unsupported'))).toBe(true);
  await expectAccessible(page);

  const typed = page.getByRole('textbox', { name: 'LB Number' });
  // a typed LB number nobody has
  await typed.fill('LB0000000000000001');
  await typed.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No receipt with LB number LB0000000000000001');
  // lower case is read as an LB number too; Find opens it
  await typed.fill(receipt.lbNumber.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`#/receipt/${receipt.id}/edit$`));
});
