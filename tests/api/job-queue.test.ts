import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { createJobQueue, type JobQueue } from '../../server/jobs/queue';
import { startServer, type RunningServer } from '../../server/server';
import { freshPostgresDatabase } from './support';

/**
 * The job queue (server/jobs/queue.ts, pg-boss) on the app's own database: PGlite by default, the PostgreSQL
 * server of DATABASE_URL in the CI's PostgreSQL pass (each test then uses a database of its own).
 */
const silent = pino({ level: 'silent' });
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database for one test: a PostgreSQL database of its own under DATABASE_URL, else nothing (PGlite). */
async function freshPostgresUrl(): Promise<string | undefined> {
  const database = await freshPostgresDatabase();
  if (!database) return undefined;
  cleanups.push(() => database.drop());
  return database.url;
}

async function open(databaseUrl: string | undefined): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl, dataDir: await mkdtemp(join(tmpdir(), 'courier-jobs-')), inMemory: true, logger: silent });
  cleanups.push(() => database.close());
  return database;
}

async function startedQueue(database: DatabaseHandle): Promise<JobQueue> {
  const queue = createJobQueue({ sql: database.sql, logger: silent, pollingIntervalSeconds: 0.5 });
  await queue.start();
  // Stopped before its database closes (cleanups run in reverse).
  cleanups.push(() => queue.stop());
  return queue;
}

/** Calls `drain` until `done` or the deadline (the background workers may take some of the jobs). */
async function drainUntil(queues: JobQueue[], done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('jobs never ran');
    await Promise.all(queues.map((queue) => queue.drain()));
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A job's state once it settles: a background worker records completion just after its handler returns, so a
 * test that saw the handler run may still read 'active' for a moment.
 */
async function settledState(queue: JobQueue, name: string, id: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.job(name, id);
    if ((job && job.state !== 'active') || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job queue', () => {
  it('a job enqueued before a restart survives it (same data dir or database) and runs once', async () => {
    const databaseUrl = await freshPostgresUrl();
    const dataDir = await mkdtemp(join(tmpdir(), 'courier-jobs-restart-'));
    const start = () => startServer({
      config: { port: 0, host: '127.0.0.1', dataDir, inMemoryDatabase: false, databaseUrl, logLevel: 'silent', webRoot: join(dataDir, 'no-web') },
      env: {},
      seed: false,
    });
    let first: RunningServer | undefined = await start();
    let id: string | null;
    try {
      await first.jobs.define('test-restart');
      // No worker in this life: the job is only stored.
      id = await first.jobs.send('test-restart', { greeting: 'hello' });
      expect(id).toEqual(expect.any(String));
      expect((await first.jobs.job('test-restart', id!))?.state).toBe('created');
    } finally {
      await first.close();
      first = undefined;
    }

    const second = await start();
    try {
      const ran: Array<{ id: string; data: unknown }> = [];
      await second.jobs.define('test-restart');
      await second.jobs.work('test-restart', async (job) => { ran.push({ id: job.id, data: job.data }); });
      await drainUntil([second.jobs], () => ran.length > 0);
      // Ran here once; nothing is left for the worker or another drain.
      expect(await second.jobs.drain(['test-restart'])).toBe(0);
      expect(ran).toEqual([{ id, data: { greeting: 'hello' } }]);
      expect((await settledState(second.jobs, 'test-restart', id!))?.state).toBe('completed');
    } finally {
      await second.close();
    }
  });

  it('two queue instances on one database run each job exactly once', async () => {
    const databaseUrl = await freshPostgresUrl();
    // PGlite: two queues on one PGlite object; PostgreSQL: two pools, as two server processes would have.
    const one = await open(databaseUrl);
    const other = databaseUrl ? await open(databaseUrl) : one;
    const queues = [await startedQueue(one), await startedQueue(other)];
    const runs = new Map<number, string[]>();
    for (const [index, queue] of queues.entries()) {
      await queue.define('test-once');
      await queue.work<{ n: number }>('test-once', async (job) => {
        runs.set(job.data.n, [...(runs.get(job.data.n) ?? []), `queue ${index}`]);
        // Long enough for the other instance to poll meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }, { concurrency: 2 });
    }
    const JOBS = 40;
    for (let n = 0; n < JOBS; n += 1) await queues[n % 2]!.send('test-once', { n });
    await drainUntil(queues, () => runs.size === JOBS);
    // A moment more for any straggler a background worker might (wrongly) run twice.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await Promise.all(queues.map((queue) => queue.drain()));
    expect([...runs.values()].filter((ran) => ran.length !== 1)).toEqual([]);
    expect(runs.size).toBe(JOBS);
  });

  it('a failing job is retried with backoff, then marked failed with its error', async () => {
    const queue = await startedQueue(await open(await freshPostgresUrl()));
    await queue.define('test-fail', { retryLimit: 2, retryDelay: 1, retryBackoff: true });
    const tries: number[] = [];
    await queue.work('test-fail', async () => {
      tries.push(Date.now());
      throw new Error(`receiver down (try ${tries.length})`);
    });
    const id = (await queue.send('test-fail', { to: 'nowhere' }))!;
    await drainUntil([queue], () => tries.length >= 1);
    const waiting = await settledState(queue, 'test-fail', id);
    expect(waiting).toMatchObject({ state: 'retry', retryCount: 0, retryLimit: 2 });
    // The first retry waits retryDelay x 2^1 / 2 plus up to as much jitter: 1-2 s.
    expect(waiting!.startAfter.getTime() - tries[0]!).toBeGreaterThanOrEqual(900);
    await drainUntil([queue], () => tries.length >= 3);
    // Backoff: the second wait is at least 2 s, longer than the first's minimum.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(900);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(1900);
    const failed = await settledState(queue, 'test-fail', id);
    expect(failed).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(failed!.output).toMatchObject({ message: 'receiver down (try 3)' });
    // Failed is final: no fourth try.
    expect(await queue.drain(['test-fail'])).toBe(0);
    expect(tries).toHaveLength(3);
  });

  it('progress of an active job is readable until it completes', async () => {
    const queue = await startedQueue(await open(await freshPostgresUrl()));
    await queue.define('test-progress');
    let seen: unknown;
    await queue.work('test-progress', async (job) => {
      await queue.progress('test-progress', job.id, 0.5, 'half the rows');
      seen = (await queue.job('test-progress', job.id))?.output;
      return { rows: 2 };
    });
    const id = (await queue.send('test-progress', {}))!;
    await drainUntil([queue], () => seen !== undefined);
    expect(seen).toEqual({ progress: 0.5, note: 'half the rows' });
    expect(await settledState(queue, 'test-progress', id)).toMatchObject({ state: 'completed', output: { rows: 2 } });
  });
});
