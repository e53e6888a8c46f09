/**
 * Uploads (spec 5.2; DESIGN.md §5): the bytes decide the type — PNG or JPEG by magic number, never
 * by file name or declared type — at most MAX_UPLOAD_BYTES. Stored in the database under a random
 * 256-bit id; the URL is the capability, so an <img> loads it without a token.
 */
import { FILE_TOO_LARGE, INVALID_FILE_FORMAT, MAX_UPLOAD_BYTES, type UploadResponse } from '@cooler-hub/contract/uploads';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import * as repo from './uploads.repository';

export type ImageType = 'image/png' | 'image/jpeg';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const UPLOAD_ID = /^[A-Za-z0-9_-]{43}$/;
const UPLOAD_PATH = /^\/api\/uploads\/([A-Za-z0-9_-]{43})$/;

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

export class UploadsService {
  constructor(
    private readonly db: Db,
    /** PUBLIC_URL without trailing slash; URLs are root-relative without it. */
    private readonly publicUrl: string | undefined,
  ) {}

  urlFor(id: string): string {
    return `${this.publicUrl ?? ''}/api/uploads/${id}`;
  }

  /** The upload id in a URL we handed out (relative, or absolute on any origin), else undefined. */
  idFromUrl(url: string): string | undefined {
    let pathname = url;
    if (/^https?:\/\//i.test(url)) {
      try {
        pathname = new URL(url).pathname;
      } catch {
        return undefined;
      }
    }
    return UPLOAD_PATH.exec(pathname)?.[1];
  }

  async store(input: { kind: string; bytes: Buffer | null; ownerId: number }): Promise<UploadResponse> {
    if (input.bytes === null || input.bytes.length > MAX_UPLOAD_BYTES) throw new DomainError(FILE_TOO_LARGE);
    const contentType = detectImageType(input.bytes);
    if (!contentType) throw new DomainError(INVALID_FILE_FORMAT);
    const id = randomToken(32);
    await repo.insertUpload(this.db, {
      id,
      kind: input.kind,
      contentType,
      bytes: input.bytes,
      size: input.bytes.length,
      ownerId: input.ownerId,
    });
    return { url: this.urlFor(id) };
  }

  async find(id: string): Promise<repo.UploadRow | undefined> {
    return UPLOAD_ID.test(id) ? repo.findUpload(this.db, id) : undefined;
  }

  async exists(id: string): Promise<boolean> {
    return UPLOAD_ID.test(id) && repo.uploadExists(this.db, id);
  }
}
