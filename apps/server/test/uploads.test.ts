import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConstraintViolationList, HydraError } from '@cooler-hub/contract/common';
import { FILE_TOO_LARGE, INVALID_FILE_FORMAT, MAX_UPLOAD_BYTES } from '@cooler-hub/contract/uploads';
import { UploadsService, detectImageType } from '../src/modules/uploads/uploads.service';
import { PNG_1X1, authHeader, buildTestApp, json, loginAs, multipart, type MultipartPart, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t.app, 'Production')).token;
});
afterAll(() => t.close());

const upload = (parts: MultipartPart[], auth = token) => {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/file_upload', headers: { ...authHeader(auth), ...form.headers }, payload: form.payload });
};
const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): MultipartPart => ({ name: 'file', filename, contentType, data });
const avatar: MultipartPart = { name: 'type', value: 'avatar' };
const hydra = (description: string): HydraError => ({ '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': description });

describe('POST /api/file_upload', () => {
  it('stores a real PNG and answers an unguessable url that serves it without a token', async () => {
    const res = await upload([avatar, file(PNG_1X1)]);
    expect(res.statusCode).toBe(200);
    const { url } = json<{ url: string }>(res);
    expect(url).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{43}$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('accepts a JPEG by its bytes whatever its name says, and serves it as image/jpeg', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
    const res = await upload([file(jpeg, 'scan.bin', 'application/octet-stream'), avatar]);
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: json<{ url: string }>(res).url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
  });

  it('refuses a text file named x.png declared image/png (content decides)', async () => {
    const res = await upload([file(Buffer.from('hello, I am text'), 'x.png', 'image/png'), avatar]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(INVALID_FILE_FORMAT));
  });

  it(`refuses a 600 kB JPEG (limit ${MAX_UPLOAD_BYTES} bytes) with 400 '${FILE_TOO_LARGE}'`, async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600 * 1024, 7)]);
    const res = await upload([avatar, file(big, 'big.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(hydra(FILE_TOO_LARGE));
  });

  it('accepts exactly the limit', async () => {
    const exact = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_UPLOAD_BYTES - PNG_1X1.length)]);
    expect((await upload([avatar, file(exact)])).statusCode).toBe(200);
  });

  it('a missing file or type is a violation on that field', async () => {
    const noFile = await upload([avatar]);
    expect(noFile.statusCode).toBe(400);
    expect(json<ConstraintViolationList>(noFile).violations).toEqual([{ propertyPath: 'file', title: 'Required Field', message: 'Required Field' }]);
    const noType = await upload([file(PNG_1X1)]);
    expect(json<ConstraintViolationList>(noType).violations.map((v) => v.propertyPath)).toEqual(['type']);
    const badType = await upload([file(PNG_1X1), { name: 'type', value: 'invoice' }]);
    expect(json<ConstraintViolationList>(badType).violations.map((v) => v.propertyPath)).toEqual(['type']);
  });

  it('needs a token; a JSON body is 415', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/file_upload', ...multipart([file(PNG_1X1), avatar]) });
    expect(anonymous.statusCode).toBe(401);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/file_upload', headers: authHeader(token), payload: { file: 'x' } });
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
