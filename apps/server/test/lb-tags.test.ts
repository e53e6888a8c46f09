/**
 * GET /api/receipts/{id}/lb_tag.pdf and POST /api/receipts/lb_tags.pdf (docs/decisions/217): the
 * PDF a label printer gets, read back (text, page size, the barcode rasterised and decoded), the
 * history entry each print writes, and bad input refused with nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import { LB_TAG_PRESETS, LB_TAG_TWICE, MAX_LB_TAGS, TOO_MANY_LB_TAGS, lbTagPreset } from '@cooler-hub/contract/lb-tags';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { readPdf, readPdfText } from '@cooler-hub/process-kit/pdf';
import { randomUUID } from 'node:crypto';
import { readCode128 } from './barcode-reader';
import { createCooler, createReceipt, createReceiptReferences, type ReceiptReferences } from './factories';
import { authHeader, json, useSignedInApp, violationsOf } from './helpers';
import { rasterisePdf } from './pdf-raster';

const suite = useSignedInApp('Production');
const api = suite.api;
let refs: ReceiptReferences;
let receipts: Receipt[];

beforeAll(async () => {
  refs = await createReceiptReferences(suite.app, suite.token);
  receipts = [];
  for (let i = 0; i < 3; i++) {
    const cooler = await createCooler(suite.app, suite.token, { serialNumber: `SN2020060110${i}${Date.now() % 100000}` });
    receipts.push(await createReceipt(suite.app, suite.token, { ...refs, cooler }));
  }
});

const historyOf = async (id: string) =>
  (await suite.list<RevisionEntry>(`/api/revision_entries?entryKind=Receipt&entryRef=${id}&perPage=100`)).items;
const tagEntries = async (id: string) => (await historyOf(id)).filter((e) => e.textOnlyMessage[0] === 'LB tag printed');

/** The Code 128 texts of each page, rasterised at `dpi`. */
async function barcodesOf(bytes: Buffer, dpi: number): Promise<string[][]> {
  const pages: string[][] = [];
  await rasterisePdf(bytes, dpi, async (raster) => {
    pages.push(await readCode128(raster));
  });
  return pages;
}

describe("one receipt's tag", () => {
  it.each(LB_TAG_PRESETS.map((p) => [p.id] as const))(
    '%s: a one-page PDF of the label size with the barcode, LB number, serial and part number',
    async (id) => {
      const preset = lbTagPreset(id);
      const r = receipts[0]!;
      const res = await api('GET', `/api/receipts/${r.id}/lb_tag.pdf?preset=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="lb-tag-${r.lbNumber}.pdf"`);
      expect(res.headers['cache-control']).toBe('no-store');
      // Streamed as it is drawn: no length known before the end.
      expect(res.headers['content-length']).toBeUndefined();

      const [size, ...more] = await readPdf(res.rawPayload);
      expect(more).toEqual([]);
      expect(Math.abs(size!.widthMm - preset.widthMm)).toBeLessThan(0.1);
      expect(Math.abs(size!.heightMm - preset.heightMm)).toBeLessThan(0.1);
      const [text] = await readPdfText(res.rawPayload);
      expect(text).toContain(r.lbNumber);
      expect(text).toContain(`S/N ${r.inventoryItem.serialNumber}`);
      expect(text).toContain(`P/N ${r.inventoryItem.partNumber.partNumber}`);
      expect(await barcodesOf(res.rawPayload, 203)).toEqual([[r.lbNumber]]);
    },
  );

  it('without a preset: the 2 × 1 in, 203 dpi label', async () => {
    const res = await api('GET', `/api/receipts/${receipts[1]!.id}/lb_tag.pdf`);
    expect(res.statusCode).toBe(200);
    const [size] = await readPdf(res.rawPayload);
    expect(Math.abs(size!.widthMm - 50.8)).toBeLessThan(0.1);
    expect(Math.abs(size!.heightMm - 25.4)).toBeLessThan(0.1);
  });

  it("is written in the receipt's history: who, which LB number, which label", async () => {
    const r = receipts[2]!;
    const before = await tagEntries(r.id);
    const res = await api('GET', `/api/receipts/${r.id}/lb_tag.pdf?preset=62x29mm-300dpi`);
    expect(res.statusCode).toBe(200);
    const after = await tagEntries(r.id);
    expect(after).toHaveLength(before.length + 1);
    const [entry] = after;
    expect(entry).toMatchObject({
      entryKind: 'Receipt',
      entryRef: r.id,
      diffType: 'Text',
      textOnlyMessage: ['LB tag printed', `LB number: ${r.lbNumber}`, 'Label: 62 × 29 mm, 300 dpi (Brother)'],
    });
    const me = json<{ username: string }>(await api('GET', '/api/profile'));
    expect(entry!.creator.username).toBe(me.username);
  });
});

