/**
 * The LB tag's geometry, one place for every language it is printed in (docs/decisions/217, 283):
 * the PDF (lb-tags.pdf.ts) and the ZPL (lb-tags.zpl.ts) draw the same bars at the same dots and the
 * same lines at the same heights from these numbers.
 *
 * The bars are placed on the label printer's own dot grid: a module (the narrowest bar) is a whole
 * number of dots at the preset's dpi — the widest that fits with a quiet zone of at least 10 modules
 * on each side — and every bar edge falls on a dot boundary. bwip-js gives the symbol's bar and
 * space widths (code sets chosen for the shortest symbol, check character included).
 */
import bwipjs from 'bwip-js/node';
import type { LbTagPreset } from '@cooler-hub/contract/lb-tags';

/** What a receipt's label prints. */
export interface LbTag {
  lbNumber: string;
  serialNumber: string;
  partNumber: string;
}

/** What one label shows: the barcode's text, its human-readable line, and two lines under it. */
export interface LabelContent {
  barcode: string;
  readable: string;
  lines: readonly [string, string];
}

/** A receipt's tag: the LB number as bars and as text, then `S/N …` and `P/N …`. */
export function labelContentOf(tag: LbTag): LabelContent {
  return { barcode: tag.lbNumber, readable: tag.lbNumber, lines: [`S/N ${tag.serialNumber}`, `P/N ${tag.partNumber}`] };
}

export const MM_PER_INCH = 25.4;
/** Code 128's quiet zone: at least 10 modules of blank on either side of the bars. */
export const QUIET_ZONE_MODULES = 10;
/** A line too long for the label shrinks to this share of its size before it is cut with '…'. */
export const SMALLEST_TEXT = 0.7;

/** The label's width in the printer's dots (whole dots: the bars are placed on them). */
export function labelWidthDots(preset: LbTagPreset): number {
  return Math.floor((preset.widthMm / MM_PER_INCH) * preset.dpi);
}

/** The label's length in the printer's dots. */
export function labelHeightDots(preset: LbTagPreset): number {
  return Math.round((preset.heightMm / MM_PER_INCH) * preset.dpi);
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

/** One bar: its left edge and width, in dots from the label's left edge. */
export interface Bar {
  x: number;
  width: number;
}

/** The bars of `text` on a preset's dot grid; throws when the symbol cannot fit (no valid LB number does that). */
export function barsOf(text: string, preset: LbTagPreset): Bar[] {
  const widths = code128Widths(text);
  const modules = widths.reduce((a, b) => a + b, 0);
  const fit = fitBarcode(modules, labelWidthDots(preset));
  // The longest valid LB number (50 characters) needs 332 + 20 modules: fewer dots than any preset has.
  if (!fit) throw new Error(`${text} does not fit a ${preset.id} label`);
  const bars: Bar[] = [];
  let x = fit.leftDots;
  widths.forEach((w, i) => {
    const dots = w * fit.moduleDots;
    if (i % 2 === 0) bars.push({ x, width: dots });
    x += dots;
  });
  return bars;
}

export interface LabelLayout {
  /** Left and right margin of the text lines. */
  pad: number;
  barsTop: number;
  barsHeight: number;
  /** Font size and top of the human-readable line. */
  readable: number;
  readableTop: number;
  /** Font size of the two lines under it, and their tops. */
  text: number;
  serialTop: number;
  partTop: number;
}

/**
 * Vertical layout, in the unit of `page` (PDF points, or printer dots), within the band the bars and
 * text share: the whole of a wide label (up to 2:1), a centred band 0.6 of the width tall on a tall
 * one (4 × 6 in).
 */
export function layoutOf(page: { width: number; height: number }): LabelLayout {
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
