/**
 * The uploaded bytes as the file layer reads them (docs/decisions/258): random access for the
 * sniffing and the ZIP directory, a fresh stream from the start for the table itself.
 */
import { Readable } from 'node:stream';

/** Random access to the uploaded bytes (the caller stores them in the database in 1 MiB chunks). */
export interface ByteSource {
  size: number;
  /** Bytes [start, end) — end clamped to size. */
  read(start: number, end: number): Promise<Buffer>;
  /** The whole file as a stream of chunks, from the start (each call a new stream). */
  stream(): Readable;
}

/** The chunk size of a buffer's stream: like a stored file's chunks, never the whole file at once. */
const STREAM_CHUNK = 64 * 1024;

/** A ByteSource over bytes in memory (tests, small files); its stream hands out views, not copies. */
export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: (start, end) => Promise.resolve(bytes.subarray(Math.max(0, start), Math.min(end, bytes.length))),
    stream: () => Readable.from(chunks(bytes), { objectMode: false }),
  };
}

function* chunks(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += STREAM_CHUNK) yield bytes.subarray(at, at + STREAM_CHUNK);
}
