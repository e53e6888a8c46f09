/** The uploaded bytes as the readers take them, and a file-level refusal (docs/decisions/258). */
import { Readable } from 'node:stream';

/** Random access to a file's bytes (the database keeps them in chunks), or all of them as a stream. */
export interface ByteSource {
  size: number;
  /** Bytes [start, end), end clamped to the size. */
  read(start: number, end: number): Promise<Buffer>;
  /** The whole file from its start, chunk by chunk (each call a new stream). */
  stream(): Readable;
}

/** A file held in memory (tests, small files). */
export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: (start, end) => Promise.resolve(bytes.subarray(start, Math.min(end, bytes.length))),
    stream: () => Readable.from([bytes]),
  };
}

/** The whole file is refused: `message` is one of the contract's IMPORT_* sentences. */
export class FileRefusal extends Error {}
