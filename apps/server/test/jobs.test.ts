/**
 * The job queue itself (src/jobs/job-queue.ts) on the test database — PostgreSQL or PGlite: a job
 * exists only if the transaction that queued it commits; a failing handler is retried with its
 * attempt number and told which attempt is the last; stop() lets a running job finish.
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_TIMINGS, JobQueue, type JobAttempt } from '../src/jobs/job-queue';
import { createTestDatabase, waitFor, type TestDatabase } from './helpers';
import { TEST_JOB_TIMINGS, waitForIdleQueue } from './jobs';

let test: TestDatabase;
let queue: JobQueue;
const log = Fastify({ logger: false }).log;
const runs: { name: string; data: unknown; attempt: JobAttempt }[] = [];
/** Per key: how many attempts fail before one succeeds (Infinity: all fail). */
const failuresBefore = new Map<string, number>();
let slowRelease: (() => void) | undefined;

beforeAll(async () => {
  test = await createTestDatabase();
  queue = new JobQueue(test.database.connection, log, { ...DEFAULT_JOB_TIMINGS, ...TEST_JOB_TIMINGS });
  queue.define('test-record', {
    async handler(data, attempt) {
      runs.push({ name: 'test-record', data, attempt });
      const key = (data as { key: string }).key;
      if (attempt.retryCount < (failuresBefore.get(key) ?? 0)) throw new Error(`attempt ${attempt.retryCount} of ${key} fails`);
    },
  });
  queue.define('test-slow', {
    async handler(data, attempt) {
      runs.push({ name: 'test-slow', data, attempt });
      await new Promise<void>((resolve) => (slowRelease = resolve));
      runs.push({ name: 'test-slow-done', data, attempt });
    },
  });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await test?.dispose();
});

const db = () => test.database.db;
const runsOf = (key: string) => runs.filter((r) => (r.data as { key?: string }).key === key);
const jobState = async (id: string) => {
  const [row] = await db()
    .select({ state: sql<string>`state` })
    .from(sql`pgboss.job`)
    .where(sql`id = ${id}`);
  return row?.state;
};

describe('job queue', () => {
  it('runs a job queued in a committed transaction once, with its data', async () => {
    const id = await db().transaction((tx) => queue.enqueue(tx, 'test-record', { key: 'committed', n: 1 }));
    await waitFor(() => (runsOf('committed').length > 0 ? true : undefined));
    await waitForIdleQueue(db());
    expect(runsOf('committed')).toEqual([
      { name: 'test-record', data: { key: 'committed', n: 1 }, attempt: { id, retryCount: 0, retryLimit: 3, lastAttempt: false } },
    ]);
    expect(await jobState(id)).toBe('completed');
  });

  it('a job queued in a transaction that rolls back never exists', async () => {
    let queuedId: string | undefined;
    await expect(
      db().transaction(async (tx) => {
        queuedId = await queue.enqueue(tx, 'test-record', { key: 'rolled-back' });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(queuedId).toBeDefined();
    await queue.enqueue(db(), 'test-record', { key: 'marker' });
    await waitFor(() => (runsOf('marker').length > 0 ? true : undefined));
    await waitForIdleQueue(db());
    expect(await jobState(queuedId!)).toBeUndefined();
    expect(runsOf('rolled-back')).toEqual([]);
  });

  it('retries a failing handler with growing attempt numbers until it succeeds', async () => {
    failuresBefore.set('flaky', 2);
    const id = await queue.enqueue(db(), 'test-record', { key: 'flaky' });
    await waitFor(async () => ((await jobState(id)) === 'completed' ? true : undefined), 15_000);
    expect(runsOf('flaky').map((r) => r.attempt.retryCount)).toEqual([0, 1, 2]);
  });

  it('tells the handler which attempt is the last; after it the job fails', async () => {
    failuresBefore.set('hopeless', Infinity);
    const id = await queue.enqueue(db(), 'test-record', { key: 'hopeless' });
    await waitFor(async () => ((await jobState(id)) === 'failed' ? true : undefined), 20_000);
    expect(runsOf('hopeless').map((r) => [r.attempt.retryCount, r.attempt.lastAttempt])).toEqual([
      [0, false],
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('refuses unknown job names and definitions after start', async () => {
    await expect(queue.enqueue(db(), 'no-such-job', {})).rejects.toThrow(/not defined/);
    expect(() => queue.define('too-late', { handler: async () => {} })).toThrow(/after the queue started/);
  });

  it('stop() lets a running job finish', async () => {
    const id = await queue.enqueue(db(), 'test-slow', { key: 'slow' });
    await waitFor(() => (runs.some((r) => r.name === 'test-slow') ? true : undefined));
    const stopping = queue.stop();
    setTimeout(() => slowRelease?.(), 300);
    await stopping;
    expect(runs.some((r) => r.name === 'test-slow-done')).toBe(true);
    expect(await jobState(id)).toBe('completed');
    await expect(queue.enqueue(db(), 'test-record', { key: 'after-stop' })).rejects.toThrow(/not running/);
  });
});
