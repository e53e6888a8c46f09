/**
 * What a run prints on stdout: the machine and the data, the floors, then each call's figures and its
 * verdict against its budgets — which budget, by how much (docs/decisions/238). The budgets that fail
 * a run are ratios to the floors of the same run, memory, and answers (docs/decisions/284); the
 * absolute times and rates are printed for information. Each `print…` returns the number of budgets
 * missed.
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
import type { CsvRun, CsvRunKind, DocumentRun, TimedRun } from './harness/downloads';
import type { Filled } from './harness/fill';
import type { ImportRun } from './harness/imports';
import { FLOOR_STATEMENT } from './harness/database-floor';
import { FLOOR_PATH, type Floors, floorFigures } from './harness/floors';
import type { Load } from './harness/http-client';
import type { Machine } from './harness/machine';
import type { Captured } from './harness/sql-replay';
import { absoluteMisses, judge, margin } from './ratios';

export interface Measured extends Endpoint, Captured {
  load: Load;
  /** Median ms of one request at a time. */
  single: number;
  /** The no-op's req/s under the same load just before and after the call's, the higher (docs/decisions/289). */
  floorRps: number;
  /** Median ms of the no-op one at a time, measured in turn with `single` (docs/decisions/288). */
  floorSingle: number;
  /** Median ms of its own statements (`statements`: the no-op's left out) run directly, in turn with `single` on PostgreSQL. */
  sql: number;
  /** Calls a second of those statements run directly under the calls' load (NaN: not measured). */
  sqlRps: number;
}

