/**
 * Label printers (docs/decisions/283) against the real app and printers on this machine
 * (process-kit printers.ts): a Zebra on raw TCP that answers ~HS, one that accepts and never reads, one
 * switched off, and an IPP queue. 'Print tags' for 50 receipts is one connection holding 50 labels,
 * each rendered offline (zpl-renderer-js) and read back by the web app's barcode reader; a job is
 * sent once whatever the retries; what the printer said comes back as a sentence; bad input is a
 * 400 on its field.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ready as zplRenderer } from 'zpl-renderer-js';
import { LB_TAG_TWICE, MAX_LB_TAGS, TOO_MANY_LB_TAGS, lbTagPreset } from '@cooler-hub/contract/lb-tags';
import {
  PRINT_JOB_OTHER_RECEIPTS,
  PRINTER_DARKNESS_INVALID,
  PRINTER_DARKNESS_ZPL_ONLY,
  PRINTER_HOST_INVALID,
  PRINTER_PDF_NEEDS_IPP,
  PRINTER_PORT_INVALID,
  PRINTER_SENTENCES,
  PRINTER_URL_INVALID,
  PRINTER_ZPL_NEEDS_RAW,
  type PrintJob,
  type Printer,
  type PrinterChoiceList,
  type PrinterList,
  type PrinterTestResult,
} from '@cooler-hub/contract/printers';
import type { Receipt } from '@cooler-hub/contract/receipts';
import type { RevisionEntry } from '@cooler-hub/contract/revisions';
import { ALREADY_USED } from '@cooler-hub/contract/users';
import { readPdfText } from '@cooler-hub/process-kit/pdf';
import { readCode128 } from './barcode-reader';
import { FakeIppQueue, FakeZebra } from '@cooler-hub/process-kit/printers';
import { call, createCooler, createPartNumber, createReceipt, createReceiptReferences, type ReceiptReferences } from './factories';
import { adminToken, buildTestApp, hydraDescription, json, loginAs, violationsOf, type TestApp } from './helpers';

/**
 * PRINTER_TIMEOUT_MS here: short, yet long enough that a burst of database writes holding this
 * process's event loop cannot make a ready fake printer miss it.
 */
const TIMEOUT_MS = 1500;

let t: TestApp;
let admin: string;
let production: string;
let refs: ReceiptReferences;
let receipts: Receipt[];
const zebra = new FakeZebra();
const queue = new FakeIppQueue();
let queueUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ PRINTER_TIMEOUT_MS: String(TIMEOUT_MS) });
  admin = await adminToken(t.app);
  production = (await loginAs(t.app, 'Production')).token;
  await zebra.start();
  queueUrl = await queue.start();
  refs = await createReceiptReferences(t.app, production);
  const partNumber = (await createPartNumber(t.app, production)).id;
  receipts = [];
  for (let c = 0; c < 5; c++) {
    const cooler = await createCooler(t.app, production, { partNumber });
    for (let i = 0; i < 11; i++) receipts.push(await createReceipt(t.app, production, { ...refs, cooler }));
  }
}, 120_000);

afterAll(async () => {
  await zebra.stop();
  await queue.stop();
  await t?.close();
});

beforeEach(() => zebra.reset());

const zplBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Zebra ${randomUUID().slice(0, 8)}`,
  connection: 'raw',
  host: '127.0.0.1',
  port: zebra.port,
  language: 'zpl',
  preset: '2x1in-203dpi',
  darkness: 15,
  ...overrides,
});
const ippBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Brother ${randomUUID().slice(0, 8)}`,
  connection: 'ipp',
  url: queueUrl,
  language: 'pdf',
  preset: '62x29mm-300dpi',
  ...overrides,
});

