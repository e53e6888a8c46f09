/**
 * What a run prints on stdout: the machine and the data, then each call's figures and its verdict
 * against its budget — which budget, by how much (docs/decisions/238). Each `print…` returns the
 * number of budgets missed.
 */
import type { BenchConfig } from './config';
import type { DataSize } from './generators';
import {
  CSV_BUDGET,
  csvSecondsBudget,
  IMPORT_BUDGET,
  LB_TAGS,
  LIST_BUDGET,
  PDF_BUDGET_SECONDS,
  type CallBudget,
  type Endpoint,
} from './endpoints';
import type { CsvRun, DocumentRun, TimedRun } from './harness/downloads';
import type { Filled } from './harness/fill';
import type { ImportRun } from './harness/imports';
import type { Load } from './harness/http-client';
import type { Machine } from './harness/machine';
import type { Captured } from './harness/sql-replay';

export interface Measured extends Endpoint, Captured {
  load: Load;
  /** Median ms of one request at a time. */
  single: number;
  /** Median ms of the same statements run directly. */
  sql: number;
}

export interface SizeResult {
  size: DataSize;
  kind: 'PostgreSQL' | 'PGlite';
  fillMs: number | undefined;
  measured: Measured[];
  csv: CsvRun[];
  /** The HTTP floor measured in this run, ms. */
  floor: number;
  /** Budgets missed at this size. */
  missed: number;
  /** The misses count for the exit status: PostgreSQL, with no more receipts than the budgets are set for. */
  checked: boolean;
}

