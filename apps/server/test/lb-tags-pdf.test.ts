/**
 * LB tag PDFs as a printer sees them (docs/decisions/217): each preset's page size, bars on the
 * printer's dot grid with their quiet zones, and 1,000 random LB numbers rasterised at 203 dpi and
 * read back by the barcode reader the web app ships (zxing-wasm): every one decodes to its text.
 */
import { describe, expect, it } from 'vitest';
import { LB_TAG_PRESETS, lbTagPreset, type LbTagPreset } from '@cooler-hub/contract/lb-tags';
import { LB_NUMBER_MAX } from '@cooler-hub/contract/receipts';
import { readPdf, readPdfText } from '@cooler-hub/process-kit/pdf';
import { pdfBytes } from '../src/lib/pdf';
import { QUIET_ZONE_MODULES, code128Widths, fitBarcode, type LbTag } from '../src/modules/lb-tags/lb-tags.layout';
import { lbTagsPdf } from '../src/modules/lb-tags/lb-tags.pdf';
import { readCode128 } from './barcode-reader';
import { rasterisePdf, type Raster } from './pdf-raster';
import { seededRandom } from '@cooler-hub/process-kit/random';

const sample = (lbNumber: string, i = 0): LbTag => ({
  lbNumber,
  serialNumber: `SN2020060110${String(i).padStart(4, '0')}`,
  partNumber: 'FR-00006-SD',
});

/**
 * A bar edge off the dot grid leaves a grey pixel, its shade the part of the dot it covers; the
 * renderer's float arithmetic alone leaves at most a level or two (a 1 % of a dot).
 */
const GRID_TOLERANCE = 3;

/** The pixels of row `y`: true where dark. Fails on any pixel neither white nor black. */
function scanline(raster: Raster, y: number): boolean[] {
  const row: boolean[] = [];
  for (let x = 0; x < raster.width; x++) {
    const v = raster.data[(y * raster.width + x) * 4]!;
    if (v > GRID_TOLERANCE && v < 255 - GRID_TOLERANCE)
      throw new Error(`pixel (${x}, ${y}) is grey (${v}): a bar edge is off the dot grid`);
    row.push(v < 128);
  }
  return row;
}

/** Runs of equal pixels from the first dark one to the last: the bars and spaces, in dots. */
function runsOf(row: boolean[]): { start: number; end: number; runs: number[] } {
  const start = row.indexOf(true);
  const end = row.lastIndexOf(true) + 1;
  const runs: number[] = [];
  for (let x = start; x < end;) {
    let n = 0;
    while (x + n < end && row[x + n] === row[x]) n++;
    runs.push(n);
    x += n;
  }
  return { start, end, runs };
}

describe('the label', () => {
  it.each(LB_TAG_PRESETS.map((p) => [p.id, p] as const))('%s: the page is the label, within 0.1 mm', async (_, preset) => {
    const bytes = await pdfBytes(lbTagsPdf([sample('LB4219030'), sample('LB52033082476251', 1)], preset));
    const sizes = await readPdf(bytes);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) {
      expect(Math.abs(size.widthMm - preset.widthMm)).toBeLessThan(0.1);
      expect(Math.abs(size.heightMm - preset.heightMm)).toBeLessThan(0.1);
    }
    const [first, second] = await readPdfText(bytes);
    expect(first).toContain('LB4219030');
    expect(first).toContain('S/N SN20200601100000');
    expect(first).toContain('P/N FR-00006-SD');
    expect(second).toContain('LB52033082476251');
  });

  it.each(LB_TAG_PRESETS.map((p) => [p.id, p] as const))(
    '%s: at its own dpi every bar is whole dots, a module is the widest that fits, quiet zones kept',
    async (_, preset) => {
      const lbNumbers = ['LB1', 'LB4219030', 'LB52033082476251', `LB${'9'.repeat(LB_NUMBER_MAX - 2)}`];
      const bytes = await pdfBytes(
        lbTagsPdf(
          lbNumbers.map((lb) => sample(lb)),
          preset,
        ),
      );
      const labelDots = Math.floor((preset.widthMm / 25.4) * preset.dpi);
      await rasterisePdf(bytes, preset.dpi, async (raster, page) => {
        const lbNumber = lbNumbers[page - 1]!;
        const widths = code128Widths(lbNumber);
        const modules = widths.reduce((a, b) => a + b, 0);
        const moduleDots = fitBarcode(modules, labelDots)!.moduleDots;
        // The widest: one dot more per module would not leave 10 modules of quiet zone each side.
        expect((moduleDots + 1) * (modules + 2 * QUIET_ZONE_MODULES)).toBeGreaterThan(labelDots);
        expect(moduleDots).toBeGreaterThanOrEqual(1);

        // A row through the bars: pure black and white (no grey edge), each bar and space exactly its modules × dots.
        const row = scanline(raster, Math.round(raster.height * (preset.heightMm > preset.widthMm ? 0.42 : 0.3)));
        const { start, end, runs } = runsOf(row);
        expect(runs).toEqual(widths.map((w) => w * moduleDots));
        expect(start).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES * moduleDots);
        expect(raster.width - end).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES * moduleDots);

        expect(await readCode128(raster)).toEqual([lbNumber]);
      });
    },
  );
});

describe('1,000 random LB numbers at 203 dpi', () => {
  const preset: LbTagPreset = lbTagPreset('2x1in-203dpi');
  const SEED = 20261125;

  it('decode back to their text, 1,000 of 1,000', { timeout: 120_000 }, async () => {
    const random = seededRandom(SEED);
    // 'LB' and 1 to 48 digits: every length a valid LB number can have (LB_NUMBER_MAX characters).
    const lbNumbers = Array.from({ length: 1000 }, () => {
      const digits = 1 + Math.floor(random() * (LB_NUMBER_MAX - 2));
      return `LB${Array.from({ length: digits }, () => Math.floor(random() * 10)).join('')}`;
    });
    expect(new Set(lbNumbers.map((lb) => lb.length)).size).toBeGreaterThan(40);

    const decoded: string[] = [];
    const wrong: string[] = [];
    // Two PDFs of 500 labels each, as the largest print of the app makes them.
    for (let part = 0; part < 2; part++) {
      const batch = lbNumbers.slice(part * 500, part * 500 + 500);
      const bytes = await pdfBytes(
        lbTagsPdf(
          batch.map((lb, i) => sample(lb, i)),
          preset,
        ),
      );
      const pages = await rasterisePdf(bytes, 203, async (raster, page) => {
        const expected = batch[page - 1]!;
        const found = await readCode128(raster);
        if (found.length === 1 && found[0] === expected) decoded.push(expected);
        else wrong.push(`${expected} → ${JSON.stringify(found)}`);
      });
      expect(pages).toBe(500);
    }
    expect(wrong).toEqual([]);
    expect(decoded).toEqual(lbNumbers);
  });
});
