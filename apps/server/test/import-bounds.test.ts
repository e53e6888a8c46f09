/**
 * Uploaded files bounded by what is really inflated and parsed (docs/decisions/265), through the
 * API: a workbook whose ZIP directories understate its size, Excel-ordered workbooks leaving no
 * temporary file or open handle behind, a CSV record past its bounds, and character references XML
 * forbids — each a 400 on `file` (never a 500), nothing kept.
 */
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '@cooler-hub/contract/common';
import {
  IMPORT_RECORD_TOO_LONG,
  IMPORT_TOO_MANY_COLUMNS,
  IMPORT_UNREADABLE,
  IMPORT_ZIP_BOMB,
  MAX_IMPORT_RECORD_CHARS,
  type ImportJob,
} from '@cooler-hub/contract/imports';
import { bufferSource, FileRefusal, openTable, sniff } from '../src/modules/imports/read';
import { unique } from './factories';
import { excelOrderedXlsx, importCalls, type ImportCalls } from './import-calls';
import { json, useSignedInApp, violationsOf } from './helpers';
import { deflatedPart, partsOf, zipOf, type ZipPart } from './zip-file';

const suite = useSignedInApp('Admin');
let calls: ImportCalls;
beforeAll(() => {
  calls = importCalls(suite.app, suite.token);
});

const importCount = async () => json<ListResponse<ImportJob>>(await calls.call('GET', '/api/imports?perPage=1')).totalCount;

/** The upload is refused on `file` with `message`, and no import is kept. */
async function expectRefused(fileName: string, data: Buffer, message: string): Promise<void> {
  const before = await importCount();
  const res = await calls.upload('partNumbers', fileName, data);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  expect(violationsOf(res)).toEqual({ file: message });
  expect(await importCount()).toBe(before);
}

const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** A part's XML text changed by `edit`, deflated again. */
async function edited(parts: ZipPart[], name: string, edit: (xml: string) => string): Promise<ZipPart[]> {
  const out: ZipPart[] = [];
  for (const p of parts) {
    if (p.name !== name) {
      out.push(p);
      continue;
    }
    out.push(await deflatedPart(name, Buffer.from(edit(inflateRawSync(p.packed).toString('utf8'))), '', 0, ''));
  }
  return out;
}

describe('a workbook whose directories understate what it unpacks to', () => {
  it('is refused on file once the bytes really inflated pass the cap, in bounded memory', { timeout: 120_000 }, async () => {
    const parts = await partsOf(await excelOrderedXlsx([{ name: 'Parts', rows: [['Part Number'], ['P1']] }]));
    // 7,000 shared strings of 30,000 characters: about 210 MB of XML, declared as 2,000 bytes in
    // both the local headers and the central directory.
    const bomb = await deflatedPart(
      'xl/sharedStrings.xml',
      `${SST_HEAD}<si><t>Part Number</t></si><si><t>P1</t></si>`,
      `<si><t>${'A'.repeat(30_000)}</t></si>`,
      7000,
      '</sst>',
    );
    bomb.declaredSize = 2000;
    const file = zipOf(parts.map((p) => (p.name === bomb.name ? bomb : p)));
    expect(bomb.size).toBeGreaterThan(200_000_000);
    expect(file.length).toBeLessThan(256 * 1024);

    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 1);
    try {
      await expectRefused('bomb.xlsx', file, IMPORT_ZIP_BOMB);
    } finally {
      clearInterval(sampler);
    }
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    console.info(
      `lying workbook of ${mb(file.length * 1000) / 1000} MB: heap grew at most ${mb(peakHeap - before.heapUsed)} MB, RSS ${mb(peakRss - before.rss)} MB`,
    );
    // The cap here is 100 × the file's size (under 25 MB of XML), where exceljs held every string of the 210 MB.
    expect(peakHeap - before.heapUsed).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('the read layer: the cap on what is inflated is a parameter', () => {
  const SHEET_HEAD =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Part Number</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>';

  it('a sheet declared as 1,000 bytes that inflates to 3 MB reads under a 400 MiB cap and is refused under a 1 MiB one', async () => {
    const parts = await partsOf(await excelOrderedXlsx([{ name: 'Parts', rows: [['Part Number']] }]));
    const sheet = await deflatedPart(
      'xl/worksheets/sheet1.xml',
      SHEET_HEAD,
      'P'.repeat(1000),
      3000,
      '</t></is></c></row></sheetData></worksheet>',
    );
    sheet.declaredSize = 1000;
    const source = bufferSource(zipOf(parts.map((p) => (p.name === sheet.name ? sheet : p))));
    expect(sheet.size).toBeGreaterThan(3_000_000);
    // The ratio set out of the way: only the absolute cap is tried.
    const roomy = { maxUnpackedBytes: 400 * 1024 * 1024, maxUnpackRatio: 1e6 };
    const tight = { maxUnpackedBytes: 1024 * 1024, maxUnpackRatio: 1e6 };
    expect(await sniff(source, tight)).toBe('xlsx');
    const table = await openTable(source, 'xlsx', undefined, roomy);
    const lengths: number[] = [];
    for await (const row of table.rows) lengths.push(row.cells[0]?.length ?? 0);
    expect(lengths).toEqual([3_000_000]);
    const refused = await (async () => {
      const t = await openTable(source, 'xlsx', undefined, tight);
      for await (const _ of t.rows);
    })().then(
      () => 'read',
      (error: unknown) => (error instanceof FileRefusal ? error.message : String(error)),
    );
    expect(refused).toBe(IMPORT_ZIP_BOMB);
  });
});

/** This process's temporary files of the `tmp` package (exceljs's): tmp-<pid>-… in the system's temp dir. */
function ourTempFiles(): string[] {
  const dir = realpathSync(tmpdir());
  return readdirSync(dir)
    .filter((name) => name.startsWith(`tmp-${process.pid}-`))
    .map((name) => `${dir}/${name}`);
}

/**
 * This process's open descriptors: how many, how many besides sockets (a database pool may open or
 * close a connection meanwhile), and those open on a file in the temp dir.
 */
function openDescriptors(): { count: number; notSockets: number; onTempFiles: string[] } {
  const dir = realpathSync(tmpdir());
  const targets = readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return []; // the descriptor readdir itself used, closed by now
    }
  });
  return {
    count: targets.length,
    notSockets: targets.filter((t) => !t.startsWith('socket:')).length,
    onTempFiles: targets.filter((t) => t.startsWith(`${dir}/tmp-`)),
  };
}

