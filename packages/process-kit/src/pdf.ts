/** PDFs read back (pdfjs-dist, no system tool): what a person reads on each page, and its size. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  /** The page's text items joined by spaces, runs of white space as one. */
  text: string;
  /** Its MediaBox, in millimetres. */
  widthMm: number;
  heightMm: number;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: PdfPage[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    pages.push({
      text: content.items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      widthMm: ((x1 - x0) * 25.4) / 72,
      heightMm: ((y1 - y0) * 25.4) / 72,
    });
  }
  await doc.destroy();
  return pages;
}

/** The text of every page, one string per page. */
export async function readPdfText(bytes: Uint8Array): Promise<string[]> {
  return (await readPdf(bytes)).map((page) => page.text);
}
