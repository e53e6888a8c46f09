/**
 * LB tags in ZPL for a Zebra reached over raw TCP (docs/decisions/283): the same label as the PDF
 * (lb-tags.pdf.ts), from the same geometry (lb-tags.layout.ts). The bars are `^GB` boxes at whole-dot
 * positions — the module width and quiet zones are the PDF's, the printer encodes nothing (no
 * `^BC`), so what scans is what the tests decoded. The text is the printer's scalable font `^A0`,
 * centred in a one-line `^FB` field, its data escaped with `^FH` (`_xx` hex) so a `^`, `~` or `_`
 * in a serial number cannot end the field or start a command; `^CI28` reads those bytes as UTF-8.
 */
import type { LbTagPreset } from '@cooler-hub/contract/lb-tags';
import {
  SMALLEST_TEXT,
  barsOf,
  labelContentOf,
  labelHeightDots,
  labelWidthDots,
  layoutOf,
  type LabelContent,
  type LbTag,
} from './lb-tags.layout';

/**
 * The widest a character of `^A0` (a condensed sans) is for its height, on the safe side: a line
 * estimated at this width fits; the printer's own metrics are not known here.
 */
const A0_ADVANCE = 0.6;

/** Printable ASCII that means nothing to ZPL inside `^FH` field data. */
const PLAIN = /^[\x20-\x7e]$/;

/** Field data for `^FH`: `^`, `~`, `_`, control characters and every non-ASCII byte (UTF-8) as `_xx`. */
export function zplFieldData(text: string): string {
  let out = '';
  for (const char of text) {
    if (PLAIN.test(char) && char !== '^' && char !== '~' && char !== '_') out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A line at `size` dots fitted to `width` dots: shrunk to 70 %, then cut with '…' (as the PDF does). */
function fitLine(text: string, size: number, width: number): { text: string; size: number } {
  const chars = [...text];
  const natural = chars.length * size * A0_ADVANCE;
  if (natural <= width) return { text, size };
  const smaller = Math.max(size * SMALLEST_TEXT, (size * width) / natural);
  const fits = Math.floor(width / (smaller * A0_ADVANCE));
  return { text: chars.length <= fits ? text : `${chars.slice(0, Math.max(1, fits - 1)).join('')}…`, size: smaller };
}

function textField(text: string, size: number, top: number, pad: number, labelWidth: number): string {
  const width = Math.round(labelWidth - 2 * pad);
  const fitted = fitLine(text, size, width);
  const dots = Math.max(10, Math.round(fitted.size));
  return `^FO${Math.round(pad)},${Math.round(top)}^A0N,${dots},${dots}^FB${width},1,0,C,0^FH^FD${zplFieldData(fitted.text)}^FS`;
}

/** One label as one ZPL format, `^XA` … `^XZ`. */
export function labelZpl(label: LabelContent, preset: LbTagPreset): string {
  const width = labelWidthDots(preset);
  const height = labelHeightDots(preset);
  const layout = layoutOf({ width, height });
  const top = Math.round(layout.barsTop);
  const barsHeight = Math.round(layout.barsHeight);
  const parts = [`^XA^CI28^LH0,0^PW${width}^LL${height}`];
  for (const bar of barsOf(label.barcode, preset)) parts.push(`^FO${bar.x},${top}^GB${bar.width},${barsHeight},${bar.width}^FS`);
  parts.push(textField(label.readable, layout.readable, layout.readableTop, layout.pad, width));
  parts.push(textField(label.lines[0], layout.text, layout.serialTop, layout.pad, width));
  parts.push(textField(label.lines[1], layout.text, layout.partTop, layout.pad, width));
  parts.push('^PQ1^XZ');
  return parts.join('\n');
}

/** `~SD`: the print darkness, two digits. Sent once, before the labels; null leaves the printer's own. */
const darknessCommand = (darkness: number | null | undefined) =>
  darkness === null || darkness === undefined ? '' : `~SD${String(darkness).padStart(2, '0')}\n`;

/** Labels as one ZPL stream, one format each, in the order given: what one job sends. */
export function labelsZpl(labels: readonly LabelContent[], preset: LbTagPreset, darkness?: number | null): string {
  return `${darknessCommand(darkness)}${labels.map((l) => labelZpl(l, preset)).join('\n')}\n`;
}

/** Receipts' tags as one ZPL stream. */
export function lbTagsZpl(tags: readonly LbTag[], preset: LbTagPreset, darkness?: number | null): string {
  return labelsZpl(tags.map(labelContentOf), preset, darkness);
}
