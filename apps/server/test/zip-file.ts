/**
 * ZIP files written by hand for the import's tests: any order of entries, an entry that lies about
 * its unpacked size in both directories, and a part streamed through the deflater so a payload of
 * hundreds of megabytes never exists in memory.
 */
import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { bufferSource } from '../src/modules/imports/read';
import { readZipEntry, zipEntries } from '../src/modules/imports/read/zip';

export interface ZipPart {
  name: string;
  /** The deflated bytes. */
  packed: Buffer;
  crc: number;
  size: number;
  /** The unpacked size both directories declare (the real size when not given). */
  declaredSize?: number;
}

/** A part holding `data`, deflated at once; `declaredSize` lets it lie about its unpacked size. */
export function partOf(name: string, data: Buffer, declaredSize?: number): ZipPart {
  return { name, packed: deflateRawSync(data), crc: crc32(data), size: data.length, declaredSize };
}

/** A part of `repeat` copies of `body` between `head` and `tail`, deflated as a stream. */
export async function deflatedPart(name: string, head: string | Buffer, body: string, repeat: number, tail: string): Promise<ZipPart> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = once(deflater, 'end');
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await once(deflater, 'drain');
  };
  await write(Buffer.isBuffer(head) ? head : Buffer.from(head));
  // Copies joined into pieces of about 1 MiB: one write per piece, not per copy.
  if (repeat > 0) {
    const perPiece = Math.max(1, Math.floor((1024 * 1024) / Buffer.byteLength(body)));
    const piece = Buffer.from(body.repeat(perPiece));
    let left = repeat;
    for (; left >= perPiece; left -= perPiece) await write(piece);
    if (left > 0) await write(Buffer.from(body.repeat(left)));
  }
  await write(Buffer.from(tail));
  deflater.end();
  await done;
  return { name, packed: Buffer.concat(out), crc, size };
}

/** The parts of a ZIP in its order (inflated, then deflated again as parts). */
export async function partsOf(zip: Buffer): Promise<ZipPart[]> {
  const source = bufferSource(zip);
  const entries = (await zipEntries(source)).sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const parts: ZipPart[] = [];
  for (const e of entries) {
    const data = await readZipEntry(source, e, 64 * 1024 * 1024);
    parts.push(await deflatedPart(e.name, data, '', 0, ''));
  }
  return parts;
}

/** A ZIP of deflated `parts` in this order; each declares `declaredSize` (or its size) in both directories. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const declared = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.packed);
    centrals.push(central, name);
    offset += local.length + name.length + p.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
