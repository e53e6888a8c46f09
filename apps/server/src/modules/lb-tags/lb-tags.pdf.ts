/**
 * LB tags as a PDF whose every page is one label (docs/decisions/217): the LB number as a Code 128
 * symbol with its human-readable line under the bars, then the cooler's serial and part number.
 * The geometry — bars on the printer's dot grid, the lines' heights — is lb-tags.layout.ts's, which
 * the ZPL label (lb-tags.zpl.ts) shares; here a dot is 72/dpi points and the bars are pdfkit
 * rectangles drawn through the one PDF builder (lib/pdf), so a driver printing the page at its size
 * never rounds one bar wider than another.
 */
import type { LbTagPreset } from '@cooler-hub/contract/lb-tags';
import { pdfDocument } from '../../lib/pdf';
import { MM_PER_INCH, SMALLEST_TEXT, barsOf, labelContentOf, layoutOf, type LabelContent, type LbTag } from './lb-tags.layout';

const POINTS_PER_INCH = 72;

/** The page of a preset in PDF points. */
export function pageSize(preset: LbTagPreset): { width: number; height: number } {
  return { width: (preset.widthMm / MM_PER_INCH) * POINTS_PER_INCH, height: (preset.heightMm / MM_PER_INCH) * POINTS_PER_INCH };
}

/** One line of text centred across the label; shrunk (to 70 %), then cut with '…', rather than wrapped. */
function centredLine(doc: PDFKit.PDFDocument, text: string, font: 'body' | 'bold', size: number, y: number, margin: number) {
  const width = doc.page.width - 2 * margin;
  doc.font(font).fontSize(size);
  let fitted = text;
  const natural = doc.widthOfString(text);
  if (natural > width) {
    const smaller = Math.max(size * SMALLEST_TEXT, (size * width) / natural);
    doc.fontSize(smaller);
    while (fitted.length > 1 && doc.widthOfString(fitted) > width) fitted = `${fitted.slice(0, -2)}…`;
  }
  doc.text(fitted, margin, y, { width, align: 'center', lineBreak: false });
}

/** Draws one label on the current page. */
function drawLabel(doc: PDFKit.PDFDocument, label: LabelContent, preset: LbTagPreset) {
  const page = { width: doc.page.width, height: doc.page.height };
  const dot = POINTS_PER_INCH / preset.dpi;
  const layout = layoutOf(page);
  for (const bar of barsOf(label.barcode, preset)) doc.rect(bar.x * dot, layout.barsTop, bar.width * dot, layout.barsHeight);
  doc.fillColor('black').fill();

  centredLine(doc, label.readable, 'bold', layout.readable, layout.readableTop, layout.pad);
  centredLine(doc, label.lines[0], 'body', layout.text, layout.serialTop, layout.pad);
  centredLine(doc, label.lines[1], 'body', layout.text, layout.partTop, layout.pad);
}

/** Pages drawn between two turns of the event loop: the stream drains, other requests go on. */
const PAGES_PER_TURN = 25;

/**
 * The tags as one PDF, one label per page, in the order given. Answers the document at once — a
 * readable stream to send as it is — and draws it page by page, ending it when the last is drawn.
 */
export function lbTagsPdf(tags: readonly LbTag[], preset: LbTagPreset): PDFKit.PDFDocument {
  const title = tags.length === 1 ? `LB tag ${tags[0]!.lbNumber}` : `${tags.length} LB tags`;
  return labelsPdf(tags.map(labelContentOf), preset, title);
}

/** Labels of any content (a printer's test label too) as one PDF, a page each, streamed as it is drawn. */
export function labelsPdf(labels: readonly LabelContent[], preset: LbTagPreset, title: string): PDFKit.PDFDocument {
  const { width, height } = pageSize(preset);
  const doc = pdfDocument({ size: [width, height], margin: 0, autoFirstPage: false, title });
  const draw = async () => {
    for (const [i, label] of labels.entries()) {
      if (i > 0 && i % PAGES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage({ size: [width, height], margin: 0 });
      drawLabel(doc, label, preset);
    }
    doc.end();
  };
  draw().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
