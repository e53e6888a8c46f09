/** PDFs read back as text (pdfjs-dist, no system tool): what a person would read on each page. */
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