describe('several tags in one PDF', () => {
  it('one page per receipt in the order of ids, each decoding to its LB number; one history entry each', async () => {
    const order = [receipts[2]!, receipts[0]!, receipts[1]!];
    const before = await Promise.all(order.map(async (r) => (await tagEntries(r.id)).length));
    const res = await api('POST', '/api/receipts/lb_tags.pdf', { ids: order.map((r) => r.id), preset: '2x1in-300dpi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lb-tags-3.pdf"');

    const sizes = await readPdf(res.rawPayload);
    expect(sizes).toHaveLength(3);
    const pages = await readPdfText(res.rawPayload);
    order.forEach((r, i) => {
      expect(pages[i]).toContain(r.lbNumber);
      expect(pages[i]).toContain(r.inventoryItem.serialNumber);
    });
    expect(await barcodesOf(res.rawPayload, 300)).toEqual(order.map((r) => [r.lbNumber]));
    const after = await Promise.all(order.map(async (r) => (await tagEntries(r.id)).length));
    expect(after).toEqual(before.map((n) => n + 1));
  });
});

describe('bad input: 400 on the field, nothing written', () => {
  const entryCounts = () => Promise.all(receipts.map(async (r) => (await historyOf(r.id)).length));

  it('an unknown preset', async () => {
    const before = await entryCounts();
    const one = await api('GET', `/api/receipts/${receipts[0]!.id}/lb_tag.pdf?preset=A4`);
    expect(Object.keys(violationsOf(one))).toEqual(['preset']);
    const many = await api('POST', '/api/receipts/lb_tags.pdf', { ids: [receipts[0]!.id], preset: '3x2in' });
    expect(Object.keys(violationsOf(many))).toEqual(['preset']);
    expect(await entryCounts()).toEqual(before);
  });

  it('ids missing, empty, not ids, twice, or more than 500', async () => {
    const before = await entryCounts();
    const id = receipts[0]!.id;
    expect(violationsOf(await api('POST', '/api/receipts/lb_tags.pdf', {}))).toEqual({ ids: 'Required Field' });
    expect(violationsOf(await api('POST', '/api/receipts/lb_tags.pdf', { ids: [] }))).toEqual({ ids: 'Required Field' });
    expect(Object.keys(violationsOf(await api('POST', '/api/receipts/lb_tags.pdf', { ids: [id, 'LB123'] })))).toEqual(['ids[1]']);
    expect(Object.keys(violationsOf(await api('POST', '/api/receipts/lb_tags.pdf', { ids: 'x' })))).toEqual(['ids']);
    expect(violationsOf(await api('POST', '/api/receipts/lb_tags.pdf', { ids: [id, id] }))).toEqual({ ids: LB_TAG_TWICE });
    const tooMany = Array.from({ length: MAX_LB_TAGS + 1 }, () => randomUUID());
    expect(violationsOf(await api('POST', '/api/receipts/lb_tags.pdf', { ids: tooMany }))).toEqual({ ids: TOO_MANY_LB_TAGS });
    expect(await entryCounts()).toEqual(before);
  });

  it('an id of no receipt: named by its place; the known ones get no entry either', async () => {
    const before = await entryCounts();
    const res = await api('POST', '/api/receipts/lb_tags.pdf', { ids: [receipts[0]!.id, randomUUID(), receipts[1]!.id, randomUUID()] });
    expect(violationsOf(res)).toEqual({ 'ids[1]': 'The chosen item does not exist.', 'ids[3]': 'The chosen item does not exist.' });
    expect(await entryCounts()).toEqual(before);
  });

  it("one receipt's tag: 404 for no such receipt, 400 on id for a malformed one", async () => {
    expect((await api('GET', `/api/receipts/${randomUUID()}/lb_tag.pdf`)).statusCode).toBe(404);
    expect(Object.keys(violationsOf(await api('GET', '/api/receipts/not-a-uuid/lb_tag.pdf')))).toEqual(['id']);
  });

  it('needs a signed-in user', async () => {
    const res = await suite.app.inject({ method: 'GET', url: `/api/receipts/${receipts[0]!.id}/lb_tag.pdf` });
    expect(res.statusCode).toBe(401);
    const post = await suite.app.inject({
      method: 'POST',
      url: '/api/receipts/lb_tags.pdf',
      payload: { ids: [receipts[0]!.id] },
      headers: authHeader('nope'),
    });
    expect(post.statusCode).toBe(401);
  });
});

// A receipt deleted after it was listed: its tag is refused like any unknown id.
it('a deleted receipt has no tag', async () => {
  const gone = await createReceipt(suite.app, suite.token, { ...refs, cooler: await createCooler(suite.app, suite.token) });
  expect((await api('DELETE', `/api/receipts/${gone.id}`)).statusCode).toBe(204);
  expect((await api('GET', `/api/receipts/${gone.id}/lb_tag.pdf`)).statusCode).toBe(404);
  const list = json<ListResponse<Receipt>>(await api('GET', `/api/receipts?lbNumber=${gone.lbNumber}`));
  expect(list.items).toEqual([]);
});
