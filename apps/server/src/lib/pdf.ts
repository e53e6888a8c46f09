/**
 * The one PDF builder (docs/decisions/155): pdfkit with DejaVu Sans, a TTF shipped in an npm package
 * and embedded as a subset, so any name or address prints — Ł, ß, Cyrillic alike. Every PDF we
 * write (delivery notes, LB tags) starts here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process: 1.4 MB that every PDF embeds a subset of. */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/**
 * A new document with the fonts 'body' and 'bold' registered. pdfkit starts on its built-in
 * Helvetica (no glyphs embedded, never used for text here: it cannot print Ł or Cyrillic); set
 * every text in 'body' or 'bold'.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions & { title: string }): PDFKit.PDFDocument {
  const { title, ...rest } = options;
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ ...rest, info: { Title: title, Author: 'Cooler Hub' } });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  return doc;
}

/** The whole file once `doc.end()` has been called (for a stream, send the document itself). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