const n = (value: number) => value.toLocaleString('en-GB');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function printMachine(machine: Machine, config: BenchConfig): void {
  console.log('');
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGb.toFixed(1)} GB; ` +
      `Node ${machine.node}; ${machine.database}`,
  );
  console.log(
    `Load average at start ${machine.loadAverage.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min); ` +
      `CPU busy over the 2 s before: ${Math.round(machine.busyBefore * 100)} %` +
      (machine.loadAverage[0]! > machine.cores / 2 || machine.busyBefore > 0.2
        ? ' — other work shares these cores: every figure below is pessimistic.'
        : ' (quiet).'),
  );
  console.log(`Load: ${config.connections} connections × ${config.seconds} s per call, then one request at a time.`);
}

export function printData(size: DataSize, filled: Filled, kind: string): void {
  const c = filled.counts;
  console.log(
    `Data (${kind}): ${n(c.receipts ?? 0)} receipts (${n(c.receipt_exports ?? 0)} exported, ${n(filled.csvRows)} on the CSV day), ` +
      `${n(c.coolers ?? 0)} coolers, ${n(c.deliveries ?? 0)} delivery notes with ${n(c.delivery_lines ?? 0)} lines, ${n(c.users ?? 0)} users` +
      (filled.bytes === undefined ? '' : `; ${mb(filled.bytes)} on disk`),
  );
  if (filled.fillMs === undefined) console.log('Filled: earlier (BENCH_REUSE), not timed in this run.');
  else {
    const slowest = [...filled.steps].sort((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(
      `Filled in ${seconds(filled.fillMs)} (${slowest.map((s) => `${s.table} ${seconds(s.ms)}`).join(', ')}; ` +
        `asked for ${n(size.receipts)} receipts).`,
    );
  }
}

/** The budgets one call missed, each with how far. */
function listMisses(e: Measured, floor: number): string[] {
  const b = e.budget;
  const added = e.single - floor - e.sql;
  const ratio = (e.single - floor) / e.sql;
  const missed: string[] = [];
  if (e.load.p95 > b.p95Ms) missed.push(`p95 ${e.load.p95.toFixed(0)} > ${b.p95Ms} ms (×${(e.load.p95 / b.p95Ms).toFixed(1)})`);
  if (b.minRps !== undefined && e.load.rps < b.minRps)
    missed.push(`${e.load.rps.toFixed(0)} < ${b.minRps} req/s (${((1 - e.load.rps / b.minRps) * 100).toFixed(0)} % short)`);
  if (b.maxRatio !== undefined && b.maxAddedMs !== undefined && ratio > b.maxRatio && added > b.maxAddedMs) {
    missed.push(`adds ${added.toFixed(2)} ms = ${ratio.toFixed(2)}× SQL (> ${b.maxRatio}× and > ${b.maxAddedMs} ms)`);
  }
  if (e.load.failures > 0) missed.push(`${e.load.failures} failed requests`);
  return missed;
}

/** The margin of a call within budget: the closest of its budgets. */
function listMargin(e: Measured, floor: number): string {
  const b = e.budget;
  const added = e.single - floor - e.sql;
  return (
    `ok: p95 ${((e.load.p95 / b.p95Ms) * 100).toFixed(0)} % of ${b.p95Ms} ms` +
    (b.minRps === undefined ? '' : `, ${(e.load.rps / b.minRps).toFixed(1)}× ${b.minRps} req/s`) +
    (b.maxRatio === undefined ? '' : `, adds ${Math.max(0, added).toFixed(2)} ms`)
  );
}

function table(columns: string[], rows: Record<string, string>[], left: string[]): void {
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length))]));
  const line = (r: Record<string, string>) =>
    columns
      .map((c) => (left.includes(c) ? (r[c] ?? '').padEnd(width[c] ?? 0) : (r[c] ?? '').padStart(width[c] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  console.log(columns.map((c) => '-'.repeat(width[c] ?? 0)).join('  '));
  for (const r of rows) console.log(line(r));
}

export function printListCalls(measured: Measured[], floor: number): number {
  console.log('');
  console.log(
    `List calls; budgets: p95 ≤ ${LIST_BUDGET.p95Ms} ms, ≥ ${LIST_BUDGET.minRps} req/s, ` +
      `the server adds ≤ ${LIST_BUDGET.maxRatio}× its SQL or ≤ ${LIST_BUDGET.maxAddedMs} ms (net of the HTTP floor)`,
  );
  const others = measured.filter((e) => e.budget !== LIST_BUDGET);
  const described = (b: CallBudget) => [`p95 ≤ ${b.p95Ms} ms`, ...(b.minRps === undefined ? [] : [`≥ ${b.minRps} req/s`])].join(', ');
  if (others.length > 0)
    console.log(`Other calls: ${[...new Set(others.map((e) => `${e.name.split(',')[0]} ${described(e.budget)}`))].join('; ')}.`);
  console.log('total: the rows the call finds (its totalCount).');
  console.log('p50/p95/p99: ms under load. call ms: median of one request at a time. SQL ms: median of the same statements run directly.');
  console.log(`ratio: (call ms − ${floor.toFixed(2)} ms HTTP floor) / SQL ms; raw ratio: call ms / SQL ms.`);
  console.log('');
  let missed = 0;
  const rows = measured.map((e) => {
    const misses = listMisses(e, floor);
    missed += misses.length;
    return {
      endpoint: e.name,
      total: e.total === undefined ? '—' : n(e.total),
      p50: e.load.p50.toFixed(1),
      p95: e.load.p95.toFixed(1),
      p99: e.load.p99.toFixed(1),
      'req/s': e.load.rps.toFixed(0),
      'call ms': e.single.toFixed(2),
      'SQL ms': e.sql.toFixed(2),
      stmts: String(e.statements.length),
      'raw ratio': (e.single / e.sql).toFixed(2),
      ratio: ((e.single - floor) / e.sql).toFixed(2),
      verdict: misses.length ? `MISSED: ${misses.join('; ')}` : listMargin(e, floor),
    };
  });
  table(['endpoint', 'total', 'p50', 'p95', 'p99', 'req/s', 'call ms', 'SQL ms', 'stmts', 'raw ratio', 'ratio', 'verdict'], rows, [
    'endpoint',
    'verdict',
  ]);
  const broken = rows.filter((r) => r.verdict.startsWith('MISSED')).length;
  console.log('');
  console.log(broken ? `${broken} of ${rows.length} calls miss a budget.` : `All ${rows.length} calls are within budget.`);
  return missed;
}

export function printCsv(runs: CsvRun[], csvRows: number): number {
  if (runs.length === 0) return 0;
  const budget = csvSecondsBudget(csvRows);
  console.log('');
  console.log(
    `End-of-day CSV of ${n(csvRows)} receipts; budget ≤ ${budget.toFixed(0)} s at ≤ ${CSV_BUDGET.rssMb} MB peak RSS of the server, every time:`,
  );
  let missed = 0;
  for (const [i, r] of runs.entries()) {
    const over: string[] = [];
    if (r.rows !== csvRows) over.push(`${n(r.rows)} rows, not ${n(csvRows)}`);
    if (r.seconds > budget) over.push(`${r.seconds.toFixed(2)} > ${budget.toFixed(0)} s (×${(r.seconds / budget).toFixed(2)})`);
    if (r.peakRssMb > CSV_BUDGET.rssMb)
      over.push(`peak RSS ${r.peakRssMb.toFixed(0)} > ${CSV_BUDGET.rssMb} MB (+${(r.peakRssMb - CSV_BUDGET.rssMb).toFixed(0)} MB)`);
    missed += over.length;
    console.log(
      `  ${i === 0 ? 'first (marks the day exported)' : 'again (exported already)      '}: ${n(r.rows)} rows, ${(r.bytes / 1e6).toFixed(1)} MB, ` +
        `${r.seconds.toFixed(2)} s, peak RSS ${r.peakRssMb.toFixed(0)} MB — ` +
        (over.length
          ? `MISSED: ${over.join('; ')}`
          : `ok: ${((r.seconds / budget) * 100).toFixed(0)} % of the time, ${((r.peakRssMb / CSV_BUDGET.rssMb) * 100).toFixed(0)} % of the memory`),
    );
  }
  return missed;
}

export function printDocuments(runs: DocumentRun[]): number {
  if (runs.length === 0) return 0;
  console.log('');
  console.log(`Delivery documents of the 1,000-line note; budget: the PDF in ≤ ${PDF_BUDGET_SECONDS} s (the CSV has none):`);
  let missed = 0;
  for (const format of ['pdf', 'csv'] as const) {
    const own = runs.filter((r) => r.format === format);
    const worst = Math.max(...own.map((r) => r.seconds));
    const broken = format === 'pdf' && worst > PDF_BUDGET_SECONDS;
    if (broken) missed += 1;
    console.log(
      `  ${format}: ${own.map((r) => r.seconds.toFixed(2)).join(' / ')} s, ${((own[0]?.bytes ?? 0) / 1e3).toFixed(0)} kB — ` +
        (broken
          ? `MISSED: worst ${worst.toFixed(2)} > ${PDF_BUDGET_SECONDS} s (×${(worst / PDF_BUDGET_SECONDS).toFixed(1)})`
          : format === 'pdf'
            ? `ok: worst ${((worst / PDF_BUDGET_SECONDS) * 100).toFixed(0)} % of the budget`
            : 'for information'),
    );
  }
  return missed;
}

export function printLbTags(runs: TimedRun[]): number {
  if (runs.length === 0) return 0;
  const worst = Math.max(...runs.map((r) => r.seconds));
  const broken = worst > LB_TAGS.seconds;
  console.log('');
  console.log(`${LB_TAGS.count} LB tags in one PDF; budget ≤ ${LB_TAGS.seconds} s:`);
  console.log(
    `  pdf: ${runs.map((r) => r.seconds.toFixed(2)).join(' / ')} s, ${((runs[0]?.bytes ?? 0) / 1e3).toFixed(0)} kB — ` +
      (broken
        ? `MISSED: worst ${worst.toFixed(2)} > ${LB_TAGS.seconds} s (×${(worst / LB_TAGS.seconds).toFixed(1)})`
        : `ok: worst ${((worst / LB_TAGS.seconds) * 100).toFixed(0)} % of the budget`),
  );
  return broken ? 1 : 0;
}

export function printImport(run: ImportRun | undefined): number {
  if (!run) return 0;
  const b = IMPORT_BUDGET;
  console.log('');
  console.log(
    `Import of ${n(run.rows)} receipts (${(run.bytes / 1e6).toFixed(1)} MB CSV, ${n(b.newCoolers)} new coolers); budgets: dry run ≤ ${b.dryRunSeconds} s, ` +
      `import ≤ ${b.importSeconds} s, peak RSS ≤ ${b.rssMb} MB, Master Data page 1 p95 ≤ ${b.listP95Ms} ms meanwhile:`,
  );
  const checks: [string, number, number, string][] = [
    ['dry run', run.dryRunSeconds, b.dryRunSeconds, 's'],
    ['import', run.importSeconds, b.importSeconds, 's'],
    ['peak RSS of the server', run.peakRssMb, b.rssMb, 'MB'],
    [`Master Data page 1 p95 (${run.listRequests} requests during the import)`, run.listP95Ms, b.listP95Ms, 'ms'],
  ];
  let missed = 0;
  for (const [what, value, budget, unit] of checks) {
    const broken = value > budget;
    if (broken) missed += 1;
    console.log(
      `  ${what}: ${value.toFixed(1)} ${unit} — ${broken ? `MISSED: > ${budget} ${unit} (×${(value / budget).toFixed(2)})` : `ok: ${((value / budget) * 100).toFixed(0)} % of the budget`}`,
    );
  }
  console.log(
    `  counts: ${n(run.counts.new)} new, ${n(run.counts.updated)} updated, ${n(run.counts.unchanged)} unchanged, ${n(run.counts.refused)} refused`,
  );
  return missed;
}

/** BENCH_SCALE: one table, a column pair per size, for the scaling rows and the CSV. */
export function printScaleTable(results: SizeResult[]): void {
  console.log('');
  console.log('Scaling: p95 ms / req/s under load per data size (* = a budget missed at that size); CSV: first download s / peak RSS MB.');
  const heads = results.map((r) => `${n(r.size.receipts)} receipts`);
  const keys = [...new Set(results.flatMap((r) => r.measured.filter((e) => e.scale).map((e) => e.key)))];
  const rows: Record<string, string>[] = [];
  rows.push({
    call: 'fill time',
    ...Object.fromEntries(results.map((r, i) => [heads[i] ?? '', r.fillMs === undefined ? '—' : seconds(r.fillMs)])),
  });
  for (const key of keys) {
    const row: Record<string, string> = { call: key };
    results.forEach((r, i) => {
      const e = r.measured.find((m) => m.key === key);
      row[heads[i] ?? ''] = e ? `${e.load.p95.toFixed(1)} / ${e.load.rps.toFixed(0)}${listMisses(e, r.floor).length ? ' *' : ''}` : '—';
    });
    rows.push(row);
  }
  const csvRow: Record<string, string> = { call: 'end-of-day CSV' };
  results.forEach((r, i) => {
    const first = r.csv[0];
    const broken = first && (first.seconds > csvSecondsBudget(r.size.csvRows) || r.csv.some((c) => c.peakRssMb > CSV_BUDGET.rssMb));
    csvRow[heads[i] ?? ''] = first
      ? `${n(r.size.csvRows)} rows ${first.seconds.toFixed(2)} s / ${Math.max(...r.csv.map((c) => c.peakRssMb)).toFixed(0)} MB${broken ? ' *' : ''}`
      : '—';
  });
  rows.push(csvRow);
  console.log('');
  table(['call', ...heads], rows, ['call']);
}
