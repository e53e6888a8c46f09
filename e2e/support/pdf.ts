/** A downloaded PDF read back (pdfjs-dist, no system tool): each page's text and size. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  /** What a person reads on the page, its text items joined by spaces. */
  text: string;
  widthMm: number;
  heightMm: number;
}

export async function pdfPages(bytes: Buffer): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: PdfPage[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    pages.push({
      text: content.items.map((i) => ('str' in i ? i.str : '')).join(' ').replace(/\s+/g, ' '),
      widthMm: ((x1 - x0) * 25.4) / 72,
      heightMm: ((y1 - y0) * 25.4) / 72,
    });
  }
  await doc.destroy();
  return pages;
}
