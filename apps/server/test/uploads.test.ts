import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolationList, HydraError } from '@cooler-hub/contract/common';
import { FILE_TOO_LARGE, INVALID_FILE_FORMAT, MAX_UPLOAD_BYTES } from '@cooler-hub/contract/uploads';
import { detectImageType } from '../src/modules/uploads/images';
import { MALFORMED_UPLOAD, ONE_FILE_ONLY } from '../src/lib/multipart';
import { UPLOAD_QUOTA_REACHED, UPLOADS_PER_DAY, UploadsService } from '../src/modules/uploads/uploads.service';
import { uploads, users } from '../src/db/schema';
import {
  PNG_1X1,
  authHeader,
  buildTestApp,
  createUser,
  json,
  login,
  loginAs,
  multipart,
  type MultipartPart,
  type TestApp,
} from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t.app, 'Production')).token;
});
afterAll(() => t.close());

const upload = (parts: MultipartPart[], auth = token) => {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/file_upload',
    headers: { ...authHeader(auth), ...form.headers },
    payload: form.payload,
  });
};
/** A raw body with the caller's own content type (for bodies no FormData would send). */
const rawUpload = (contentType: string, payload: Buffer | string) =>
  t.app.inject({ method: 'POST', url: '/api/file_upload', headers: { ...authHeader(token), 'content-type': contentType }, payload });
const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): MultipartPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});
const avatar: MultipartPart = { name: 'type', value: 'avatar' };
const hydra = (description: string): HydraError => ({
  '@type': 'hydra:Error',
  'hydra:title': 'An error occurred',
  'hydra:description': description,
});
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** What is served for an upload, decoded: proves the bytes are an image and nothing else. */
async function served(res: LightMyRequestResponse) {
  const got = await t.app.inject({ method: 'GET', url: json<{ url: string }>(res).url });
  const meta = await sharp(got.rawPayload, { failOn: 'warning' }).metadata();
  return { response: got, bytes: got.rawPayload, format: meta.format, width: meta.width, height: meta.height };
}

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6fdb' } })
    .jpeg()
    .toBuffer();
});

describe('POST /api/file_upload', () => {
  it('stores a re-encoded copy of a real PNG under an unguessable url that serves it without a token', async () => {
    const res = await upload([avatar, file(PNG_1X1)]);
    expect(res.statusCode).toBe(200);
    const { url } = json<{ url: string }>(res);
    expect(url).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{43}$/);

    const image = await served(res);
    expect(image.response.statusCode).toBe(200);
    expect(image.response.headers['content-type']).toBe('image/png');
    expect(image.response.headers['x-content-type-options']).toBe('nosniff');
    expect(image.response.headers['cache-control']).toContain('max-age=31536000');
    expect([image.format, image.width, image.height]).toEqual(['png', 1, 1]);
  });

  it('accepts a JPEG by its bytes whatever its name says, and serves a decodable image/jpeg', async () => {
    const res = await upload([file(jpeg, 'scan.bin', 'application/octet-stream'), avatar]);
    expect(res.statusCode).toBe(200);
    const image = await served(res);
    expect(image.response.headers['content-type']).toBe('image/jpeg');
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 40, 30]);
  });

  it('refuses an image signature followed by HTML (only a whole image is an image)', async () => {
    for (const [name, signature] of [
      ['png', PNG_1X1.subarray(0, 8)],
      ['png header', PNG_1X1.subarray(0, 33)],
      ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
      ['truncated jpeg', jpeg.subarray(0, jpeg.length - 40)],
    ] as const) {
      const res = await upload([avatar, file(Buffer.concat([signature, HTML]), 'x.png')]);
      expect(json(res), name).toEqual(hydra(INVALID_FILE_FORMAT));
      expect(res.statusCode, name).toBe(400);
    }
  });

  it('serves only the pixels of a valid image with HTML appended, never the HTML', async () => {
    for (const image of [PNG_1X1, jpeg]) {
      const res = await upload([avatar, file(Buffer.concat([image, HTML]))]);
      expect(res.statusCode).toBe(200);
      const got = await served(res);
      expect(got.bytes.includes(Buffer.from('<script>'))).toBe(false);
      expect(['png', 'jpeg']).toContain(got.format);
    }
  });

  it('refuses a text file named x.png declared image/png (content decides)', async () => {
    const res = await upload([file(Buffer.from('hello, I am text'), 'x.png', 'image/png'), avatar]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(INVALID_FILE_FORMAT));
  });

  it(`refuses a 600 kB JPEG (limit ${MAX_UPLOAD_BYTES} bytes) with 400 '${FILE_TOO_LARGE}'`, async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(600 * 1024, 7)]);
    const res = await upload([avatar, file(big, 'big.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(FILE_TOO_LARGE));
  });

  it('accepts exactly the limit, refuses one byte more', async () => {
    const exact = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_UPLOAD_BYTES - PNG_1X1.length)]);
    expect((await upload([avatar, file(exact)])).statusCode).toBe(200);
    const over = await upload([avatar, file(Buffer.concat([exact, Buffer.alloc(1)]))]);
    expect(json(over)).toEqual(hydra(FILE_TOO_LARGE));
  });

  it('a multipart body without a boundary, with the wrong boundary, or cut short → 400 hydra:Error', async () => {
    const form = multipart([avatar, file(PNG_1X1)]);
    const body = form.payload.toString('latin1');
    const cases: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', body],
      ['wrong boundary', 'multipart/form-data; boundary=----SomethingElse', body],
      ['cut short', form.headers['content-type']!, body.slice(0, body.length - 60)],
      ['cut inside the headers', form.headers['content-type']!, body.slice(0, 80)],
    ];
    for (const [name, contentType, payload] of cases) {
      const res = await rawUpload(contentType, Buffer.from(payload, 'latin1'));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(json(res), name).toEqual(hydra(MALFORMED_UPLOAD));
    }
  });

  it("two files in one request → 400 with a sentence, not the parser's wording", async () => {
    const res = await upload([avatar, file(PNG_1X1), file(jpeg, 'b.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(ONE_FILE_ONLY));
    expect(res.body).not.toContain('limit');
  });

  it('a missing file or type is a violation on that field', async () => {
    const noFile = await upload([avatar]);
    expect(noFile.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(noFile).violations).toEqual([
      { propertyPath: 'file', title: 'Required Field', message: 'Required Field' },
    ]);
    const noType = await upload([file(PNG_1X1)]);
    expect(json<ConstraintViolationList>(noType).violations.map((v) => v.propertyPath)).toEqual(['type']);
    const badType = await upload([file(PNG_1X1), { name: 'type', value: 'invoice' }]);
    expect(json<ConstraintViolationList>(badType).violations.map((v) => v.propertyPath)).toEqual(['type']);
  });

  it('needs a token; a JSON body is 415', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/file_upload', ...multipart([file(PNG_1X1), avatar]) });
    expect(anonymous.statusCode).toBe(401);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/file_upload',
      headers: authHeader(token),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(json<HydraError>(notMultipart)['@type']).toBe('hydra:Error');
  });
});

