/**
 * A CSV's encoding (docs/decisions/258): a byte-order mark decides (UTF-8, UTF-16LE); without one
 * the first 64 KiB decide — valid UTF-8 is UTF-8, anything else Windows-1252 (what Excel on Windows
 * saves as "CSV"). Decoding is by chunk, never the whole file.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';

/** A streaming decoder: each chunk's text, then whatever a cut character left at the end. */
export interface ChunkDecoder {
  decode(chunk: Buffer): string;
  end(): string;
}

/** How much of the file decides between UTF-8 and Windows-1252. */
export const ENCODING_SAMPLE = 64 * 1024;

/**
 * The encoding of a file from its first bytes (`sample`; `whole` when it is all of the file): a BOM
 * EF BB BF is UTF-8, FF FE UTF-16LE; else valid UTF-8 — a character cut by the sample's end
 * allowed — is UTF-8, and anything else Windows-1252.
 */
export function detectEncoding(sample: Buffer, whole: boolean): CsvEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !whole });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** A decoder for `encoding`; a leading byte-order mark is dropped. */
export function chunkDecoder(encoding: CsvEncoding): ChunkDecoder {
  if (encoding === 'windows-1252') return { decode: decodeWindows1252, end: () => '' };
  const decoder = new TextDecoder(encoding);
  return { decode: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
}

/**
 * Windows-1252 by hand: Node's TextDecoder (20.x) decodes it as ISO-8859-1, leaving 0x80–0x9F
 * (€, curly quotes, dashes) as control characters. Every other byte is its own code point.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const C1 = /[\u0080-\u009F]/;
const C1_ALL = /[\u0080-\u009F]/g;

function decodeWindows1252(chunk: Buffer): string {
  const text = chunk.toString('latin1');
  return C1.test(text) ? text.replace(C1_ALL, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c) : text;
}
