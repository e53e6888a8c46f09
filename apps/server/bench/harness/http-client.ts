/**
 * The client side of a measurement: single GETs on one kept-alive connection, the load of many
 * connections (autocannon), and the transport floor — the same client's round trip to a bare Node
 * server, which any HTTP API pays (the part of the HTTP floor of floors.ts that is not the server's).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { freePort } from '@cooler-hub/process-kit/ports';
import { onCleanup } from './cleanup';

/** Sequential requests (and direct SQL runs) per endpoint for the call-vs-SQL comparison… */
const SAMPLES = 300;
export const WARMUP = 30;
/** …but no more than this long each (a call of 500 ms gets 20 samples, not 300). */
export const SAMPLE_BUDGET_MS = 10_000;
const MIN_SAMPLES = 20;

export const enough = (times: number[], started: number) =>
  times.length >= SAMPLES || (times.length >= MIN_SAMPLES && performance.now() - started > SAMPLE_BUDGET_MS);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One GET on the kept-alive connection: its status, body and the milliseconds it took. */
export function get(base: string, url: string, token: string, requestId?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (requestId) headers['x-request-id'] = requestId;
    const req = http.get(`${base}${url}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
  });
}

/** A GET whose body is JSON (the ids the paths need); fails on any other status than 200. */
export async function getJson<T>(base: string, url: string, token: string): Promise<T> {
  const res = await get(base, url, token);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}

/** One GET's milliseconds; fails on any other status than 200. */
export async function timedGet(base: string, url: string, token: string): Promise<number> {
  const res = await get(base, url, token);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res.ms;
}

/**
 * Median ms of each step, run one after another in rounds, one of each a round (docs/decisions/288):
 * every step is measured beside the others, so a machine whose speed drifts over minutes moves their
 * figures together, and what one adds to another is not the drift. Warmed first, as a call is.
 */
export async function interleaved(steps: readonly (() => Promise<number>)[]): Promise<number[]> {
  for (let i = 0, started = performance.now(); i < WARMUP && performance.now() - started < SAMPLE_BUDGET_MS / 5; i++) {
    for (const step of steps) await step();
  }
  const times = steps.map((): number[] => []);
  for (const started = performance.now(); !enough(times[0] ?? [], started);) {
    for (const [i, step] of steps.entries()) times[i]?.push(await step());
  }
  return times.map(median);
}

/** Median ms of sequential GETs on one connection: the call's own time, without queueing behind others. */
export async function sequential(base: string, url: string, token: string): Promise<number> {
  const [ms = NaN] = await interleaved([() => timedGet(base, url, token)]);
  return ms;
}

export interface Load {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Answers other than 200, errors and timeouts. */
  failures: number;
}

/** autocannon with `connections` for `seconds`; response times kept exactly (its histogram rounds to ms and has no p95). */
export async function load(base: string, url: string, token: string, connections: number, seconds: number): Promise<Load> {
  const times: number[] = [];
  let failures = 0;
  const instance = autocannon({ url: `${base}${url}`, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) times.push(ms);
    else failures += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / (result.duration || seconds),
    failures: failures + result.errors + result.timeouts,
  };
}

/**
 * Median ms of an empty GET to a bare Node http server in its own process: the transport alone, which
 * any HTTP API pays on this machine. Printed as the part of the HTTP floor (floors.ts) that is not the
 * server's.
 */
export async function transportFloor(): Promise<number> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('{}')).listen(${port}, '127.0.0.1', () => console.log('up'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onCleanup(() => void child.kill());
  await new Promise((resolve) => child.stdout.once('data', resolve));
  const floor = await sequential(`http://127.0.0.1:${port}`, '/', 'none');
  child.kill();
  return floor;
}
