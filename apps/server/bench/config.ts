/**
 * The bench's settings, read once from the environment (docs/decisions/236). Every value has
 * a default; a value that is not a number where one is needed stops the bench before it starts.
 */
import { randomBytes } from 'node:crypto';

/** Receipts of the default run: the data size the list budgets are set for. */
export const BUDGET_RECEIPTS = 1_000_000;
/** Below this the generated notes, the 1,000-line note and the 500 LB tags have no receipts to use. */
export const MIN_RECEIPTS = 10_000;

export interface BenchConfig {
  /** Data sizes to run, in receipts: one, or several with BENCH_SCALE. */
  sizes: number[];
  /** BENCH_SCALE given: only the scaling rows, and one table of every size at the end. */
  scale: boolean;
  /** Receipts on the end-of-day CSV's day; undefined: a tenth of the receipts, at most 100,000. */
  csvRows: number | undefined;
  seconds: number;
  connections: number;
  timeLimitMinutes: number | undefined;
  /** Substrings of endpoint names (`|`-separated: the names hold commas). */
  only: string[];
  csv: boolean;
  /** BENCH_IMPORT=0 skips the import of 100,000 receipts (harness/imports.ts). */
  importRun: boolean;
  keep: boolean;
  /** BENCH_PLANS=<file>: each call's statements and their plans written there (harness/plans.ts). */
  plansFile: string | undefined;
  /** The URL of a database a BENCH_KEEP run left: measured again without generating. */
  reuse: string | undefined;
  serverUrl: string | undefined;
  adminPassword: string;
}

/** A setting the bench cannot use: said in one line, exit 2. */
export class BenchConfigError extends Error {}

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replaceAll(/[_,]/g, ''));
  if (!Number.isInteger(value) || value <= 0) throw new BenchConfigError(`${name}=${raw}: expected a whole number above 0`);
  return value;
}

function sizeList(raw: string): number[] {
  return raw
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => {
      const value = Number(part.replaceAll('_', ''));
      if (!Number.isInteger(value) || value <= 0) throw new BenchConfigError(`BENCH_SCALE: "${part}" is not a number of receipts`);
      return value;
    });
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const scale = env.BENCH_SCALE ? sizeList(env.BENCH_SCALE) : undefined;
  const sizes = scale ?? [count('BENCH_RECEIPTS', BUDGET_RECEIPTS)];
  const csvRows = env.BENCH_CSV_ROWS ? count('BENCH_CSV_ROWS', 100_000) : undefined;
  for (const size of sizes) {
    if (size < MIN_RECEIPTS)
      throw new BenchConfigError(`${size} receipts: the bench needs at least ${MIN_RECEIPTS.toLocaleString('en-GB')}`);
    if (csvRows !== undefined && csvRows > size)
      throw new BenchConfigError(`BENCH_CSV_ROWS=${csvRows} is more than the ${size} receipts generated`);
  }
  if (scale && env.BENCH_REUSE) throw new BenchConfigError('BENCH_SCALE generates each size: it cannot be combined with BENCH_REUSE');
  return {
    sizes,
    scale: scale !== undefined,
    csvRows,
    seconds: count('BENCH_SECONDS', 5),
    connections: count('BENCH_CONNECTIONS', 10),
    timeLimitMinutes: env.BENCH_TIME_LIMIT_MINUTES ? count('BENCH_TIME_LIMIT_MINUTES', 15) : undefined,
    only: env.BENCH_ONLY ? env.BENCH_ONLY.split('|').filter(Boolean) : [],
    csv: env.BENCH_CSV !== '0',
    importRun: env.BENCH_IMPORT !== '0',
    keep: env.BENCH_KEEP === '1',
    plansFile: env.BENCH_PLANS || undefined,
    reuse: env.BENCH_REUSE || undefined,
    serverUrl: env.BENCH_DATABASE_URL || env.DATABASE_URL || undefined,
    adminPassword: env.BENCH_ADMIN_PASSWORD || `bench-${randomBytes(9).toString('base64url')}`,
  };
}

/**
 * Minutes a run of `receipts` may take before everything is torn down: 30, plus 30 per million (a
 * guard against a hang, with room for a machine that other work slows down several times).
 */
export function timeLimitMinutes(config: BenchConfig, receipts: number): number {
  return config.timeLimitMinutes ?? Math.ceil(30 + (30 * receipts) / 1_000_000);
}
