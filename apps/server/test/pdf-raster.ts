/** PDFs drawn as a printer driver would (pdfjs-dist on @napi-rs/canvas); read their text with @cooler-hub/process-kit/pdf. */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/**
 * Every page rasterised at `dpi` on white, as a printer driver would (pdfjs-dist drawing on
 * @napi-rs/canvas); `onPage` gets each page's pixels in turn, so a long PDF is never held whole.
 */
export async function rasterisePdf(
  bytes: Buffer,
  dpi: number,
  onPage: (raster: Raster, page: number) => Promise<void> | void,
): Promise<number> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.round(viewport.width);
    const height = Math.round(viewport.height);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas's context is the one pdfjs-dist draws on in Node.
    await page.render({ canvasContext: context, viewport }).promise;
    const { data } = context.getImageData(0, 0, width, height);
    await onPage({ width, height, data }, p);
    page.cleanup();
  }
  const pages = doc.numPages;
  await doc.destroy();
  return pages;
}