async function addPrinter(body: Record<string, unknown>): Promise<Printer & { version: string }> {
  const res = await call(t.app, admin, 'POST', '/api/printers', body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
}

const print = (printerId: string, receiptIds: string[], id: string = randomUUID(), token = production) =>
  call(t.app, token, 'POST', `/api/printers/${printerId}/jobs`, { id, receiptIds });

const historyOf = async (id: string) =>
  json<{ items: RevisionEntry[] }>(
    await call(t.app, production, 'GET', `/api/revision_entries?entryKind=Receipt&entryRef=${id}&perPage=100`),
  ).items;
const tagEntries = async (id: string) => (await historyOf(id)).filter((e) => e.textOnlyMessage[0] === 'LB tag printed');

/** Each label of a ZPL stream rendered at the preset's dpi (as dots: one pixel a dot), and its Code 128 texts. */
async function decodeZpl(zpl: string, presetId: Parameters<typeof lbTagPreset>[0]): Promise<string[][]> {
  const preset = lbTagPreset(presetId);
  const dpmm = Math.round(preset.dpi / 25.4);
  const width = Math.floor((preset.widthMm / 25.4) * preset.dpi);
  const height = Math.round((preset.heightMm / 25.4) * preset.dpi);
  const { api } = await zplRenderer;
  const pngs = await api.zplToBase64MultipleAsync(zpl, width / dpmm, height / dpmm, dpmm);
  const texts: string[][] = [];
  for (const png of pngs) {
    const { data, info } = await sharp(Buffer.from(png, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    texts.push(await readCode128({ width: info.width, height: info.height, data: new Uint8ClampedArray(data) }));
  }
  return texts;
}

describe('printers an Admin adds', () => {
  it('create, read, list, change with If-Match, delete: the dpi comes from the preset, port 9100 when empty', async () => {
    const created = await addPrinter(zplBody({ name: 'Goods-in Zebra', port: '', darkness: '' }));
    expect(created).toMatchObject({
      name: 'Goods-in Zebra',
      connection: 'raw',
      host: '127.0.0.1',
      port: 9100,
      url: null,
      language: 'zpl',
      preset: '2x1in-203dpi',
      dpi: 203,
      darkness: null,
    });
    expect(created.version).toMatch(/^\d+$/);
    const got = await call(t.app, admin, 'GET', `/api/printers/${created.id}`);
    expect(json(got)).toEqual(created);
    const list = json<PrinterList>(await call(t.app, admin, 'GET', '/api/printers?name=goods-in'));
    expect(list.items.map((p) => p.id)).toEqual([created.id]);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/printers/${created.id}`,
      headers: { authorization: `Bearer ${admin}`, 'if-match': `"${created.version}"` },
      payload: zplBody({ name: 'Goods-in Zebra', preset: '2x1in-300dpi', darkness: 30 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed)).toMatchObject({ preset: '2x1in-300dpi', dpi: 300, darkness: 30, port: zebra.port });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/printers/${created.id}`,
      headers: { authorization: `Bearer ${admin}`, 'if-match': `"${created.version}"` },
      payload: zplBody({ name: 'Goods-in Zebra' }),
    });
    expect(stale.statusCode).toBe(409);

    const ipp = await addPrinter(ippBody({ host: 'ignored', port: 1 }));
    expect(ipp).toMatchObject({ connection: 'ipp', url: queueUrl, host: null, port: null, language: 'pdf', dpi: 300, darkness: null });

    expect((await call(t.app, admin, 'DELETE', `/api/printers/${created.id}`)).statusCode).toBe(204);
    expect((await call(t.app, admin, 'GET', `/api/printers/${created.id}`)).statusCode).toBe(404);
    expect((await call(t.app, admin, 'DELETE', `/api/printers/${created.id}`)).statusCode).toBe(404);
    await call(t.app, admin, 'DELETE', `/api/printers/${ipp.id}`);
  });

  it('lists by name or by when added, ties in id order either way, each as GET answers it, with the total on every page', async () => {
    const tag = randomUUID().slice(0, 8);
    const b = await addPrinter(zplBody({ name: `List ${tag} b`, darkness: '' }));
    const a = await addPrinter(ippBody({ name: `list ${tag} A` }));
    const c = await addPrinter(zplBody({ name: `List ${tag} c` }));
    // b and c added in the same instant (the table keeps microseconds, the API milliseconds), a earlier.
    await t.database.db.execute(sql`update printers set created_at = '2024-05-01T10:00:00.123456Z' where id in (${b.id}, ${c.id})`);
    await t.database.db.execute(sql`update printers set created_at = '2024-04-01T10:00:00Z' where id = ${a.id}`);
    const listed = async (query: string) => json<PrinterList>(await call(t.app, admin, 'GET', `/api/printers?name=${tag}&${query}`));
    const ids = async (query: string) => (await listed(query)).items.map((p) => p.id);
    const asGot = async (id: string) => {
      const { version: _version, ...printer } = json<Printer & { version: string }>(await call(t.app, admin, 'GET', `/api/printers/${id}`));
      return printer;
    };
    // A uuid orders as its text.
    const tied = [b.id, c.id].sort();

    // By name ignoring case by default.
    const byName = await listed('');
    expect(byName).toMatchObject({ totalCount: 3, pagesCount: 1 });
    expect(byName.items).toEqual([await asGot(a.id), await asGot(b.id), await asGot(c.id)]);
    const { version: _made, ...bAsMade } = b;
    expect(byName.items[1]).toEqual({ ...bAsMade, createdAt: '2024-05-01T10:00:00.123Z' });
    expect(byName.items[0]).toMatchObject({
      host: null,
      port: null,
      url: queueUrl,
      dpi: 300,
      darkness: null,
      createdAt: '2024-04-01T10:00:00.000Z',
    });
    expect(await ids('order[name]=desc')).toEqual([c.id, b.id, a.id]);
    // Ties in id order whichever the direction.
    expect(await ids('order[createdAt]=asc')).toEqual([a.id, ...tied]);
    expect(await ids('order[createdAt]=desc')).toEqual([...tied, a.id]);
    // Later pages, the last read from the end, each with the total; past the end, none.
    expect(await listed('perPage=2')).toMatchObject({ totalCount: 3, pagesCount: 2, items: byName.items.slice(0, 2) });
    expect(await listed('perPage=2&page=2&order[createdAt]=desc')).toMatchObject({
      totalCount: 3,
      pagesCount: 2,
      items: [byName.items[0]],
    });
    expect((await listed('perPage=2&page=2&order[createdAt]=asc')).items.map((p) => p.id)).toEqual([tied[1]]);
    expect(await listed('perPage=2&page=3')).toMatchObject({ totalCount: 3, items: [] });
    // The picker: by name, its items without addresses, the same total.
    const choices = await call(t.app, production, 'GET', `/api/printers_drop_down?name=${tag}&perPage=2&page=2`);
    expect(json<PrinterChoiceList>(choices)).toEqual({
      page: 2,
      perPage: 2,
      pagesCount: 2,
      totalCount: 3,
      items: [{ id: c.id, name: c.name, language: 'zpl', preset: '2x1in-203dpi' }],
    });
    expect(violationsOf(await call(t.app, admin, 'GET', '/api/printers?order[host]=asc'))).toEqual({ order: 'Unrecognized key: "host"' });
    for (const printer of [a, b, c]) await call(t.app, admin, 'DELETE', `/api/printers/${printer.id}`);
  });

  it('every broken rule is a 400 on its field', async () => {
    const post = (body: Record<string, unknown>) => call(t.app, admin, 'POST', '/api/printers', body);
    expect(violationsOf(await post({}))).toEqual({
      name: 'Required Field',
      connection: 'Required Field',
      language: 'Required Field',
      preset: 'Required Field',
    });
    expect(violationsOf(await post(zplBody({ name: 'x'.repeat(101) })))).toHaveProperty('name');
    expect(violationsOf(await post(zplBody({ host: '' })))).toEqual({ host: 'Required Field' });
    for (const host of ['http://zebra.local', 'zebra.local/printer', 'zebra.local:9100', 'zebra local', '-zebra', '300.1.2.3'])
      expect(violationsOf(await post(zplBody({ host }))), host).toEqual({ host: PRINTER_HOST_INVALID });
    for (const host of ['zebra-1.local', '192.168.1.50', 'fe80::1', '[2001:db8::7]', 'ZD421'])
      expect((await post(zplBody({ host }))).statusCode, host).toBe(201);
    for (const port of [0, 65536, 'x', 1.5])
      expect(violationsOf(await post(zplBody({ port }))), String(port)).toEqual({ port: PRINTER_PORT_INVALID });
    expect(violationsOf(await post(ippBody({ url: '' })))).toEqual({ url: 'Required Field' });
    for (const url of ['ftp://cups.local/printers/x', 'cups.local/printers/x', 'socket://10.0.0.5:9100'])
      expect(violationsOf(await post(ippBody({ url }))), url).toEqual({ url: PRINTER_URL_INVALID });
    expect(violationsOf(await post(zplBody({ connection: 'ipp', url: queueUrl })))).toEqual({ language: PRINTER_ZPL_NEEDS_RAW });
    expect(violationsOf(await post(ippBody({ connection: 'raw', host: '10.0.0.5' })))).toEqual({ language: PRINTER_PDF_NEEDS_IPP });
    expect(violationsOf(await post(zplBody({ darkness: 31 })))).toEqual({ darkness: PRINTER_DARKNESS_INVALID });
    expect(violationsOf(await post(ippBody({ darkness: 10 })))).toEqual({ darkness: PRINTER_DARKNESS_ZPL_ONLY });
    expect(violationsOf(await post(zplBody({ preset: 'A4' })))).toHaveProperty('preset');
    // Several at once: each on its own field.
    expect(Object.keys(violationsOf(await post(zplBody({ name: '', host: 'http://x', port: 0, darkness: -1 })))).sort()).toEqual([
      'darkness',
      'host',
      'name',
      'port',
    ]);
    const first = await addPrinter(zplBody({ name: 'Despatch Zebra' }));
    expect(violationsOf(await post(zplBody({ name: 'despatch zebra' })))).toEqual({ name: ALREADY_USED });
    const other = await addPrinter(zplBody());
    expect(violationsOf(await call(t.app, admin, 'PUT', `/api/printers/${other.id}`, zplBody({ name: 'DESPATCH ZEBRA' })))).toEqual({
      name: ALREADY_USED,
    });
    expect((await call(t.app, admin, 'PUT', `/api/printers/${first.id}`, zplBody({ name: 'Despatch Zebra' }))).statusCode).toBe(200);
    expect(violationsOf(await call(t.app, admin, 'GET', '/api/printers/not-a-uuid'))).toHaveProperty('id');
    expect((await call(t.app, admin, 'PUT', `/api/printers/${randomUUID()}`, zplBody())).statusCode).toBe(404);
  });

  it('managing printers is for Admins; Production lists them for the picker without their addresses', async () => {
    const printer = await addPrinter(zplBody());
    const forbidden: [string, string, unknown?][] = [
      ['GET', '/api/printers'],
      ['POST', '/api/printers', zplBody()],
      ['GET', `/api/printers/${printer.id}`],
      ['PUT', `/api/printers/${printer.id}`, zplBody()],
      ['DELETE', `/api/printers/${printer.id}`],
      ['POST', `/api/printers/${printer.id}/test`],
    ];
    for (const [method, path, body] of forbidden) {
      const res = await call(t.app, production, method as 'GET', path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    const choices = json<PrinterChoiceList>(await call(t.app, production, 'GET', '/api/printers_drop_down?perPage=100'));
    const mine = choices.items.find((p) => p.id === printer.id);
    expect(mine).toEqual({ id: printer.id, name: printer.name, language: 'zpl', preset: '2x1in-203dpi' });
  });
});

describe('Print tags on a Zebra (ZPL over raw TCP)', () => {
  it('50 receipts: one connection, one job of 50 labels, every LB number reads back; each receipt’s history names the printer', async () => {
    const printer = await addPrinter(zplBody({ name: 'Floor Zebra' }));
    const chosen = receipts.slice(0, 50);
    const jobId = randomUUID();
    const started = performance.now();
    const res = await print(
      printer.id,
      chosen.map((r) => r.id),
      jobId,
    );
    const ms = Math.round(performance.now() - started);
    expect(res.statusCode, res.body).toBe(201);
    expect(json<PrintJob>(res)).toEqual({ id: jobId, status: 'sent', message: 'The printer Floor Zebra took 50 labels.', labels: 50 });

    await zebra.idle();
    expect(zebra.connections).toHaveLength(1);
    const sent = zebra.connections[0]!;
    expect(sent.startsWith('~HS')).toBe(true);
    expect(sent.match(/\^XA/g)).toHaveLength(50);
    expect(sent).toContain('~SD15');
    expect(sent).not.toContain('^BC');
    const decodeStarted = performance.now();
    const decoded = await decodeZpl(zebra.labelsReceived(), '2x1in-203dpi');
    const decodeMs = Math.round(performance.now() - decodeStarted);
    expect(decoded).toEqual(chosen.map((r) => [r.lbNumber]));
    console.log(
      `printers: 50 labels sent in ${ms} ms; ${decoded.filter((d, i) => d[0] === chosen[i]!.lbNumber).length}/50 decoded (${decodeMs} ms)`,
    );

    const [entry] = await tagEntries(chosen[7]!.id);
    expect(entry).toMatchObject({
      diffType: 'Text',
      textOnlyMessage: ['LB tag printed', `LB number: ${chosen[7]!.lbNumber}`, 'Label: 2 × 1 in, 203 dpi (Zebra)', 'Printer: Floor Zebra'],
    });

    // A retry (the answer was lost): the recorded job, nothing sent again, no second entry.
    const retry = await print(
      printer.id,
      chosen.map((r) => r.id),
      jobId,
    );
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toEqual(json(res));
    expect(zebra.connections).toHaveLength(1);
    expect(await tagEntries(chosen[7]!.id)).toHaveLength(1);
    // The same id for other receipts or another printer is another job: refused.
    expect(
      hydraDescription(
        await print(
          printer.id,
          chosen.slice(1).map((r) => r.id),
          jobId,
        ),
      ),
    ).toBe(PRINT_JOB_OTHER_RECEIPTS);
    const other = await addPrinter(zplBody());
    expect(
      hydraDescription(
        await print(
          other.id,
          chosen.map((r) => r.id),
          jobId,
        ),
      ),
    ).toBe(PRINT_JOB_OTHER_RECEIPTS);
    expect(zebra.connections).toHaveLength(1);
  }, 60_000);

  it('a printer that accepts and never reads: answered within the timeout, the job failed with the sentence, never sent again', async () => {
    const printer = await addPrinter(zplBody({ name: 'Stuck Zebra' }));
    zebra.mode = 'never-reads';
    const jobId = randomUUID();
    const ids = receipts.slice(50, 53).map((r) => r.id);
    const before = await Promise.all(ids.map(async (id) => (await tagEntries(id)).length));
    const started = performance.now();
    const res = await print(printer.id, ids, jobId);
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toEqual({
      id: jobId,
      status: 'failed',
      message: 'The printer Stuck Zebra did not answer within 1.5 seconds.',
      labels: 3,
    });
    expect(ms).toBeLessThan(TIMEOUT_MS + 1000);
    console.log(`printers: a printer that never reads answered in ${Math.round(ms)} ms (timeout ${TIMEOUT_MS} ms)`);
    expect(zebra.connections).toHaveLength(1);

    zebra.mode = 'ready';
    const retry = await print(printer.id, ids, jobId);
    expect(json(retry)).toEqual(json(res));
    expect(zebra.connections).toHaveLength(1);
    expect(await Promise.all(ids.map(async (id) => (await tagEntries(id)).length))).toEqual(before);
  });

  it('a job left sending by a server that stopped mid-send: a retry answers it failed, and sends nothing', async () => {
    const printer = await addPrinter(zplBody({ name: 'Restarted Zebra' }));
    const jobId = randomUUID();
    const ids = [receipts[52]!.id];
    // As the first request left it before the server stopped: recorded, never finished, long ago.
    await t.database.db.execute(
      sql`insert into print_jobs (id, printer_id, receipt_ids, labels, status, message, created_at)
          values (${jobId}, ${printer.id}, ${`{${ids.join(',')}}`}::uuid[], 1, 'sending', 'The labels are being sent to the printer Restarted Zebra.', now() - interval '10 minutes')`,
    );
    const res = await print(printer.id, ids, jobId);
    expect(json(res)).toEqual({ id: jobId, status: 'failed', message: PRINTER_SENTENCES.interrupted('Restarted Zebra'), labels: 1 });
    expect(zebra.connections).toHaveLength(0);
    // One still within its time is answered as sending.
    const recent = randomUUID();
    await t.database.db.execute(
      sql`insert into print_jobs (id, printer_id, receipt_ids, labels, status, message)
          values (${recent}, ${printer.id}, ${`{${ids.join(',')}}`}::uuid[], 1, 'sending', 'The labels are being sent to the printer Restarted Zebra.')`,
    );
    expect(json(await print(printer.id, ids, recent))).toMatchObject({ status: 'sending' });
    expect(zebra.connections).toHaveLength(0);
  });

  it('out of paper: the job fails with the sentence, no label is sent and nothing is written in history', async () => {
    const printer = await addPrinter(zplBody({ name: 'Empty Zebra' }));
    zebra.flags = { paperOut: true };
    const ids = receipts.slice(53, 55).map((r) => r.id);
    const res = await print(printer.id, ids);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      status: 'failed',
      message: 'The printer Empty Zebra is out of paper: nothing was printed.',
      labels: 2,
    });
    expect(zebra.labelsReceived()).toBe('');
    for (const id of ids) expect(await tagEntries(id)).toEqual([]);
  });

  it('switched off: could not be reached, with its address', async () => {
    const printer = await addPrinter(zplBody({ name: 'Off Zebra' }));
    await zebra.stop();
    try {
      const res = await print(printer.id, [receipts[0]!.id]);
      expect(json(res)).toMatchObject({
        status: 'failed',
        message: PRINTER_SENTENCES.unreachable('Off Zebra', `127.0.0.1:${zebra.port}`),
      });
      expect(json(res)).toMatchObject({ message: `The printer Off Zebra at 127.0.0.1:${zebra.port} could not be reached.` });
    } finally {
      await zebra.start();
    }
  });

  it('bad input: unknown printer 404, not an id 400, unknown, repeated or too many receipts 400 on receiptIds', async () => {
    const printer = await addPrinter(zplBody());
    const id = receipts[0]!.id;
    expect(hydraDescription(await print(randomUUID(), [id]), 404)).toBe('Not Found');
    expect(
      Object.keys(
        violationsOf(await call(t.app, production, 'POST', '/api/printers/zebra-1/jobs', { id: randomUUID(), receiptIds: [id] })),
      ),
    ).toEqual(['id']);
    expect(violationsOf(await print(printer.id, [id, randomUUID(), receipts[1]!.id]))).toEqual({
      'receiptIds[1]': 'The chosen item does not exist.',
    });
    expect(violationsOf(await print(printer.id, [id, id]))).toEqual({ receiptIds: LB_TAG_TWICE });
    const tooMany = Array.from({ length: MAX_LB_TAGS + 1 }, () => randomUUID());
    expect(violationsOf(await print(printer.id, tooMany))).toEqual({ receiptIds: TOO_MANY_LB_TAGS });
    expect(violationsOf(await print(printer.id, []))).toEqual({ receiptIds: 'Required Field' });
    expect(violationsOf(await call(t.app, production, 'POST', `/api/printers/${printer.id}/jobs`, { receiptIds: [id] }))).toEqual({
      id: 'Required Field',
    });
    expect(
      Object.keys(violationsOf(await call(t.app, production, 'POST', `/api/printers/${printer.id}/jobs`, { id: 'x', receiptIds: [id] }))),
    ).toEqual(['id']);
    // Nothing reached the printer, and a refused job id can still be used.
    expect(zebra.connections).toHaveLength(0);
  });
});

describe('Print a test label', () => {
  it('a ready Zebra: the test label sent, the status read; paused or open: said so, nothing printed', async () => {
    const printer = await addPrinter(zplBody({ name: 'Test Zebra' }));
    const ok = json<PrinterTestResult>(await call(t.app, admin, 'POST', `/api/printers/${printer.id}/test`));
    expect(ok).toEqual({
      status: 'sent',
      message: 'The printer Test Zebra is ready (paper in, head closed, not paused) and took the test label.',
      hostStatus: { paperOut: false, headOpen: false, paused: false, ribbonOut: false },
    });
    await zebra.idle();
    expect(await decodeZpl(zebra.labelsReceived(), '2x1in-203dpi')).toEqual([['TEST']]);

    zebra.reset();
    zebra.flags = { paused: true, headOpen: true };
    const stopped = json<PrinterTestResult>(await call(t.app, admin, 'POST', `/api/printers/${printer.id}/test`));
    expect(stopped).toEqual({
      status: 'failed',
      message: 'The printer Test Zebra is open (its print head is up) and paused: nothing was printed.',
      hostStatus: { paperOut: false, headOpen: true, paused: true, ribbonOut: false },
    });
    expect(zebra.labelsReceived()).toBe('');

    zebra.reset();
    zebra.mode = 'silent';
    const silent = json<PrinterTestResult>(await call(t.app, admin, 'POST', `/api/printers/${printer.id}/test`));
    expect(silent).toEqual({ status: 'failed', message: 'The printer Test Zebra did not answer within 1.5 seconds.', hostStatus: null });
  });
});

describe('Print tags through an IPP queue (PDF)', () => {
  it('one Print-Job holding one PDF page per label; its history names the printer', async () => {
    const printer = await addPrinter(ippBody({ name: 'Office Brother' }));
    const chosen = receipts.slice(20, 23);
    queue.requests.length = 0;
    const res = await print(
      printer.id,
      chosen.map((r) => r.id),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ status: 'sent', message: 'The printer Office Brother took 3 labels.', labels: 3 });
    expect(queue.requests).toHaveLength(1);
    const [request] = queue.requests;
    expect(request).toMatchObject({ version: '2.0', operationId: 0x0002, path: '/printers/brother-ql', contentType: 'application/ipp' });
    expect(request!.attributes).toMatchObject({
      'attributes-charset': 'utf-8',
      'attributes-natural-language': 'en',
      'printer-uri': queueUrl,
      'document-format': 'application/pdf',
      'job-name': '3 LB tags',
    });
    expect(request!.attributes['requesting-user-name']).toMatch(/^user/);
    const pages = await readPdfText(request!.document);
    expect(pages).toHaveLength(3);
    chosen.forEach((r, i) => {
      expect(pages[i]).toContain(r.lbNumber);
      expect(pages[i]).toContain(`S/N ${r.inventoryItem.serialNumber}`);
    });
    const [entry] = await tagEntries(chosen[0]!.id);
    expect(entry!.textOnlyMessage).toEqual([
      'LB tag printed',
      `LB number: ${chosen[0]!.lbNumber}`,
      'Label: 62 × 29 mm, 300 dpi (Brother)',
      'Printer: Office Brother',
    ]);
  });

  it('a queue that refuses: the status named in the sentence, nothing in history; the test label says the same', async () => {
    const printer = await addPrinter(ippBody({ name: 'Busy Brother' }));
    queue.status = 0x0507;
    try {
      const id = receipts[54]!.id;
      const res = await print(printer.id, [id]);
      expect(json(res)).toMatchObject({ status: 'failed', message: 'The printer Busy Brother refused the job (server-error-busy).' });
      expect(await tagEntries(id)).toEqual([]);
      queue.status = 0x0499;
      const test = json<PrinterTestResult>(await call(t.app, admin, 'POST', `/api/printers/${printer.id}/test`));
      expect(test).toEqual({ status: 'failed', message: 'The printer Busy Brother refused the job (0x0499).', hostStatus: null });
    } finally {
      queue.status = 0;
    }
    const ok = json<PrinterTestResult>(await call(t.app, admin, 'POST', `/api/printers/${printer.id}/test`));
    expect(ok).toEqual({ status: 'sent', message: 'The printer Busy Brother took the test label.', hostStatus: null });
  });
});
