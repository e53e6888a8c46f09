/**
 * Just enough of the ZIP format to read an XLSX (docs/decisions/265): its central directory,
 * read from the end of the file (ZIP64 included); one small entry inflated with a cap on its
 * unpacked size; and an entry streamed, inflated here under a budget that counts the bytes really
 * inflated — whatever either directory declares.
 */
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { IMPORT_UNREADABLE, IMPORT_ZIP_BOMB } from '@cooler-hub/contract/imports';
import type { ByteSource } from './byte-source';
import { FileRefusal } from './file-refusal';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Bit 0: the entry is encrypted. */
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const SATURATED = 0xffffffff;

/** Every entry of the ZIP's central directory; a file without a readable one is refused as unreadable. */
export async function zipEntries(source: ByteSource): Promise<ZipEntry[]> {
  const { offset, size } = await centralDirectory(source);
  if (offset + size > source.size) throw new FileRefusal(IMPORT_UNREADABLE);
  const bytes = await source.read(offset, offset + size);
  const entries: ZipEntry[] = [];
  for (let at = 0; at + 46 <= bytes.length;) {
    if (bytes.readUInt32LE(at) !== CENTRAL_ENTRY) break;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      flags: bytes.readUInt16LE(at + 8),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length === 0) throw new FileRefusal(IMPORT_UNREADABLE);
  return entries;
}

/** Where the central directory is: from the end-of-directory record, or its ZIP64 twin when saturated. */
async function centralDirectory(source: ByteSource): Promise<{ offset: number; size: number }> {
  const tailStart = Math.max(0, source.size - EOCD_SIZE - MAX_COMMENT);
  const tail = await source.read(tailStart, source.size);
  let at = tail.length - EOCD_SIZE;
  while (at >= 0 && tail.readUInt32LE(at) !== EOCD) at--;
  if (at < 0) throw new FileRefusal(IMPORT_UNREADABLE);
  const size = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (size !== SATURATED && offset !== SATURATED) return { offset, size };
  if (at < 20 || tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR) throw new FileRefusal(IMPORT_UNREADABLE);
  const zip64At = Number(tail.readBigUInt64LE(at - 20 + 8));
  const record = await source.read(zip64At, zip64At + 56);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw new FileRefusal(IMPORT_UNREADABLE);
  return { size: Number(record.readBigUInt64LE(40)), offset: Number(record.readBigUInt64LE(48)) };
}

/** A ZIP64 extra field holds, in this order, each size or offset the entry saturated. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number | undefined => {
        if (field + 8 > at + 4 + length) return undefined;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === SATURATED) entry.uncompressedSize = next() ?? entry.uncompressedSize;
      if (entry.compressedSize === SATURATED) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === SATURATED) entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return;
    }
    at += 4 + length;
  }
}

/** Where an entry's packed bytes start: after its local header, whose name and extra field lengths are its own. */
async function dataStartOf(source: ByteSource, entry: ZipEntry): Promise<number> {
  const header = await source.read(entry.localHeaderOffset, entry.localHeaderOffset + 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw new FileRefusal(IMPORT_UNREADABLE);
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** One entry's unpacked bytes, at most `maxBytes` of them (more is refused as unreadable). */
export async function readZipEntry(source: ByteSource, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  const dataStart = await dataStartOf(source, entry);
  const data = await source.read(dataStart, dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new FileRefusal(IMPORT_UNREADABLE);
    return data;
  }
  if (entry.method !== 8) throw new FileRefusal(IMPORT_UNREADABLE);
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    throw new FileRefusal(IMPORT_UNREADABLE);
  }
}

/**
 * The bytes one read of a workbook may inflate, all its entries together (docs/decisions/265):
 * counted as they come out of the inflater, so a directory that lies about sizes changes nothing.
 */
export class InflateBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Counts `bytes` more; past the limit the read is refused as a zip bomb. */
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw new FileRefusal(IMPORT_ZIP_BOMB);
  }

  get inflated(): number {
    return this.used;
  }
}

/**
 * Packed bytes are read in pieces ending on a multiple of this: a stored file's chunks are 1 MiB,
 * so each piece is one chunk read.
 */
const PACKED_PIECE = 1024 * 1024;
/** What the inflater hands out at a time: the most a read holds of an entry besides its parser's state. */
const INFLATED_PIECE = 64 * 1024;

/**
 * An entry's unpacked bytes as they are inflated, each piece counted against `budget` before it is
 * handed on. The packed bytes are the central directory's `compressedSize` from the local header's
 * end; deflate data that ends early or runs past them is unreadable. `onPacked` is told how many
 * packed bytes were taken so far (progress). Returning early (or a refusal) stops the inflater.
 */
export async function* inflatedEntry(
  source: ByteSource,
  entry: ZipEntry,
  budget: InflateBudget,
  onPacked: (bytes: number) => void = () => undefined,
): AsyncGenerator<Buffer> {
  if (entry.method !== 0 && entry.method !== 8) throw new FileRefusal(IMPORT_UNREADABLE);
  const start = await dataStartOf(source, entry);
  const end = start + entry.compressedSize;
  if (end > source.size) throw new FileRefusal(IMPORT_UNREADABLE);
  const packed = Readable.from(packedPieces(source, start, end, onPacked), { objectMode: false, highWaterMark: 1 });
  if (entry.method === 0) {
    for await (const piece of packed as AsyncIterable<Buffer>) {
      for (let at = 0; at < piece.length; at += INFLATED_PIECE) {
        const out = piece.subarray(at, at + INFLATED_PIECE);
        budget.take(out.length);
        yield out;
      }
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: INFLATED_PIECE });
  packed.on('error', (error) => inflater.destroy(error));
  packed.pipe(inflater);
  try {
    for await (const out of inflater as AsyncIterable<Buffer>) {
      budget.take(out.length);
      yield out;
    }
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(IMPORT_UNREADABLE);
  } finally {
    packed.unpipe(inflater);
    packed.destroy();
    inflater.destroy();
  }
}

async function* packedPieces(source: ByteSource, start: number, end: number, onPacked: (bytes: number) => void): AsyncGenerator<Buffer> {
  for (let at = start; at < end;) {
    const next = Math.min(end, (Math.floor(at / PACKED_PIECE) + 1) * PACKED_PIECE);
    const piece = await source.read(at, next);
    if (piece.length === 0) throw new FileRefusal(IMPORT_UNREADABLE);
    at += piece.length;
    onPacked(at - start);
    yield piece;
  }
}