describe('GET /api/uploads/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['A'.repeat(43), 'nope', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toEqual(hydra('Not Found'));
    }
  });
});

describe('upload quota', () => {
  it(`allows ${UPLOADS_PER_DAY} uploads a day per user, then answers 400 with a sentence; others may still upload`, async () => {
    const { token: mine } = await loginAs(t.app, 'Production');
    for (let i = 0; i < UPLOADS_PER_DAY; i++) expect((await upload([avatar, file(PNG_1X1)], mine)).statusCode, `upload ${i + 1}`).toBe(200);
    const refused = await upload([avatar, file(PNG_1X1)], mine);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual(hydra(UPLOAD_QUOTA_REACHED));
    expect((await upload([avatar, file(PNG_1X1)])).statusCode).toBe(200);
  });
});

describe('orphan sweep', () => {
  it('deletes old uploads nothing refers to; keeps recent ones and those used as an avatar', async () => {
    const db = t.database.db;
    const { user, password } = await createUser(t.app);
    const row = (id: string, hoursOld: number) => ({
      id,
      kind: 'avatar' as const,
      contentType: 'image/png',
      bytes: PNG_1X1,
      size: PNG_1X1.length,
      ownerId: user.id,
      createdAt: sql`now() - make_interval(hours => ${hoursOld})`,
    });
    const ids = { oldOrphan: 'o'.repeat(43), oldAvatar: 'a'.repeat(43), recentOrphan: 'r'.repeat(43), dayOldOrphan: 'd'.repeat(43) };
    await db.insert(uploads).values([row(ids.oldOrphan, 30), row(ids.oldAvatar, 30), row(ids.recentOrphan, 1), row(ids.dayOldOrphan, 25)]);
    await db
      .update(users)
      .set({ avatarUploadId: ids.oldAvatar })
      .where(sql`${users.id} = ${user.id}`);

    const removed = await new UploadsService(db, undefined).removeOrphans();
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = new Set((await db.select({ id: uploads.id }).from(uploads)).map((r) => r.id));
    expect(left.has(ids.oldOrphan)).toBe(false);
    expect(left.has(ids.dayOldOrphan)).toBe(false);
    expect(left.has(ids.oldAvatar)).toBe(true);
    expect(left.has(ids.recentOrphan)).toBe(true);
    // The kept avatar is still the user's and still served.
    const profile = await t.app.inject({ url: '/api/profile', headers: authHeader(await login(t.app, user.username, password)) });
    expect(json<{ avatar: string }>(profile).avatar).toBe(`/api/uploads/${ids.oldAvatar}`);
    expect((await t.app.inject({ url: `/api/uploads/${ids.oldAvatar}` })).statusCode).toBe(200);
  });
});

describe('upload urls and detection', () => {
  it('are absolute with PUBLIC_URL, root-relative without', () => {
    const withPublic = new UploadsService(t.database.db, 'https://hub.example.co.uk');
    expect(withPublic.urlFor('abc')).toBe('https://hub.example.co.uk/api/uploads/abc');
    const id = 'B'.repeat(43);
    expect(withPublic.idFromUrl(`https://hub.example.co.uk/api/uploads/${id}`)).toBe(id);
    expect(withPublic.idFromUrl(`/api/uploads/${id}`)).toBe(id);
    expect(withPublic.idFromUrl(`/api/uploads/${id}/../x`)).toBeUndefined();
    expect(new UploadsService(t.database.db, undefined).urlFor('abc')).toBe('/api/uploads/abc');
  });

  it('reads PNG and JPEG magic numbers only', () => {
    expect(detectImageType(PNG_1X1)).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
