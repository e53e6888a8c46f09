/** PDFs read back as text (pdfjs-dist, no system tool): what a person would read on each page. */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page, one string per page (items joined by spaces). */
export async function pdfText(bytes: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await doc.destroy();
  return pages;
}

/** Each page's size in millimetres (its MediaBox). */
export async function pdfPageSizesMm(bytes: Buffer): Promise<{ width: number; height: number }[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const sizes: { width: number; height: number }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const [x0, y0, x1, y1] = (await doc.getPage(p)).view as [number, number, number, number];
    sizes.push({ width: ((x1 - x0) * 25.4) / 72, height: ((y1 - y0) * 25.4) / 72 });
  }
  await doc.destroy();
  return sizes;
}

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
export async function rasterisePdf(bytes: Buffer, dpi: number, onPage: (raster: Raster, page: number) => Promise<void> | void): Promise<number> {
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
