/**
 * Uploads (docs/product.md §5.2; docs/architecture.md §5; docs/decisions/062): the bytes decide the type — PNG or JPEG by
 * content, never by file name or declared type — at most MAX_UPLOAD_BYTES, and what is stored is our
 * own re-encoding of the decoded image. Stored in the database under a random 256-bit id; the URL is
 * the capability, so an <img> loads it without a token. Each user may upload UPLOADS_PER_DAY files a
 * day, and uploads nothing refers to are removed after ORPHAN_GRACE_HOURS.
 */
import {
  FILE_TOO_LARGE,
  INVALID_FILE_FORMAT,
  MAX_UPLOAD_BYTES,
  type UPLOAD_KINDS,
  type UploadResponse,
} from '@cooler-hub/contract/uploads';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import { detectImageType, reencodeImage } from './images';
import { lockUser } from '../users/users.repository';
import * as repo from './uploads.repository';

export const UPLOADS_PER_DAY = 20;
export const UPLOAD_QUOTA_REACHED = `You have uploaded ${UPLOADS_PER_DAY} files in the last 24 hours, the most allowed. Try again later.`;
/** An upload nobody uses after this long was abandoned (a profile form never saved). */
export const ORPHAN_GRACE_HOURS = 24;

const UPLOAD_ID = /^[A-Za-z0-9_-]{43}$/;
const UPLOAD_PATH = /^\/api\/uploads\/([A-Za-z0-9_-]{43})$/;

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

  async store(input: { kind: (typeof UPLOAD_KINDS)[number]; bytes: Buffer | null; ownerId: number }): Promise<UploadResponse> {
    if (input.bytes === null || input.bytes.length > MAX_UPLOAD_BYTES) throw new DomainError(FILE_TOO_LARGE);
    // Every check that needs no decoding comes before it (docs/decisions/262): a user past the
    // quota, or bytes that are no PNG or JPEG, cost no image decoding.
    await this.assertUnderQuota(this.db, input.ownerId);
    const contentType = detectImageType(input.bytes);
    const image = contentType && (await reencodeImage(input.bytes, contentType));
    if (!contentType || !image) throw new DomainError(INVALID_FILE_FORMAT);
    const id = randomToken(32);
    await this.db.transaction(async (tx) => {
      // Two uploads at once cannot both pass the quota: checked again under the user's lock.
      await lockUser(tx, input.ownerId);
      await this.assertUnderQuota(tx, input.ownerId);
      await repo.insertUpload(tx, { id, kind: input.kind, contentType, bytes: image, size: image.length, ownerId: input.ownerId });
    });
    return { url: this.urlFor(id) };
  }

  private async assertUnderQuota(db: Db, ownerId: number): Promise<void> {
    if ((await repo.countUploadsSince(db, ownerId, 24)) >= UPLOADS_PER_DAY) throw new DomainError(UPLOAD_QUOTA_REACHED);
  }

  async find(id: string): Promise<repo.UploadRow | undefined> {
    return UPLOAD_ID.test(id) ? repo.findUpload(this.db, id) : undefined;
  }

  async exists(id: string): Promise<boolean> {
    return UPLOAD_ID.test(id) && repo.uploadExists(this.db, id);
  }

  /** Removes abandoned uploads; answers how many went. */
  removeOrphans(graceHours = ORPHAN_GRACE_HOURS): Promise<number> {
    return repo.deleteOrphanUploads(this.db, graceHours);
  }
}
