/**
 * barcode-detector bundles ZXing's JavaScript and expects one exact .wasm; we serve that file from
 * the zxing-wasm package (barcode-polyfill.ts). This fails when the two versions drift apart — the
 * reader would then fail to compile or misread in the browser (docs/architecture.md §2: pin the exact version).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BarcodeDetector, ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { SCAN_FORMATS } from './barcode-codes';

const require = createRequire(import.meta.url);

describe('the ZXing .wasm we serve', () => {
  it('is the very file barcode-detector was built against', () => {
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(sha256).toBe(ZXING_WASM_SHA256);
    // and apps/web/package.json pins that exact version (no range that could drift on a fresh install)
    const web: unknown = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(web).toMatchObject({ dependencies: { 'zxing-wasm': ZXING_WASM_VERSION } });
  });
});

describe('the polyfill', () => {
  it('reads every format of docs/product.md §9 under the names we ask for', async () => {
    // The static list needs no WASM; a name it lacks would make `new BarcodeDetector` throw.
    const supported = await BarcodeDetector.getSupportedFormats();
    expect(supported).toEqual(expect.arrayContaining([...SCAN_FORMATS]));
  });
});
