/**
 * The pure rules of camera scanning (docs/product.md §4, §9): which formats are read, how often a frame is
 * checked, and that each code is reported once however many frames show it.
 */

/** Barcode formats read (docs/product.md §9), in the BarcodeDetector API's names. */
export const SCAN_FORMATS = ['code_39', 'code_128', 'codabar', 'ean_13'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** What both readers (native and polyfill) answer: the codes' raw values in a video frame. */
export interface BarcodeReader {
  kind: 'native' | 'polyfill';
  detect: (source: HTMLVideoElement) => Promise<readonly { rawValue: string }[]>;
}

/** A frame is checked for barcodes this often while the camera streams (docs/product.md §4, §9). */
export const SCAN_INTERVAL_MS = 500;

/**
 * The codes of one frame not seen before, in the order found, each once; `seen` learns them. A
 * code held in front of the camera for ten frames is reported on the first only; empty reads
 * (a detector may answer '' for a damaged symbol) are never reported.
 */
export function newCodes(seen: Set<string>, rawValues: readonly string[]): string[] {
  const fresh: string[] = [];
  for (const raw of rawValues) {
    const code = raw.trim();
    if (code === '' || seen.has(code)) continue;
    seen.add(code);
    fresh.push(code);
  }
  return fresh;
}

/** The formats to ask a native detector for: ours that it supports (none → use the polyfill). */
export function usableFormats(supported: readonly string[]): ScanFormat[] {
  return SCAN_FORMATS.filter((f) => supported.includes(f));
}