export interface SizeResult {
  size: DataSize;
  kind: 'PostgreSQL' | 'PGlite';
  fillMs: number | undefined;
  measured: Measured[];
  csv: CsvRun[];
  /** The floors measured in this run. */
  floors: Floors;
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

/** The HTTP and database floors of this run, each measurement, and the figures the verdicts use. */
export function printFloors(floors: Floors, config: BenchConfig): void {
  const f = floorFigures(floors);
  console.log('');
  console.log('Floors, measured in this run before and after the calls (docs/decisions/284); each verdict uses the stricter:');
  console.log(
    `  HTTP floor: GET ${FLOOR_PATH}, a list call whose handler does nothing (the guard and its user lookup, the query's zod ` +
      `schema, the compiled serializer); its ${floors.statements.length} statement${floors.statements.length === 1 ? '' : 's'} ` +
      `${Number.isNaN(floors.sql) ? '' : `${floors.sql.toFixed(2)} ms `}run directly; transport alone (a bare Node server) ${floors.transport.toFixed(2)} ms.`,
  );
  for (const [i, run] of floors.http.entries()) {
    console.log(
      `    ${i === 0 ? 'before' : 'after '}: ${n(Math.round(run.load.rps))} req/s at ${config.connections} connections ` +
        `(p50 ${run.load.p50.toFixed(1)}, p95 ${run.load.p95.toFixed(1)} ms), ${run.single.toFixed(2)} ms one at a time`,
    );
  }
  console.log(
    `    the stricter: ${n(Math.round(f.rps))} req/s; each call's share is of the no-op's load run beside it (floor/s below), ` +
      'its time one at a time net of the no-op measured in turn with it (floor ms below).',
  );
  console.log(`  Database floor: \`${FLOOR_STATEMENT}\` with a random id, prepared, from the bench, no server:`);
  for (const [i, d] of floors.database.entries()) {
    console.log(
      `    ${floors.database.length === 1 ? 'once  ' : i === 0 ? 'before' : 'after '}: ${n(Math.round(d.rps))} reads/s at ${d.connections} ` +
        `connection${d.connections === 1 ? '' : 's'} (p50 ${d.p50.toFixed(2)}, p95 ${d.p95.toFixed(2)} ms), ${d.single.toFixed(3)} ms one at a time`,
    );
  }
  console.log(`    judged against: ${n(Math.round(f.dbRps))} reads/s and ${f.dbMs.toFixed(3)} ms.`);
}

/** A measured call with its verdict against the floors. */
const judged = (e: Measured, floors: Floors) => judge({ ...e, statements: e.statements.length }, floorFigures(floors));

export function printListCalls(measured: Measured[], floors: Floors): number {
  const f = floorFigures(floors);
  console.log('');
  console.log(
    `List calls; budgets (ratios to this run's floors): req/s ≥ ${LIST_BUDGET.minShare} of the no-op's; the server adds ≤ ` +
      `${LIST_BUDGET.maxRatio}× its SQL or ≤ ${LIST_BUDGET.maxAddedOfFloor}× the no-op's own time (floor ms), net of that no-op.`,
  );
  const others = measured.filter((e) => e.budget !== LIST_BUDGET);
  const described = (b: CallBudget) =>
    [
      ...(b.minShare === undefined ? [] : [`share ≥ ${b.minShare.toFixed(3)}`]),
      ...(b.maxRatio === undefined ? [] : [`≤ ${b.maxRatio}× SQL`]),
      `for information p95 ≤ ${b.info.p95Ms} ms`,
      ...(b.info.minRps === undefined ? [] : [`≥ ${b.info.minRps} req/s`]),
    ].join(', ');
  if (others.length > 0)
    console.log(`Other calls: ${[...new Set(others.map((e) => `${e.name.split(',')[0]} ${described(e.budget)}`))].join('; ')}.`);
  console.log('total: the rows the call finds (its totalCount).');
  console.log(
    "p50/p95/p99: ms under load; req/s: under load (both for information). floor/s: the no-op's req/s under the same load, " +
      "run just before and just after the call's, the higher (docs/decisions/289). share: req/s / floor/s.",
  );
  console.log(
    `call ms: median of one request at a time. SQL ms: median of its own statements run directly, in turn with the call on PostgreSQL (stmts: how many; the guard's ` +
      `user lookup is the floor's). reads: its SQL in database-floor reads (SQL ms / ${f.dbMs.toFixed(3)} ms).`,
  );
  console.log(
    'SQL/s: its own statements run directly under the same load (as many connections, no server): calls a second, ' +
      'what its SQL alone allows (docs/decisions/287).',
  );
  console.log(
    "floor ms: median of the no-op one at a time, its requests taking turns with the call's and with its SQL run directly, " +
      'so that a machine whose speed drifts moves all three together (docs/decisions/288). ratio: (call ms − floor ms) / SQL ms.',
  );
  console.log('');
  let missed = 0;
  let absolute = 0;
  let heldBySql = 0;
  const rows = measured.map((e) => {
    const j = judged(e, floors);
    missed += j.misses.length;
    if (j.heldBySql && j.misses.length === 0) heldBySql += 1;
    if (absoluteMisses(e).length > 0) absolute += 1;
    return {
      endpoint: e.name,
      total: e.total === undefined ? '—' : n(e.total),
      p50: e.load.p50.toFixed(1),
      p95: e.load.p95.toFixed(1),
      p99: e.load.p99.toFixed(1),
      'req/s': e.load.rps.toFixed(0),
      'floor/s': j.floorRps.toFixed(0),
      share: j.share.toFixed(2),
      'call ms': e.single.toFixed(2),
      'floor ms': j.floorMs.toFixed(2),
      'SQL ms': Number.isNaN(e.sql) ? '—' : e.sql.toFixed(2),
      stmts: String(e.statements.length),
      reads: Number.isNaN(e.sql) ? '—' : j.sqlReads.toFixed(1),
      'SQL/s': Number.isFinite(e.sqlRps) ? e.sqlRps.toFixed(0) : '—',
      ratio: Number.isFinite(j.ratio) ? j.ratio.toFixed(2) : '—',
      verdict: j.misses.length ? `MISSED: ${j.misses.join('; ')}` : margin({ ...e, statements: e.statements.length }, j),
    };
  });
  table(
    [
      'endpoint',
      'total',
      'p50',
      'p95',
      'p99',
      'req/s',
      'floor/s',
      'share',
      'call ms',
      'floor ms',
      'SQL ms',
      'stmts',
      'reads',
      'SQL/s',
      'ratio',
      'verdict',
    ],
    rows,
    ['endpoint', 'verdict'],
  );
  const broken = rows.filter((r) => r.verdict.startsWith('MISSED')).length;
  console.log('');
  console.log(
    broken ? `${broken} of ${rows.length} calls miss a ratio budget.` : `All ${rows.length} calls are within their ratio budgets.`,
  );
  if (heldBySql > 0) {
    console.log(
      `${heldBySql} calls pass below a fifth of the no-op because their SQL, with the server at its budget on top, allows less (held by their SQL), ` +
        `each at least its SQL-alone share over ${(1 + (LIST_BUDGET.maxRatio ?? 0)).toFixed(1)} (docs/decisions/285, 287).`,
    );
  }
  console.log(
    `For information, against the absolute budgets of before (a list p95 ≤ ${LIST_BUDGET.info.p95Ms} ms and ≥ ${LIST_BUDGET.info.minRps} req/s, ` +
      `the search's and the dashboard's own): ${absolute} of ${rows.length} calls would miss.`,
  );
  return missed;
}

/** "for information: 40 % of it" or "for information: over, ×1.30": an absolute budget, which fails nothing. */
const info = (value: number, budget: number) =>
  value > budget
    ? `for information: over, ×${(value / budget).toFixed(2)}`
    : `for information: ${((value / budget) * 100).toFixed(0)} % of it`;

const CSV_RUN_LABELS: Record<CsvRunKind, string> = {
  'marks, cold': 'first, cold (marks the day exported)',
  'marks, warm': 'warm, its marks removed (marks again)',
  'exported already': 'again (exported already)',
};
const CSV_LABEL_WIDTH = Math.max(...Object.values(CSV_RUN_LABELS).map((label) => label.length));

/** A download that marks nothing, against the warm one that marked (the cold one where there is none). */
function againstMarking(runs: CsvRun[], run: CsvRun): string {
  const marking = runs.find((r) => r.kind === 'marks, warm') ?? runs.find((r) => r.kind === 'marks, cold');
  return run.kind === 'exported already' && marking ? `, ${(marking.seconds / run.seconds).toFixed(2)}× shorter than the marking one` : '';
}

export function printCsv(runs: CsvRun[], csvRows: number): number {
  if (runs.length === 0) return 0;
  const budget = csvSecondsBudget(csvRows);
  console.log('');
  console.log(
    `End-of-day CSV of ${n(csvRows)} receipts; budget: every row, at ≤ ${CSV_BUDGET.rssMb} MB peak RSS of the server, every time ` +
      `(the time, ≤ ${budget.toFixed(0)} s, for information):`,
  );
  let missed = 0;
  for (const r of runs) {
    const over: string[] = [];
    if (r.rows !== csvRows) over.push(`${n(r.rows)} rows, not ${n(csvRows)}`);
    if (r.peakRssMb > CSV_BUDGET.rssMb)
      over.push(`peak RSS ${r.peakRssMb.toFixed(0)} > ${CSV_BUDGET.rssMb} MB (+${(r.peakRssMb - CSV_BUDGET.rssMb).toFixed(0)} MB)`);
    missed += over.length;
    console.log(
      `  ${CSV_RUN_LABELS[r.kind].padEnd(CSV_LABEL_WIDTH)}: ${n(r.rows)} rows, ${(r.bytes / 1e6).toFixed(1)} MB, ` +
        `${r.seconds.toFixed(2)} s${againstMarking(runs, r)}, peak RSS ${r.peakRssMb.toFixed(0)} MB (${r.startRssMb.toFixed(0)} at its start) — ` +
        (over.length ? `MISSED: ${over.join('; ')}` : `ok: ${((r.peakRssMb / CSV_BUDGET.rssMb) * 100).toFixed(0)} % of the memory`) +
        `; time ${info(r.seconds, budget)}`,
    );
  }
  return missed;
}

/** The documents have time budgets only: printed for information (docs/decisions/284); nothing here fails a run. */
export function printDocuments(runs: DocumentRun[]): number {
  if (runs.length === 0) return 0;
  console.log('');
  console.log(`Delivery documents of the 1,000-line note; for information: the PDF in ≤ ${PDF_BUDGET_SECONDS} s (the CSV has no budget):`);
  for (const format of ['pdf', 'csv'] as const) {
    const own = runs.filter((r) => r.format === format);
    const worst = Math.max(...own.map((r) => r.seconds));
    console.log(
      `  ${format}: ${own.map((r) => r.seconds.toFixed(2)).join(' / ')} s, ${((own[0]?.bytes ?? 0) / 1e3).toFixed(0)} kB` +
        (format === 'pdf' ? ` — worst ${info(worst, PDF_BUDGET_SECONDS)}` : ''),
    );
  }
  return 0;
}

/** A time budget only: printed for information (docs/decisions/284). */
export function printLbTags(runs: TimedRun[]): number {
  if (runs.length === 0) return 0;
  const worst = Math.max(...runs.map((r) => r.seconds));
  console.log('');
  console.log(`${LB_TAGS.count} LB tags in one PDF; for information: ≤ ${LB_TAGS.seconds} s:`);
  console.log(
    `  pdf: ${runs.map((r) => r.seconds.toFixed(2)).join(' / ')} s, ${((runs[0]?.bytes ?? 0) / 1e3).toFixed(0)} kB — worst ${info(worst, LB_TAGS.seconds)}`,
  );
  return 0;
}

export function printImport(run: ImportRun | undefined): number {
  if (!run) return 0;
  const b = IMPORT_BUDGET;
  console.log('');
  console.log(
    `Import of ${n(run.rows)} receipts (${(run.bytes / 1e6).toFixed(1)} MB CSV, ${n(b.newCoolers)} new coolers); budget: peak RSS ≤ ${b.rssMb} MB; ` +
      `for information: dry run ≤ ${b.dryRunSeconds} s, import ≤ ${b.importSeconds} s, Master Data page 1 p95 ≤ ${b.listP95Ms} ms meanwhile:`,
  );
  const checks: [string, number, number, string][] = [
    ['dry run', run.dryRunSeconds, b.dryRunSeconds, 's'],
    ['import', run.importSeconds, b.importSeconds, 's'],
    [`Master Data page 1 p95 (${run.listRequests} requests during the import)`, run.listP95Ms, b.listP95Ms, 'ms'],
  ];
  for (const [what, value, budget, unit] of checks) console.log(`  ${what}: ${value.toFixed(1)} ${unit} — ${info(value, budget)}`);
  const broken = run.peakRssMb > b.rssMb;
  console.log(
    `  peak RSS of the server: ${run.peakRssMb.toFixed(0)} MB (${run.startRssMb.toFixed(0)} at its start) — ` +
      (broken
        ? `MISSED: > ${b.rssMb} MB (×${(run.peakRssMb / b.rssMb).toFixed(2)})`
        : `ok: ${((run.peakRssMb / b.rssMb) * 100).toFixed(0)} % of the budget`),
  );
  console.log(
    `  counts: ${n(run.counts.new)} new, ${n(run.counts.updated)} updated, ${n(run.counts.unchanged)} unchanged, ${n(run.counts.refused)} refused`,
  );
  return broken ? 1 : 0;
}

/** BENCH_SCALE: one table, a column pair per size, for the scaling rows and the CSV. */
export function printScaleTable(results: SizeResult[]): void {
  console.log('');
  console.log(
    'Scaling: p95 ms / req/s / share under load per data size (* = a ratio budget missed at that size); CSV: first download s / peak RSS MB (* = over its memory).',
  );
  console.log(
    "The share (req/s over the no-op's beside it) is what a path's flatness is read from: the req/s also move with the machine between sizes, the no-op's with them.",
  );
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
      if (!e) {
        row[heads[i] ?? ''] = '—';
        return;
      }
      const { share, misses } = judged(e, r.floors);
      row[heads[i] ?? ''] = `${e.load.p95.toFixed(1)} / ${e.load.rps.toFixed(0)} / ${share.toFixed(2)}${misses.length ? ' *' : ''}`;
    });
    rows.push(row);
  }
  const csvRow: Record<string, string> = { call: 'end-of-day CSV' };
  results.forEach((r, i) => {
    const first = r.csv[0];
    const broken = first && r.csv.some((c) => c.peakRssMb > CSV_BUDGET.rssMb);
    csvRow[heads[i] ?? ''] = first
      ? `${n(r.size.csvRows)} rows ${first.seconds.toFixed(2)} s / ${Math.max(...r.csv.map((c) => c.peakRssMb)).toFixed(0)} MB${broken ? ' *' : ''}`
      : '—';
  });
  rows.push(csvRow);
  console.log('');
  table(['call', ...heads], rows, ['call']);
}
