/**
 * The durable job queue (docs/architecture.md §2, docs/decisions/160): pg-boss in the app's own database —
 * PostgreSQL (its own small pool on DATABASE_URL) or the embedded PGlite (the same single
 * connection). Started with the app, stopped gracefully on close; any number of instances may
 * share one PostgreSQL (pg-boss claims each job for one worker with SKIP LOCKED).
 *
 * `enqueue(db, name, data)` writes the job through the caller's drizzle handle: given a
 * transaction, the job exists only if that transaction commits. Workers are woken at once through
 * LISTEN/NOTIFY and poll as a floor (retries come due by time). A handler that throws is retried
 * with exponential backoff up to `retryLimit`; it sees its attempt number, so the last attempt can
 * settle things for good instead of throwing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type JobResult, type JobWithMetadata } from 'pg-boss';
import type { DatabaseConnection, Db } from '../db/client';
import { executorOf } from '../db/pg-boss-executor';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue (app.ts), for modules wired outside buildApp and for tests. */
    jobQueue: JobQueue;
  }
}

export interface JobQueueTimings {
  /** Seconds between polls for jobs that came due by time (retries); new jobs wake workers at once. ≥ 0.5. */
  pollingIntervalSeconds: number;
  /** The first retry waits about this long; each next one about twice as long (with jitter)… */
  retryDelaySeconds: number;
  /** … but never longer than this. */
  retryDelayMaxSeconds: number;
  /** Retries after the first attempt; then the job's handler is told it is the last attempt. */
  retryLimit: number;
  /** A job still active after this long (its instance died) is failed and retried. */
  expireInSeconds: number;
  /** How often pg-boss looks for such jobs (and does its other upkeep). */
  superviseIntervalSeconds: number;
}

/**
 * Production: retries at ~30 s, 1, 2, 4 … min, then hourly — about a day in all before a message
 * is given up on; a crashed instance's job is picked up again within ~6 minutes.
 */
export const DEFAULT_JOB_TIMINGS: JobQueueTimings = {
  pollingIntervalSeconds: 5,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  retryLimit: 30,
  expireInSeconds: 300,
  superviseIntervalSeconds: 60,
};

/**
 * The timings that follow from a lease (JOB_LEASE_SECONDS): a job claimed longer than that is its
 * dead instance's and is retried, looked for every fifth of it (at least every second, at most every
 * minute). The default 300 s gives the production values above.
 */
export function leaseTimings(seconds: number): Pick<JobQueueTimings, 'expireInSeconds' | 'superviseIntervalSeconds'> {
  return { expireInSeconds: seconds, superviseIntervalSeconds: Math.min(60, Math.max(1, Math.round(seconds / 5))) };
}

export interface JobAttempt {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** No retry follows if this attempt throws. */
  lastAttempt: boolean;
}

export type JobHandler = (data: unknown, attempt: JobAttempt) => Promise<void>;

export interface JobDefinition {
  handler: JobHandler;
  /** Jobs of this name run side by side per instance (one fetch's batch). Default 4. */
  concurrency?: number;
  /** Completed jobs are kept this long (for inspection), then deleted by pg-boss. */
  keepCompletedSeconds?: number;
}

export class JobQueue {
  private boss: PgBoss | undefined;
  private readonly definitions = new Map<string, JobDefinition>();
  private running = false;

  constructor(
    private readonly connection: DatabaseConnection,
    private readonly log: FastifyBaseLogger,
    readonly timings: JobQueueTimings = DEFAULT_JOB_TIMINGS,
  ) {}

  /** Declares a job name and its worker; before start(). The handler validates its own data. */
  define(name: string, definition: JobDefinition): void {
    if (this.boss) throw new Error(`job ${name} defined after the queue started`);
    if (this.definitions.has(name)) throw new Error(`job ${name} defined twice`);
    this.definitions.set(name, definition);
  }

  async start(): Promise<void> {
    if (this.boss) return;
    const t = this.timings;
    const common = {
      superviseIntervalSeconds: t.superviseIntervalSeconds,
      monitorIntervalSeconds: t.superviseIntervalSeconds,
      useListenNotify: true,
    };
    // Embedded PGlite runs no autovacuum daemon: pg-boss's "vacuum is not keeping up" warning would
    // only be noise there.
    const boss =
      this.connection.driver === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(this.connection.client), backend: 'pglite', monitorVacuum: false })
        : new PgBoss({ ...common, connectionString: this.connection.url, max: 4, application_name: 'cooler-hub-jobs' });
    boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => this.log.warn({ warning }, 'job queue warning'));
    this.boss = boss;
    await boss.start();
    for (const [name, definition] of this.definitions) {
      const options = {
        retryLimit: t.retryLimit,
        retryDelay: t.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: t.retryDelayMaxSeconds,
        expireInSeconds: t.expireInSeconds,
        deleteAfterSeconds: definition.keepCompletedSeconds ?? 7 * 24 * 3600,
        notify: true,
      };
      // Created once (concurrent instances race harmlessly); the settings follow this code's values.
      await boss.createQueue(name, options);
      await boss.updateQueue(name, options);
      // Loads the queue into pg-boss's cache now: a lookup during enqueue() would otherwise run on
      // the shared connection while the caller's transaction holds it (PGlite has only one).
      await boss.findJobs(name, { id: '00000000-0000-0000-0000-000000000000' });
    }
    for (const [name, definition] of this.definitions) {
      // A batch per fetch, its jobs run side by side, each settled on its own. (With one job per
      // fetch pg-boss waits a polling interval between jobs, so a backlog would drain slowly.)
      await boss.work(
        name,
        {
          includeMetadata: true,
          perJobResults: true,
          batchSize: definition.concurrency ?? 4,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: t.pollingIntervalSeconds,
          // Retries come due by time, which no NOTIFY announces: keep polling at the same pace.
          notifyPollingIntervalSeconds: t.pollingIntervalSeconds,
        },
        (batch: JobWithMetadata<unknown>[]) =>
          Promise.all(
            batch.map(async (job): Promise<JobResult> => {
              try {
                await definition.handler(job.data, {
                  id: job.id,
                  retryCount: job.retryCount,
                  retryLimit: job.retryLimit,
                  lastAttempt: job.retryCount >= job.retryLimit,
                });
                return { id: job.id, status: 'completed' };
              } catch (err) {
                this.log.warn({ err, job: job.id, name, retryCount: job.retryCount }, 'job failed');
                return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
              }
            }),
          ),
      );
    }
    this.running = true;
  }

  /**
   * Adds a job through `db` — the caller's transaction, so the job commits (and only then becomes
   * visible to workers) or rolls back with it. Returns the job's id.
   */
  async enqueue(db: Db, name: string, data: object): Promise<string> {
    if (!this.boss || !this.running) throw new Error(`job ${name} enqueued while the queue is not running`);
    if (!this.definitions.has(name)) throw new Error(`job ${name} is not defined`);
    const id = await this.boss.send(name, data, { db: executorOf(db) });
    if (!id) throw new Error(`job ${name} was not created`);
    return id;
  }

  /** Lets active jobs finish (up to `timeoutMs`; unfinished ones are retried later), then stops. */
  async stop(timeoutMs = 8000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    // Jobs still finishing may queue others (the recovery job queues its mail): allowed until the end.
    await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    this.running = false;
  }
}
