/**
 * LB tags as a PDF whose every page is one label (docs/decisions/217): the LB number as a Code 128
 * symbol with its human-readable line under the bars, then the cooler's serial and part number.
 *
 * The bars are placed on the label printer's own dot grid: a module (the narrowest bar) is a whole
 * number of dots at the preset's dpi — the widest that fits with a quiet zone of at least 10 modules
 * on each side — and every bar edge falls on a dot boundary, so a driver printing the page at its
 * size never rounds one bar wider than another. bwip-js gives the symbol's bar and space widths
 * (code sets chosen for the shortest symbol, check character included); pdfkit draws them as
 * rectangles through the one PDF builder (lib/pdf).
 */
import bwipjs from 'bwip-js/node';
import type { LbTagPreset } from '@cooler-hub/contract/lb-tags';
import { pdfDocument } from '../../lib/pdf';

export interface LbTag {
  lbNumber: string;
  serialNumber: string;
  partNumber: string;
}

const POINTS_PER_INCH = 72;
const MM_PER_INCH = 25.4;
/** Code 128's quiet zone: at least 10 modules of blank on either side of the bars. */
export const QUIET_ZONE_MODULES = 10;

/** The page of a preset in PDF points. */
export function pageSize(preset: LbTagPreset): { width: number; height: number } {
  return { width: (preset.widthMm / MM_PER_INCH) * POINTS_PER_INCH, height: (preset.heightMm / MM_PER_INCH) * POINTS_PER_INCH };
}

/** Bar and space widths in modules, bar first, start to stop character. */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no linear symbol for Code 128');
  return symbol.sbs;
}

export interface BarcodeFit {
  /** Dots per module. */
  moduleDots: number;
  /** Dots from the label's left edge to the first bar. */
  leftDots: number;
  /** Dots the bars span. */
  widthDots: number;
}

/**
 * The widest whole-dot module for `modules` across a label `labelDots` wide, with the quiet zones
 * kept, and the symbol centred on the dot grid; null when not even one dot per module fits.
 */
export function fitBarcode(modules: number, labelDots: number): BarcodeFit | null {
  const moduleDots = Math.floor(labelDots / (modules + 2 * QUIET_ZONE_MODULES));
  if (moduleDots < 1) return null;
  const widthDots = modules * moduleDots;
  return { moduleDots, leftDots: Math.floor((labelDots - widthDots) / 2), widthDots };
}

/**
 * Vertical layout in points, within the band the bars and text share: the whole of a wide label (up
 * to 2:1), a centred band 0.6 of the width tall on a tall one (4 × 6 in).
 */
function layoutOf(page: { width: number; height: number }) {
  const band = page.height > page.width ? page.width * 0.6 : Math.min(page.height, page.width / 2);
  const top = (page.height - band) / 2;
  const pad = band * 0.06;
  const barsHeight = band * 0.46;
  const readable = band * 0.13;
  const text = band * 0.1;
  const barsTop = top + pad;
  const readableTop = barsTop + barsHeight + band * 0.02;
  const serialTop = readableTop + readable * 1.15;
  const partTop = serialTop + text * 1.2;
  return { pad, barsTop, barsHeight, readable, readableTop, text, serialTop, partTop };
}

/** One line of text centred across the label; shrunk (to 70 %), then cut with '…', rather than wrapped. */
function centredLine(doc: PDFKit.PDFDocument, text: string, font: 'body' | 'bold', size: number, y: number, margin: number) {
  const width = doc.page.width - 2 * margin;
  doc.font(font).fontSize(size);
  let fitted = text;
  const natural = doc.widthOfString(text);
  if (natural > width) {
    const smaller = Math.max(size * 0.7, (size * width) / natural);
    doc.fontSize(smaller);
    while (fitted.length > 1 && doc.widthOfString(fitted) > width) fitted = `${fitted.slice(0, -2)}…`;
  }
  doc.text(fitted, margin, y, { width, align: 'center', lineBreak: false });
}

/** Draws one label on the current page. */
function drawTag(doc: PDFKit.PDFDocument, tag: LbTag, preset: LbTagPreset) {
  const page = { width: doc.page.width, height: doc.page.height };
  const dot = POINTS_PER_INCH / preset.dpi;
  const labelDots = Math.floor((preset.widthMm / MM_PER_INCH) * preset.dpi);
  const widths = code128Widths(tag.lbNumber);
  const modules = widths.reduce((a, b) => a + b, 0);
  const fit = fitBarcode(modules, labelDots);
  // The longest valid LB number (50 characters) needs 332 + 20 modules: fewer dots than any preset has.
  if (!fit) throw new Error(`${tag.lbNumber} does not fit a ${preset.id} label`);
  const layout = layoutOf(page);

  let x = fit.leftDots;
  widths.forEach((w, i) => {
    const dots = w * fit.moduleDots;
    if (i % 2 === 0) doc.rect(x * dot, layout.barsTop, dots * dot, layout.barsHeight);
    x += dots;
  });
  doc.fillColor('black').fill();

  centredLine(doc, tag.lbNumber, 'bold', layout.readable, layout.readableTop, layout.pad);
  centredLine(doc, `S/N ${tag.serialNumber}`, 'body', layout.text, layout.serialTop, layout.pad);
  centredLine(doc, `P/N ${tag.partNumber}`, 'body', layout.text, layout.partTop, layout.pad);
}

/** Pages drawn between two turns of the event loop: the stream drains, other requests go on. */
const PAGES_PER_TURN = 25;

/**
 * The tags as one PDF, one label per page, in the order given. Answers the document at once — a
 * readable stream to send as it is — and draws it page by page, ending it when the last is drawn.
 */
export function lbTagsPdf(tags: readonly LbTag[], preset: LbTagPreset): PDFKit.PDFDocument {
  const { width, height } = pageSize(preset);
  const title = tags.length === 1 ? `LB tag ${tags[0]!.lbNumber}` : `${tags.length} LB tags`;
  const doc = pdfDocument({ size: [width, height], margin: 0, autoFirstPage: false, title });
  const draw = async () => {
    for (const [i, tag] of tags.entries()) {
      if (i > 0 && i % PAGES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage({ size: [width, height], margin: 0 });
      drawTag(doc, tag, preset);
    }
    doc.end();
  };
  draw().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
