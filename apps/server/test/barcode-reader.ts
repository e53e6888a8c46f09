/**
 * The barcode reader the web app ships (zxing-wasm), run in Node on rasterised labels: its .wasm
 * read from node_modules, no network.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Raster } from './pdf-raster';

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | undefined;

/** The Code 128 texts found in an image. */
export async function readCode128(raster: Raster): Promise<string[]> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
    fireImmediately: true,
  });
  await ready;
  const results = await readBarcodes(raster, { formats: ['Code128'], tryHarder: false, maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
