/**
 * The camera scanner's barcode reader as the real web build ships it (docs/architecture.md §2, §6): its .wasm
 * is served by us with the type browsers need to stream-compile it (application/wasm),
 * brotli-compressed and cached for a year like every hashed asset; and neither the polyfill nor its
 * .wasm is part of the first load — only the scanning screens fetch them. Skipped without a build
 * (`npm test` builds first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoot } from '../src/paths';
import { buildTestApp, type TestApp } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const built = fs.existsSync(path.join(webRoot, 'index.html'));

describe.skipIf(!built)('the barcode reader of the web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { webRoot });
  });
  afterAll(() => t.close());

  const assets = () => fs.readdirSync(path.join(webRoot, 'assets'));

  it('serves the ZXing .wasm as application/wasm, brotli-compressed, immutable', async () => {
    const wasm = assets().filter((f) => /^zxing_reader-[\w-]+\.wasm$/.test(f));
    expect(wasm).toHaveLength(1);
    const url = `/assets/${wasm[0]}`;
    const plain = fs.readFileSync(path.join(webRoot, url));

    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(res.rawPayload).equals(plain)).toBe(true);

    const identity = await t.app.inject({ url });
    expect(identity.headers['content-type']).toBe('application/wasm');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
    // WebAssembly's magic number: the file itself, not the SPA's index.html
    expect(identity.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d]));
  });

  it('keeps the polyfill and its .wasm out of the first load', async () => {
    const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const first = new Set<string>();
    const visit = (file: string) => {
      if (first.has(file)) return;
      first.add(file);
      const code = fs.readFileSync(path.join(webRoot, 'assets', file), 'utf8');
      // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later.
      for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]!);
    };
    for (const m of html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)) visit(m[1]!);
    expect(first.size).toBeGreaterThan(1);

    const polyfill = assets().filter((f) => /^barcode-polyfill-[\w-]+\.js$/.test(f));
    expect(polyfill).toHaveLength(1);
    expect([...first]).not.toContain(polyfill[0]);
    for (const file of first) {
      expect(fs.readFileSync(path.join(webRoot, 'assets', file), 'utf8'), file).not.toContain('zxing_reader');
    }
  });
});
