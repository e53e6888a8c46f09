/**
 * One barcode reader for the camera scanner: the browser's own BarcodeDetector where it exists and
 * reads our formats, else the lazily loaded polyfill (barcode-polyfill.ts). Both answer the
 * BarcodeDetector API's `detect(video)` with the codes' raw values.
 */
import { SCAN_FORMATS, usableFormats, type BarcodeReader } from './barcode-codes';

interface NativeDetector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
}

function isNativeDetectorClass(value: unknown): value is NativeDetectorClass {
  return typeof value === 'function' && 'getSupportedFormats' in value && typeof value.getSupportedFormats === 'function';
}

async function nativeReader(): Promise<BarcodeReader | null> {
  const Native: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  if (!isNativeDetectorClass(Native)) return null;
  try {
    const formats = usableFormats(await Native.getSupportedFormats());
    if (formats.length === 0) return null;
    const detector = new Native({ formats });
    return { kind: 'native', detect: (source) => detector.detect(source) };
  } catch (error) {
    console.warn('The native BarcodeDetector failed; using the polyfill', error);
    return null;
  }
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { createPolyfillReader } = await import('./barcode-polyfill');
  return createPolyfillReader(SCAN_FORMATS);
}
