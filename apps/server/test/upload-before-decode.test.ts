/**
 * An upload's limits that need no decoding are checked before the image is decoded
 * (docs/decisions/262): the size, and the daily quota. A user past the quota gets the quota's
 * sentence for any bytes — even bytes no decoder could read, or a small PNG whose header claims
 * 10 gigapixels — so nothing of theirs reached the decoder, whose verdict on those would be the
 * format's sentence.
 */
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE, INVALID_FILE_FORMAT, MAX_UPLOAD_BYTES } from '@cooler-hub/contract/uploads';
import { uploads } from '../src/db/schema';
import { randomToken } from '../src/lib/crypto';
import { UPLOAD_QUOTA_REACHED, UPLOADS_PER_DAY } from '../src/modules/uploads/uploads.service';
import { authHeader, buildTestApp, hydraDescription, loginAs, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A well-formed PNG of a few hundred bytes whose header says 100,000 × 100,000 pixels. */
function hugeHeaderPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A PNG signature and then nothing a decoder can read. */
const UNREADABLE_PNG = Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('not an image at all')]);

async function upload(token: string, data: Buffer) {
  const form = multipart([
    { name: 'type', value: 'avatar' },
    { name: 'file', filename: 'photo.png', contentType: 'image/png', data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/file_upload',
    headers: { ...authHeader(token), ...form.headers },
    payload: form.payload,
  });
}

describe('an upload past the daily quota', () => {
  it('gets the quota sentence before any decoding, whatever its bytes; too many bytes stays a size refusal', async () => {
    const { user, token } = await loginAs(t.app, 'Production');
    // Today's uploads, as earlier calls would have stored them.
    await t.database.db.insert(uploads).values(
      Array.from({ length: UPLOADS_PER_DAY }, () => ({
        id: randomToken(32),
        kind: 'avatar' as const,
        contentType: 'image/png',
        bytes: PNG_1X1,
        size: PNG_1X1.length,
        ownerId: user.id,
      })),
    );
    expect(hydraDescription(await upload(token, UNREADABLE_PNG))).toBe(UPLOAD_QUOTA_REACHED);
    expect(hydraDescription(await upload(token, hugeHeaderPng()))).toBe(UPLOAD_QUOTA_REACHED);
    expect(hydraDescription(await upload(token, PNG_1X1))).toBe(UPLOAD_QUOTA_REACHED);
    expect(hydraDescription(await upload(token, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x89)))).toBe(FILE_TOO_LARGE);
  });

  it('under the quota the same bytes reach the decoder and are refused as no image (never a 500)', async () => {
    const { token } = await loginAs(t.app, 'Production');
    expect(hydraDescription(await upload(token, UNREADABLE_PNG))).toBe(INVALID_FILE_FORMAT);
    expect(hydraDescription(await upload(token, hugeHeaderPng()))).toBe(INVALID_FILE_FORMAT);
  });
});
