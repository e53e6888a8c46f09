/**
 * The ZPL label and the printer's answers, without the app (docs/decisions/283): the bars are the
 * PDF's, box for box on the same dots; the rendered label (zpl-renderer-js, offline) has every bar
 * exactly on its dots and reads back to its LB number at every preset (100 random ones too); text is escaped; `~HS` is
 * read flag by flag; the raw transport never outlasts its timeout, even writing to a printer that
 * stopped reading; an IPP request is laid out as RFC 8010 says.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ready as zplRenderer } from 'zpl-renderer-js';
import { LB_TAG_PRESETS, lbTagPreset, type LbTagPreset } from '@cooler-hub/contract/lb-tags';
import { hostStatusComplete, parseHostStatus } from '../src/modules/printers/host-status';
import { ippStatusName, printJobRequest, printerUri } from '../src/modules/printers/ipp-transport';
import { sendRaw } from '../src/modules/printers/raw-transport';
import { barsOf, labelContentOf, labelHeightDots, labelWidthDots, layoutOf } from '../src/modules/lb-tags/lb-tags.layout';
import { labelZpl, lbTagsZpl, zplFieldData } from '../src/modules/lb-tags/lb-tags.zpl';
import { readCode128 } from './barcode-reader';
import { hostStatusAnswer, parseIppRequest } from '@cooler-hub/process-kit/printers';
import type { Raster } from './pdf-raster';
import { seededRandom } from '@cooler-hub/process-kit/random';

const tag = (lbNumber: string, i = 0) => ({
  lbNumber,
  serialNumber: `SN2020060110${String(i).padStart(4, '0')}`,
  partNumber: 'FR-00006-SD',
});

/** Every label of a ZPL stream as pixels, one pixel a printer dot (zpl-renderer-js, in this process). */
async function render(zpl: string, preset: LbTagPreset): Promise<Raster[]> {
  const dpmm = Math.round(preset.dpi / 25.4);
  const { api } = await zplRenderer;
  const pngs = await api.zplToBase64MultipleAsync(zpl, labelWidthDots(preset) / dpmm, labelHeightDots(preset) / dpmm, dpmm);
  return Promise.all(
    pngs.map(async (png) => {
      const { data, info } = await sharp(Buffer.from(png, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
    }),
  );
}

/** The dark runs of one row: [left edge, width] in pixels. */
function darkRuns(raster: Raster, y: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let x = 0; x < raster.width; x++) {
    if (raster.data[(y * raster.width + x) * 4]! >= 128) continue;
    const start = x;
    while (x < raster.width && raster.data[(y * raster.width + x) * 4]! < 128) x++;
    runs.push([start, x - start]);
  }
  return runs;
}

describe('the ZPL label', () => {
  it.each(LB_TAG_PRESETS.map((p) => [p.id, p] as const))(
    '%s: the PDF’s bars as ^GB boxes, drawn exactly on the dots, reading back',
    async (_, preset) => {
      const lb = 'LB52033082476251';
      const zpl = labelZpl(labelContentOf(tag(lb)), preset);
      expect(zpl).toContain(`^PW${labelWidthDots(preset)}`);
      expect(zpl).toContain(`^LL${labelHeightDots(preset)}`);
      expect(zpl).not.toContain('^BC');
      const bars = barsOf(lb, preset);
      const boxes = [...zpl.matchAll(/\^FO(\d+),(\d+)\^GB(\d+),(\d+),(\d+)\^FS/g)].map((m) => [Number(m[1]), Number(m[3])]);
      expect(boxes).toEqual(bars.map((b) => [b.x, b.width]));

      const [raster] = await render(`${zpl}\n`, preset);
      const layout = layoutOf({ width: labelWidthDots(preset), height: labelHeightDots(preset) });
      // A row through the middle of the bars: every bar's pixels are its dots, no more, no fewer.
      expect(darkRuns(raster!, Math.round(layout.barsTop + layout.barsHeight / 2))).toEqual(bars.map((b) => [b.x, b.width]));
      expect(await readCode128(raster!)).toEqual([lb]);
    },
  );

  it('100 random LB numbers of every valid length, across the presets: each label reads back to its number', async () => {
    const random = seededRandom(283);
    let decoded = 0;
    for (const preset of LB_TAG_PRESETS) {
      const tags = Array.from({ length: 20 }, (_, i) => {
        const digits = 1 + Math.floor(random() * 48);
        return tag(`LB${Array.from({ length: digits }, () => Math.floor(random() * 10)).join('')}`, i);
      });
      const rasters = await render(lbTagsZpl(tags, preset), preset);
      expect(rasters).toHaveLength(tags.length);
      for (const [i, raster] of rasters.entries()) {
        const texts = await readCode128(raster);
        expect(texts, `${preset.id} ${tags[i]!.lbNumber}`).toEqual([tags[i]!.lbNumber]);
        decoded += 1;
      }
    }
    console.log(`printers-zpl: ${decoded}/100 random ZPL labels decoded`);
    expect(decoded).toBe(100);
  }, 120_000);

  it('one format per label, ~SD darkness once before them', () => {
    const preset = lbTagPreset('2x1in-203dpi');
    const zpl = lbTagsZpl([tag('LB1'), tag('LB2'), tag('LB3')], preset, 7);
    expect(zpl.startsWith('~SD07\n^XA')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    expect(zpl.match(/\^XZ/g)).toHaveLength(3);
    expect(lbTagsZpl([tag('LB1')], preset, null)).not.toContain('~SD');
  });

  it('field data escaped with ^FH: ^, ~, _ and every non-ASCII byte as _xx, so no text can end the field', () => {
    expect(zplFieldData('SN^XZ~JA_1')).toBe('SN_5EXZ_7EJA_5F1');
    expect(zplFieldData('Łódź…')).toBe('_C5_81_C3_B3d_C5_BA_E2_80_A6');
    expect(zplFieldData('a\nb')).toBe('a_0Ab');
    const zpl = labelZpl(labelContentOf({ lbNumber: 'LB1', serialNumber: '^XZ~JR', partNumber: 'P_N' }), lbTagPreset('2x1in-203dpi'));
    // The only commands are ours: one ^XZ, no ~JR.
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~JR');
    expect(zpl).toContain('^FH^FDS/N _5EXZ_7EJR^FS');
  });
});

describe('~HS, the host status', () => {
  it('reads paper out and pause from string 1, head up and ribbon out from string 2', () => {
    expect(parseHostStatus(hostStatusAnswer())).toEqual({ paperOut: false, headOpen: false, paused: false, ribbonOut: false });
    expect(parseHostStatus(hostStatusAnswer({ paperOut: true }))).toEqual({
      paperOut: true,
      headOpen: false,
      paused: false,
      ribbonOut: false,
    });
    expect(parseHostStatus(hostStatusAnswer({ paused: true }))).toEqual({
      paperOut: false,
      headOpen: false,
      paused: true,
      ribbonOut: false,
    });
    expect(parseHostStatus(hostStatusAnswer({ headOpen: true }))).toEqual({
      paperOut: false,
      headOpen: true,
      paused: false,
      ribbonOut: false,
    });
    expect(parseHostStatus(hostStatusAnswer({ ribbonOut: true }))).toEqual({
      paperOut: false,
      headOpen: false,
      paused: false,
      ribbonOut: true,
    });
    // A ZD421's answer, as it sends it.
    const zd421 = '\x02030,0,0,0406,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,1,0,0,2,6,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n';
    expect(parseHostStatus(zd421)).toEqual({ paperOut: false, headOpen: true, paused: false, ribbonOut: false });
  });

  it('knows when all three strings arrived, and refuses what is not one', () => {
    const answer = hostStatusAnswer();
    expect(hostStatusComplete(answer.slice(0, 40))).toBe(false);
    expect(hostStatusComplete(answer)).toBe(true);
    expect(parseHostStatus(answer.slice(0, 40))).toBeNull();
    expect(parseHostStatus('HTTP/1.1 400 Bad Request\r\n\r\n')).toBeNull();
    expect(parseHostStatus('\x02a,b\x03\x02c\x03\x02d\x03')).toBeNull();
    expect(parseHostStatus(hostStatusAnswer().replace('030,0,', '030,x,'))).toBeNull();
  });
});

describe('the raw transport: bounded by its timeout', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.close();
    }
  });

  /** A printer that answers ~HS and then never reads again. */
  async function stalledPrinter(): Promise<number> {
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => {
        socket.write(hostStatusAnswer());
        socket.pause();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('a job larger than every buffer on the way, to a printer that stopped reading: cut at the timeout, the socket destroyed', async () => {
    const port = await stalledPrinter();
    const payload = Buffer.alloc(64 * 1024 * 1024, 0x41);
    const started = performance.now();
    const outcome = await sendRaw({ host: '127.0.0.1', port }, payload, { timeoutMs: 500, askStatus: true });
    const ms = performance.now() - started;
    expect(outcome).toEqual({ ok: false, reason: 'timeout', hostStatus: null });
    expect(ms).toBeLessThan(1500);
  });

  it('a port nothing listens on: unreachable at once', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await sendRaw({ host: '127.0.0.1', port }, 'x', { timeoutMs: 5000, askStatus: true })).toEqual({
      ok: false,
      reason: 'unreachable',
      hostStatus: null,
    });
  });

  it('a printer that answers something else than ~HS: not a Zebra; one that hangs up: the connection lost', async () => {
    const other = net.createServer((socket) => socket.once('data', () => socket.write('\x02a\x03\x02b\x03\x02c\x03')));
    const hangsUp = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    servers.push(other, hangsUp);
    for (const server of [other, hangsUp]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const portOf = (s: net.Server) => (s.address() as AddressInfo).port;
    expect(await sendRaw({ host: '127.0.0.1', port: portOf(other) }, 'x', { timeoutMs: 2000, askStatus: true })).toMatchObject({
      reason: 'not-zebra',
    });
    expect(await sendRaw({ host: '127.0.0.1', port: portOf(hangsUp) }, 'x', { timeoutMs: 2000, askStatus: true })).toMatchObject({
      reason: 'lost',
    });
  });
});

describe('the IPP request', () => {
  it('Print-Job, IPP 2.0: the operation attributes in order, then the document', () => {
    const document = Buffer.from('%PDF-1.7 …');
    const body = printJobRequest({ url: 'http://cups.local:631/printers/brother-ql', document, jobName: '3 LB tags', userName: 'mary' }, 7);
    expect(body.readUInt32BE(4)).toBe(7);
    const request = parseIppRequest(body);
    expect(request).toMatchObject({ version: '2.0', operationId: 0x0002 });
    expect(Object.entries(request.attributes)).toEqual([
      ['attributes-charset', 'utf-8'],
      ['attributes-natural-language', 'en'],
      ['printer-uri', 'ipp://cups.local:631/printers/brother-ql'],
      ['requesting-user-name', 'mary'],
      ['job-name', '3 LB tags'],
      ['document-format', 'application/pdf'],
    ]);
    expect(request.document).toEqual(document);
    expect(printerUri(new URL('https://printer.local/ipp/print'))).toBe('ipps://printer.local/ipp/print');
    expect(ippStatusName(0x0507)).toBe('server-error-busy');
    expect(ippStatusName(0x0abc)).toBe('0x0abc');
  });
});
