/**
 * The import measured (docs/decisions/258): a generated CSV of IMPORT_BUDGET.rows receipts — one in
 * four with a serial the hub does not know, so its cooler is created — on the bench's own customer
 * accounts, suppliers, collection points and part numbers; uploaded, dry-run and imported through the
 * API as a person would, with the server's peak RSS, while Master Data's first page is read one
 * request at a time to see what the import costs the lists.
 */
import { IMPORT_BUDGET } from '../endpoints';
import { type DataSize, serialOf } from '../generators';
import { log } from './cleanup';
import { get, getJson, percentile } from './http-client';
import { peakRssMb, resetPeakRss, rssMb } from './downloads';
import type { ServerProcess } from './server-process';

export interface ImportRun {
  rows: number;
  bytes: number;
  dryRunSeconds: number;
  importSeconds: number;
  peakRssMb: number;
  /** The server's resident memory as the dry run began: the part of the peak that was there before. */
  startRssMb: number;
  counts: { new: number; updated: number; unchanged: number; refused: number };
  /** Master Data's first page while the import ran: p95 ms and how many requests. */
  listP95Ms: number;
  listRequests: number;
}

interface Job {
  id: string;
  status: string;
  mapping: Record<string, number | null>;
  counts: ImportRun['counts'];
  rowsDone: number;
  error: string | null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The file: LB numbers no generated receipt has (LB5, a tag, 8 digits), a new serial every fourth row.
 * The tag differs per run, so a kept database (BENCH_REUSE) imports new rows again.
 */
export function importFile(size: DataSize, rows = IMPORT_BUDGET.rows, tag = pad(Date.now() % 1000, 3)): string {
  const lines = [
    'LB Number;Receipt Date;Serial Number;Part Number;DOM;Account;Supplier;Collection Point;Engineer Number;Process Option;Process State;Scrap Reason;Notes',
  ];
  for (let i = 0; i < rows; i++) {
    const serial = i % 4 === 0 ? `IMP${tag}${pad(i, 8)}` : serialOf(1 + (i % size.coolers));
    const option = i % 10 < 6 ? 'X' : i % 10 < 9 ? 'D' : 'S';
    const state = option === 'D' ? `D${1 + (i % 5)}` : '';
    const reason = option === 'S' || state === 'D5' ? String(1001 + (i % 100)) : '';
    const engineer = i % 3 === 0;
    lines.push(
      [
        `LB5${tag}${pad(i, 8)}`,
        `${pad(1 + (i % 28), 2)}/${pad(1 + (i % 12), 2)}/2025 ${pad(8 + (i % 9), 2)}:${pad(i % 60, 2)}`,
        serial,
        // The generated part numbers FR-00006-SD, FR-00012-SD, … (every sixth).
        `FR-${pad(6 * (1 + (i % 800)), 5)}-SD`,
        '14/06/2019',
        `Bench Account ${pad(1 + (i % 2000), 4)}`,
        `Bench Supplier ${pad(1 + (i % 50), 2)}`,
        engineer ? '' : `Bench Point ${pad(1 + (i % 1000), 4)}`,
        engineer ? `ENG${pad(i % 5000, 4)}` : '',
        option,
        state,
        reason,
        i % 7 === 0 ? `Imported from the old sheet, row ${i + 2}` : '',
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const since = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

async function post(base: string, token: string, url: string, body?: unknown): Promise<Job> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 202) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Job;
}

/** Polls the import until its run ends; meanwhile `during` runs once per poll. */
async function settled(server: ServerProcess, token: string, id: string, during: () => Promise<void>): Promise<Job> {
  for (;;) {
    await during();
    const job = await getJson<Job>(server.base, `/api/imports/${id}`, token);
    if (job.status !== 'checking' && job.status !== 'importing') return job;
  }
}

export async function measureImport(server: ServerProcess, token: string, size: DataSize): Promise<ImportRun> {
  const text = importFile(size);
  const form = new FormData();
  form.append('kind', 'receipts');
  form.append('file', new Blob([text], { type: 'text/csv' }), 'bench-receipts.csv');
  const uploaded = await fetch(`${server.base}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`the upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const job = (await uploaded.json()) as Job;
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 200));

  resetPeakRss(server.pid);
  const startRssMb = rssMb(server.pid);
  let started = process.hrtime.bigint();
  await post(server.base, token, `/api/imports/${job.id}/dry_run`, { mapping: job.mapping });
  const checked = await settled(server, token, job.id, pause);
  const dryRunSeconds = since(started);
  if (checked.status !== 'checked') throw new Error(`the dry run ended ${checked.status}: ${checked.error ?? ''}`);
  log(`  import dry run: ${IMPORT_BUDGET.rows} rows in ${dryRunSeconds.toFixed(1)} s — ${JSON.stringify(checked.counts)}`);

  const listTimes: number[] = [];
  started = process.hrtime.bigint();
  await post(server.base, token, `/api/imports/${job.id}/import`);
  const imported = await settled(server, token, job.id, async () => {
    for (let i = 0; i < 5; i++) listTimes.push((await get(server.base, '/api/receipts?page=1', token)).ms);
  });
  const importSeconds = since(started);
  if (imported.status !== 'imported') throw new Error(`the import ended ${imported.status}: ${imported.error ?? ''}`);
  const run: ImportRun = {
    rows: IMPORT_BUDGET.rows,
    bytes: Buffer.byteLength(text),
    dryRunSeconds,
    importSeconds,
    peakRssMb: peakRssMb(server.pid),
    startRssMb,
    counts: imported.counts,
    listP95Ms: percentile(
      [...listTimes].sort((a, b) => a - b),
      95,
    ),
    listRequests: listTimes.length,
  };
  log(
    `  import: ${importSeconds.toFixed(1)} s, peak RSS ${run.peakRssMb.toFixed(0)} MB, Master Data p95 ${run.listP95Ms.toFixed(1)} ms over ${run.listRequests} requests meanwhile`,
  );
  return run;
}
