/**
 * The downloads measured to the last byte: the end-of-day CSV (with the server's peak RSS during
 * each), a 1,000-line note's PDF and CSV, and one PDF of 500 LB tags.
 */
import fs from 'node:fs';
import { CSV_DAY } from '../generators';
import { LB_TAGS } from '../endpoints';
import { log } from './cleanup';
import { getJson } from './http-client';
import type { BenchDatabase } from './database';
import type { ServerProcess } from './server-process';

export interface CsvRun {
  kind: CsvRunKind;
  seconds: number;
  rows: number;
  bytes: number;
  peakRssMb: number;
  /** The server's resident memory as the download began: the part of the peak that was there before. */
  startRssMb: number;
}

export interface DocumentRun {
  format: 'pdf' | 'csv';
  seconds: number;
  bytes: number;
}

export interface TimedRun {
  seconds: number;
  bytes: number;
}

/**
 * Forgets a process's peak resident memory (Linux: 5 → clear_refs resets VmHWM to the current RSS),
 * so the next peakRssMb is the peak of what ran after this — the CSV's own, not the list load's.
 */
export function resetPeakRss(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the whole life of the server (pessimistic).
  }
}

/** A process's resident memory as Linux's /proc/<pid>/status gives `field`, MB; NaN where /proc is not there. */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Peak resident memory of a process so far (VmHWM), MB. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** Resident memory of a process now (VmRSS), MB: what a download's peak started from. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

const since = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/**
 * What a download of the end-of-day CSV did: marked the day exported with the server and the
 * database cold, marked it again warm (its marks removed first), or found it exported already.
 */
export type CsvRunKind = 'marks, cold' | 'marks, warm' | 'exported already';

/**
 * The end-of-day CSV of CSV_DAY, downloaded to the last byte, each body's lines counted as it
 * arrives. The first download marks the day exported, but it also reads the day's rows into
 * PostgreSQL's cache and warms the server's JIT, so it is no measure of what marking costs. Where
 * the bench may write beside the server (PostgreSQL), the marks it made are removed and the day is
 * downloaded again, warm: that is the marking download set against the two that follow, which find
 * the day exported already (docs/decisions/288).
 */
export async function measureCsv(server: ServerProcess, token: string, database: BenchDatabase): Promise<CsvRun[]> {
  const runs: CsvRun[] = [];
  if (database.concurrent) {
    await database.connect();
    try {
      const { at } = (await database.run('select now() as at')).rows[0] as { at: Date };
      runs.push(await downloadCsv(server, token, 'marks, cold'));
      await database.run('delete from receipt_exports where exported_at >= $1', [at]);
    } finally {
      await database.disconnect();
    }
    runs.push(await downloadCsv(server, token, 'marks, warm'));
  } else {
    runs.push(await downloadCsv(server, token, 'marks, cold'));
  }
  for (let i = 0; i < 2; i++) runs.push(await downloadCsv(server, token, 'exported already'));
  return runs;
}

async function downloadCsv(server: ServerProcess, token: string, kind: CsvRunKind): Promise<CsvRun> {
  resetPeakRss(server.pid);
  const startRssMb = rssMb(server.pid);
  const started = process.hrtime.bigint();
  const res = await fetch(`${server.base}/api/end_of_day_sheet_csv?receiptDate=${CSV_DAY}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`the CSV answered ${res.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const run = { kind, seconds: since(started), rows: lines - 1, bytes, peakRssMb: peakRssMb(server.pid), startRssMb };
  log(
    `  end-of-day CSV (${kind}): ${run.rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${run.seconds.toFixed(2)} s, server peak RSS ${run.peakRssMb.toFixed(0)} MB`,
  );
  return run;
}

/**
 * The PDF and the CSV of the 1,000-line note, each downloaded once untimed (the first use loads
 * pdfkit, reads the fonts and warms the JIT, as the lists are warmed), then five times timed.
 */
export async function measureDocuments(server: ServerProcess, token: string, noteId: string | undefined): Promise<DocumentRun[]> {
  const runs: DocumentRun[] = [];
  if (noteId === undefined) {
    log('  delivery documents: no 1,000-line note in this database, not measured');
    return runs;
  }
  for (const format of ['pdf', 'csv'] as const) {
    const download = () =>
      fetch(`${server.base}/api/deliveries/${noteId}/download/${format}`, { headers: { authorization: `Bearer ${token}` } });
    await (await download()).arrayBuffer();
    for (let i = 0; i < 5; i++) {
      const started = process.hrtime.bigint();
      const res = await download();
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`the ${format} answered ${res.status}`);
      runs.push({ format, seconds: since(started), bytes });
    }
    const last = runs.at(-1);
    if (last) log(`  delivery ${format} of note ${noteId}: ${(last.bytes / 1e3).toFixed(0)} kB in ${last.seconds.toFixed(2)} s`);
  }
  return runs;
}

/**
 * POST /api/receipts/lb_tags.pdf with 500 receipts' ids (2 × 1 in, 203 dpi): once untimed, then five
 * times timed to the last byte — the PDF and the 500 history entries it writes.
 */
export async function measureLbTags(server: ServerProcess, token: string): Promise<TimedRun[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < LB_TAGS.count; page++) {
    const list = await getJson<{ items: { id: string }[] }>(server.base, `/api/receipts?perPage=100&page=${page}`, token);
    if (list.items.length === 0) break;
    ids.push(...list.items.map((r) => r.id));
  }
  const runs: TimedRun[] = [];
  if (ids.length < LB_TAGS.count) {
    log(`  LB tags: only ${ids.length} receipts in this database, not measured`);
    return runs;
  }
  const body = JSON.stringify({ ids: ids.slice(0, LB_TAGS.count), preset: '2x1in-203dpi' });
  const post = () =>
    fetch(`${server.base}/api/receipts/lb_tags.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
  await (await post()).arrayBuffer();
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    const res = await post();
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`the LB tags answered ${res.status}`);
    runs.push({ seconds: since(started), bytes });
  }
  const last = runs.at(-1);
  if (last) log(`  ${LB_TAGS.count} LB tags: ${(last.bytes / 1e3).toFixed(0)} kB in ${last.seconds.toFixed(2)} s`);
  return runs;
}
