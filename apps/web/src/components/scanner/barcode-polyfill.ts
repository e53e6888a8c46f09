/**
 * The `barcode-detector` polyfill (ZXing compiled to WebAssembly), loaded only when the browser
 * has no BarcodeDetector of its own (Chromium on Linux, Firefox, Safari): barcode-reader.ts imports
 * this module lazily, so neither its code nor its .wasm is part of the first load. The .wasm is
 * served by us from the build's hashed assets — never from the package's default CDN (docs/architecture.md §2).
 * zxing-wasm is pinned to the exact version barcode-detector bundles, so the file matches its code.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { BarcodeReader, ScanFormat } from './barcode-codes';

/** Compiles the reader from our own origin; rejects when the .wasm cannot be loaded. */
export async function createPolyfillReader(formats: readonly ScanFormat[]): Promise<BarcodeReader> {
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: [...formats] });
  return { kind: 'polyfill', detect: (source) => detector.detect(source) };
}
