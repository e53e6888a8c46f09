/**
 * What an XLSX's ZIP says of itself, read from its end without unpacking it (docs/decisions/258): the
 * central directory's entries with their packed and unpacked sizes, and one small entry unpacked.
 */
import { inflateRawSync } from 'node:zlib';
import { IMPORT_PASSWORD_PROTECTED, IMPORT_UNREADABLE, IMPORT_ZIP_BOMB } from '@cooler-hub/contract/imports';
import { FileRefusal, type ByteSource } from './source';

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  packedSize: number;
  unpackedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record (22 bytes) follows a comment of at most 65,535 bytes. */
const TAIL_BYTES = 22 + 0xffff;

/** An XLSX unpacking past this, or past UNPACK_RATIO × its size once over UNPACK_FLOOR, is refused. */
export const UNPACK_LIMIT = 400 * 1024 * 1024;
export const UNPACK_RATIO = 100;
export const UNPACK_FLOOR = 50 * 1024 * 1024;
/** The largest entry unpacked whole (xl/workbook.xml names the sheets). */
const SMALL_ENTRY_LIMIT = 10 * 1024 * 1024;

export async function zipEntries(source: ByteSource): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, source.size - TAIL_BYTES);
  const tail = await source.read(tailStart, source.size);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new FileRefusal(IMPORT_UNREADABLE);
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > source.size) throw new FileRefusal(IMPORT_UNREADABLE);
  const directory = await source.read(directoryOffset, directoryOffset + directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new FileRefusal(IMPORT_UNREADABLE);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    entries.push({
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      encrypted: (directory.readUInt16LE(at + 8) & 1) === 1,
      method: directory.readUInt16LE(at + 10),
      packedSize: directory.readUInt32LE(at + 20),
      // 0xFFFFFFFF means ZIP64: more than 4 GiB, which is over the limit anyway.
      unpackedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses an encrypted workbook, and one that unpacks to far more than its size (a zip bomb). */
export function checkEntries(entries: ZipEntry[], fileSize: number): void {
  if (entries.some((e) => e.encrypted)) throw new FileRefusal(IMPORT_PASSWORD_PROTECTED);
  const unpacked = entries.reduce((sum, e) => sum + e.unpackedSize, 0);
  if (unpacked > UNPACK_LIMIT || (unpacked > UNPACK_FLOOR && unpacked > UNPACK_RATIO * fileSize)) throw new FileRefusal(IMPORT_ZIP_BOMB);
}

/** One small entry's bytes, unpacked (stored or deflated). */
export async function readEntry(source: ByteSource, entry: ZipEntry): Promise<Buffer> {
  if (entry.unpackedSize > SMALL_ENTRY_LIMIT) throw new FileRefusal(IMPORT_ZIP_BOMB);
  const header = await source.read(entry.localHeaderOffset, entry.localHeaderOffset + 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw new FileRefusal(IMPORT_UNREADABLE);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const packed = await source.read(start, start + entry.packedSize);
  if (entry.method === 0) return packed;
  if (entry.method !== 8) throw new FileRefusal(IMPORT_UNREADABLE);
  try {
    return inflateRawSync(packed, { maxOutputLength: SMALL_ENTRY_LIMIT });
  } catch {
    throw new FileRefusal(IMPORT_UNREADABLE);
  }
}
