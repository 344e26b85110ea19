import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlExecutor } from '../db/database';

/**
 * The server's job queue: persistent jobs in the application's own PostgreSQL (PGlite or a server), run once
 * by whichever process fetches them first, retried with backoff, and cron schedules — pg-boss underneath
 * (docs/decisions.md, "Background work"). Everything outside server/jobs talks to this interface only.
 */
export interface JobQueue {
  /** Declares a queue (idempotent) with its defaults; `send` and `work` need it declared first. */
  define(name: string, options?: QueueOptions): Promise<void>;
  /** Enqueues a job; resolves with its id, or null when a singleton/short-policy queue already holds one. */
  send<T extends object>(name: string, data?: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for the queue's jobs in this process; a throw fails the attempt (retried per the options). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** A cron schedule (UTC unless `tz`): every process may call it, one job per tick is created across them. */
  schedule(name: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  /** Removes a schedule (a worker switched off by configuration); no-op when there is none. */
  unschedule(name: string): Promise<void>;
  /**
   * Runs the due jobs of the queues this process works (or of `names`) now, here, until none is due; resolves
   * with how many ran. Tests use it instead of waiting for the polling interval.
   */
  drain(names?: string[]): Promise<number>;
  /** Wakes this process's worker of a queue at once (after `send` of work that is due now). */
  nudge(name: string): void;
  /** A job's state (and output), for tests, progress screens and callers that enqueue and come back later. */
  job(name: string, id: string): Promise<JobInfo | null>;
  /** Records progress of an active job (0..1 and a note); `job()` answers it until the job completes. */
  progress(name: string, id: string, fraction: number, note?: string): Promise<void>;
  start(): Promise<void>;
  /** Stops fetching, waits for running jobs (up to a timeout) and releases the connection. */
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** 'short': at most one job waiting (a kick while one is queued is a no-op); 'standard' otherwise. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit?: number;
  /** Seconds before the first retry; with retryBackoff it doubles (with jitter) each time. */
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

export interface SendOptions {
  startAfter?: Date | number;
  singletonKey?: string;
  singletonSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

export interface WorkOptions {
  /** Polling interval of this worker in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of this queue run at once in this process (each its own pg-boss worker); 1 by default. */
  concurrency?: number;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first try. */
  retryCount: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  startAfter: Date;
  output: unknown;
}

export interface JobQueueOptions {
  /** The application's database connection (DatabaseHandle.sql). */
  sql: SqlExecutor;
  logger: Logger;
  /** The default polling interval of workers, in seconds. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
}

const SCHEMA = 'pgboss';

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const log = options.logger.child({ module: 'jobs' });
  const adapter = trackedExecutor(options.sql);
  const boss = new PgBoss({
    db: adapter,
    schema: SCHEMA,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    // Completed and failed jobs stay queryable for a day, then go to the archive, dropped after a week.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => log.warn({ err: error }, 'job queue error'));

  const handlers = new Map<string, { handler: JobHandler<object>; workerIds: string[] }>();
  const defined = new Set<string>();
  let started: Promise<void> | undefined;

  async function run(name: string, job: PgBoss.JobWithMetadata<object>): Promise<unknown> {
    const entry = handlers.get(name);
    if (!entry) throw new Error(`no handler for ${name}`);
    return entry.handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount });
  }

  const queue: JobQueue = {
    async start() {
      started ??= boss.start().then(() => undefined);
      await started;
    },

    async define(name, queueOptions = {}) {
      if (defined.has(name)) return;
      if (!(await boss.getQueue(name))) {
        try {
          await boss.createQueue(name, { name, ...queueOptions });
        } catch (error) {
          // Another process declared it meanwhile.
          if (!(await boss.getQueue(name))) throw error;
        }
      } else if (Object.keys(queueOptions).length > 0) {
        await boss.updateQueue(name, { name, ...queueOptions });
      }
      defined.add(name);
    },

    async send(name, data, sendOptions = {}) {
      return boss.send(name, data ?? {}, sendOptions);
    },

    async work(name, handler, workOptions = {}) {
      if (handlers.has(name)) throw new Error(`${name} already has a worker in this process`);
      const { concurrency = 1, ...bossOptions } = workOptions;
      const entry = { handler: handler as JobHandler<object>, workerIds: [] as string[] };
      handlers.set(name, entry);
      for (let index = 0; index < concurrency; index += 1) {
        // One job per fetch: a throw fails exactly the job that threw.
        entry.workerIds.push(await boss.work<object>(name, { ...bossOptions, batchSize: 1, includeMetadata: true }, async ([job]) => (job ? run(name, job) : undefined)));
      }
    },

    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      await boss.schedule(name, cron, data, { tz: scheduleOptions.tz ?? 'UTC' });
    },

    async unschedule(name) {
      await boss.unschedule(name);
    },

    async drain(names) {
      let ran = 0;
      for (;;) {
        let batch = 0;
        for (const name of names ?? [...handlers.keys()]) {
          const jobs = await boss.fetch<object>(name, { batchSize: 10, includeMetadata: true });
          for (const job of jobs) {
            batch += 1;
            try {
              const output = await run(name, job);
              await boss.complete(name, job.id, isObject(output) ? output : undefined);
            } catch (error) {
              await boss.fail(name, job.id, error instanceof Error ? { message: error.message } : { message: String(error) });
            }
          }
        }
        ran += batch;
        if (batch === 0) return ran;
      }
    },

    nudge(name) {
      const entry = handlers.get(name);
      for (const workerId of entry?.workerIds ?? []) boss.notifyWorker(workerId);
    },

    async job(name, id) {
      const row = await boss.getJobById(name, id, { includeArchive: true });
      if (!row) return null;
      return {
        id: row.id, name: row.name, state: row.state, retryCount: row.retryCount, retryLimit: row.retryLimit,
        startAfter: new Date(row.startAfter), output: row.output ?? null,
      };
    },

    async progress(name, id, fraction, note) {
      // The job's output column until it completes (completion replaces it with the handler's result).
      await adapter.executeSql(`UPDATE ${SCHEMA}.job SET output = $3::jsonb WHERE name = $1 AND id = $2 AND state = 'active'`,
        [name, id, JSON.stringify({ progress: Math.min(1, Math.max(0, fraction)), ...(note !== undefined && { note }) })]);
    },

    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000, close: false });
      // pg-boss's loops end after their current query: wait for those, so closing the database is safe.
      adapter.close();
      await adapter.idle();
      started = undefined;
      handlers.clear();
    },
  };
  return queue;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The executor pg-boss is given: it counts statements in flight, and after close() answers no rows instead of
 * touching a database that is about to close (a worker loop may still be between two polls).
 */
function trackedExecutor(sql: SqlExecutor) {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (closed) return { rows: [] };
      const running = sql.executeSql(text, values);
      inFlight.add(running);
      try {
        return await running;
      } finally {
        inFlight.delete(running);
      }
    },
    close() { closed = true; },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