describe('Excel-ordered workbooks (every worksheet before the shared strings)', () => {
  /** Upload, sheet change, dry run and import of a two-sheet workbook. */
  async function throughEveryRead(i: number): Promise<void> {
    const rows = (sheet: string) => [
      ['Part Number', 'Description'],
      [unique(`PN-${sheet}${i}-`), `Sheet ${sheet}`],
    ];
    const file = await excelOrderedXlsx([
      { name: 'First', rows: rows('A') },
      { name: 'Second', rows: rows('B') },
    ]);
    const job = await calls.uploaded('partNumbers', `excel ${i}.xlsx`, file);
    const second = json<ImportJob>(await calls.call('POST', `/api/imports/${job.id}/sheet`, { sheet: 'Second' }));
    expect(second.sheet).toBe('Second');
    expect((await calls.dryRun(second)).counts.new).toBe(1);
    expect((await calls.imported(job.id)).status).toBe('imported');
  }

  it('30 go through upload, sheet change, dry run and import leaving no temp file and no open handle', { timeout: 300_000 }, async () => {
    await throughEveryRead(0); // the pools and caches of a first call, before the baseline
    const baseline = openDescriptors();
    const tempBefore = ourTempFiles();
    for (let i = 1; i <= 30; i++) await throughEveryRead(i);
    const after = openDescriptors();
    console.info(
      `open descriptors: ${baseline.count} (${baseline.notSockets} not sockets) before 30 workbooks, ${after.count} (${after.notSockets}) after; temp files left: ${ourTempFiles().length - tempBefore.length}`,
    );
    expect(ourTempFiles()).toEqual(tempBefore);
    expect(after.onTempFiles).toEqual(baseline.onTempFiles);
    expect(after.notSockets).toBeLessThanOrEqual(baseline.notSockets);
  });
});

describe('a CSV record past its bounds', () => {
  it('a header of 1,000,000 cells is a 400 on file, not stored', { timeout: 120_000 }, async () => {
    // One character a cell: the file stays 2 MB (storing an upload on the embedded database costs seconds a megabyte).
    await expectRefused('wide.csv', Buffer.from(`Part Number${',x'.repeat(999_999)}\r\nP1\r\n`), IMPORT_TOO_MANY_COLUMNS);
    await expectRefused('commas.csv', Buffer.from(`Part Number${','.repeat(999_999)}\r\nP1\r\n`), IMPORT_TOO_MANY_COLUMNS);
  });

  it('a header longer than the record cap is a 400 on file; separators inside quotes are not columns', async () => {
    await expectRefused(
      'long.csv',
      Buffer.from(`Part Number,Description ${'x'.repeat(MAX_IMPORT_RECORD_CHARS)}\r\nP1\r\n`),
      IMPORT_RECORD_TOO_LONG,
    );
    const quoted = `"${','.repeat(1500)}"`;
    const job = await calls.uploaded(
      'partNumbers',
      'quoted.csv',
      Buffer.from(`Part Number,Description\r\n${unique('PN-Q')},${quoted}\r\n`),
    );
    expect((await calls.dryRun(job)).counts.new).toBe(1);
  });
});

describe('a character reference XML forbids', () => {
  const workbook = () => excelOrderedXlsx([{ name: 'Parts', rows: [['Part Number'], ['MARK']] }]);

  it.each(['&#xFFFFFF;', '&#0;', '&#xD800;', '&#99999999999;'])(
    '%s in a cell, an inline cell or a sheet name is a 400 on file',
    async (reference) => {
      const parts = await partsOf(await workbook());
      const inShared = await edited(parts, 'xl/sharedStrings.xml', (xml) => xml.replace('MARK', `MA${reference}RK`));
      await expectRefused('shared.xlsx', zipOf(inShared), IMPORT_UNREADABLE);
      const inline = await edited(parts, 'xl/worksheets/sheet1.xml', (xml) =>
        xml.replace(/<c r="A2"[^]*?<\/c>/, `<c r="A2" t="inlineStr"><is><t>A${reference}</t></is></c>`),
      );
      await expectRefused('inline.xlsx', zipOf(inline), IMPORT_UNREADABLE);
      const inName = await edited(parts, 'xl/workbook.xml', (xml) => xml.replace('name="Parts"', `name="Parts${reference}"`));
      await expectRefused('name.xlsx', zipOf(inName), IMPORT_UNREADABLE);
    },
  );
});
