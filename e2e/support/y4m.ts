/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture=<file>.y4m`) showing
 * one barcode: bwip-js draws the symbol's bars, written here straight into the luma plane of a
 * YUV 4:2:0 frame (chroma neutral grey). Y4M is a text header, then per frame 'FRAME\n' and the
 * raw Y, U and V planes — no ffmpeg needed (docs/architecture.md §2). Chromium loops the file.
 */
import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

export interface BarcodeVideo {
  /** bwip-js symbology: 'code128', 'code39', 'ean13', 'rationalizedCodabar'. */
  bcid: string;
  text: string;
  width?: number;
  height?: number;
  /** Pixels per module (narrowest bar). */
  scale?: number;
  frames?: number;
}

const WHITE = 235;
const BLACK = 16;
const NEUTRAL_CHROMA = 128;

/** Bar and space widths in modules, bar first, as bwip-js lays out a linear symbol. */
function barWidths(bcid: string, text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid, text });
  if (!symbol || !('sbs' in symbol)) throw new Error(`${bcid} is not a linear symbology`);
  return symbol.sbs;
}

/** One frame's luma: white, with the symbol's bars across the middle band, centred. */
export function barcodeLuma(video: Required<Omit<BarcodeVideo, 'frames'>>): Buffer {
  const { width, height, scale } = video;
  const luma = Buffer.alloc(width * height, WHITE);
  const widths = barWidths(video.bcid, video.text);
  const symbolWidth = widths.reduce((a, b) => a + b, 0) * scale;
  if (symbolWidth > width - 20 * scale)
    throw new Error(`the barcode (${symbolWidth} px) does not fit a ${width} px frame with quiet zones`);
  const top = Math.round(height * 0.3);
  const bottom = Math.round(height * 0.7);
  let x = Math.round((width - symbolWidth) / 2);
  widths.forEach((modules, i) => {
    const px = modules * scale;
    if (i % 2 === 0) {
      for (let y = top; y < bottom; y++) luma.fill(BLACK, y * width + x, y * width + x + px);
    }
    x += px;
  });
  return luma;
}

/** The whole .y4m file: header and `frames` identical frames at 10 fps. */
export function barcodeY4m(video: BarcodeVideo): Buffer {
  const width = video.width ?? 640;
  const height = video.height ?? 480;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('4:2:0 needs an even width and height');
  const luma = barcodeLuma({ bcid: video.bcid, text: video.text, width, height, scale: video.scale ?? 3 });
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: video.frames ?? 5 }, () => frame)]);
}

export function writeBarcodeY4m(file: string, video: BarcodeVideo): string {
  writeFileSync(file, barcodeY4m(video));
  return file;
}
