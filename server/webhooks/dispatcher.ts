import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { WEBHOOK_EVENT_OF_TOPIC, WEBHOOK_HEADERS, type WebhookEventType } from '../../src/lib/integrations';
import { WEBHOOK_RESULT_STATUS } from '../../src/lib/statuses';
import { companies, webhookAttempts, webhooks } from '../db/schema';
import type { LiveMessage } from '../realtime/publish';
import type { AppContext } from '../context';
import { signatureHeader } from './signature';

/**
 * Webhook delivery. Every change published for the dashboard hub (context.live.publish) of a delivery, job or
 * task is POSTed to the active webhooks of the same company that subscribe to it, signed with the webhook's
 * secret. Each try is a webhook_attempts row: status unknown (0) while pending, then success (2xx), failed
 * (the receiver answered something else) or error (no answer: refused, timeout). A try that did not succeed
 * schedules the next one with exponential backoff, until the maximum. Every pending try is a `webhook-attempt`
 * job of the job queue (server/jobs), due at the row's nextAttemptAt, so a restarted server (or another process)
 * sends it; a try also claims its row with a lease before sending, so two jobs for one row send it once. A
 * `webhook-sweep` job (every minute, and once at start) enqueues pending rows that have no job: left by a crash
 * between the row's commit and the job's, or written before the queue existed.
 */
export interface WebhookDispatcher {
  /** Records and sends one event to one webhook now; resolves with the first attempt once it has finished. */
  send(webhookId: number, event: string, data: unknown, companyId?: number | null): Promise<number>;
  /** Forget the cached webhook list (after a webhook changed). */
  invalidate(): void;
  /** Enqueues a job for every due pending try (the sweep job's handler); resolves with how many. */
  sweep(): Promise<number>;
  /** Resolves when every attempt in flight has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface CachedWebhook {
  id: number;
  portalId: number;
  companyId: number | null;
  eventTypes: string[];
}

const dispatchers = new WeakMap<AppContext, WebhookDispatcher>();

/** The running dispatcher of a server (started by buildApp). */
export function dispatcherOf(context: AppContext): WebhookDispatcher {
  const dispatcher = dispatchers.get(context);
  if (!dispatcher) throw new Error('webhook dispatcher not started');
  return dispatcher;
}

/** The wait before retry n (n = 1 after the first failure): base x 2^(n-1), capped. */
export function backoffMs(retry: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
}

/** The JSON body of one event (also what every retry re-sends, byte for byte). */
export function eventBody(eventId: string, event: string, data: unknown, companyId: number | null | undefined): string {
  return JSON.stringify({ id: eventId, type: event, createdAt: new Date().toISOString(), companyId: companyId ?? null, data });
}

/** One try of one event to one webhook: `{ attemptId }`, due at the row's nextAttemptAt. */
export const WEBHOOK_ATTEMPT_JOB = 'webhook-attempt';
/** Enqueues due pending tries that have no job (every minute and at start). */
export const WEBHOOK_SWEEP_JOB = 'webhook-sweep';
const SWEEP_CRON = '* * * * *';
/** Tries in flight per process: a receiver that never answers does not hold up the others. */
const CONCURRENCY = 4;

const RECENT_LIMIT = 500;
/** The error of a retry not sent because the webhook was deactivated meanwhile. */
export const INACTIVE_ERROR = 'Not sent: the webhook is inactive';

export async function startWebhookDispatcher(context: AppContext, logger: Logger): Promise<WebhookDispatcher> {
  const { db, config, jobs } = context;
  const log = logger.child({ module: 'webhooks' });
  const inFlight = new Set<Promise<unknown>>();
  let cache: { at: number; rows: CachedWebhook[] } | undefined;
  let stopped = false;
  // One change is sometimes published twice (e.g. to the company and to the driver who lost the job): send it once.
  const recent = new Set<string>();
  const companyPortals = new Map<number, number | null>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  async function activeWebhooks(): Promise<CachedWebhook[]> {
    if (cache && Date.now() - cache.at < config.webhookPollMs) return cache.rows;
    const rows = await db.select({ id: webhooks.id, portalId: webhooks.portalId, companyId: webhooks.companyId, eventTypes: webhooks.eventTypes })
      .from(webhooks).where(eq(webhooks.isActive, true));
    cache = { at: Date.now(), rows };
    return rows;
  }

  async function portalOfCompany(companyId: number): Promise<number | null> {
    if (!companyPortals.has(companyId)) {
      const [row] = await db.select({ portalId: companies.portalId }).from(companies).where(eq(companies.id, companyId));
      companyPortals.set(companyId, row?.portalId ?? null);
    }
    return companyPortals.get(companyId) ?? null;
  }

  /** Performs the claimed attempt row and records its outcome (and the next try when one is left). */
  async function perform(attemptId: number): Promise<void> {
    const [row] = await db.select({ attempt: webhookAttempts, url: webhooks.url, secret: webhooks.secret, isActive: webhooks.isActive })
      .from(webhookAttempts).innerJoin(webhooks, eq(webhooks.id, webhookAttempts.webhookId)).where(eq(webhookAttempts.id, attemptId));
    if (!row) return;
    const { attempt } = row;
    if (!row.isActive && attempt.attempt > 1) {
      // Deactivated since the event: its retries stop (recorded, so the log says why).
      await db.update(webhookAttempts).set({ statusId: WEBHOOK_RESULT_STATUS.ERROR, error: INACTIVE_ERROR, nextAttemptAt: null, createdAt: new Date() })
        .where(eq(webhookAttempts.id, attempt.id));
      return;
    }
    const started = Date.now();
    let statusId: number = WEBHOOK_RESULT_STATUS.ERROR;
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(config.webhookTimeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Courier-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signatureHeader(row.secret, attempt.payload),
          [WEBHOOK_HEADERS.event]: attempt.event,
          [WEBHOOK_HEADERS.eventId]: attempt.eventId,
          [WEBHOOK_HEADERS.attempt]: String(attempt.attempt),
        },
        body: attempt.payload,
      });
      httpStatus = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) statusId = WEBHOOK_RESULT_STATUS.SUCCESS;
      else {
        statusId = WEBHOOK_RESULT_STATUS.FAILED;
        error = `The receiver answered ${response.status}`;
      }
    } catch (failure) {
      statusId = WEBHOOK_RESULT_STATUS.ERROR;
      error = describeError(failure, config.webhookTimeoutMs);
    }
    const durationMs = Date.now() - started;
    const retry = statusId !== WEBHOOK_RESULT_STATUS.SUCCESS && attempt.attempt < config.webhookMaxAttempts;
    const nextAttemptAt = new Date(Date.now() + backoffMs(attempt.attempt, config.webhookBackoffBaseMs, config.webhookBackoffMaxMs));
    const next = await db.transaction(async (tx) => {
      await tx.update(webhookAttempts).set({ statusId, httpStatus, error, durationMs, nextAttemptAt: null, createdAt: new Date(started) })
        .where(eq(webhookAttempts.id, attempt.id));
      if (!retry) return undefined;
      const [row] = await tx.insert(webhookAttempts).values({
        webhookId: attempt.webhookId, eventId: attempt.eventId, event: attempt.event, payload: attempt.payload,
        attempt: attempt.attempt + 1, statusId: WEBHOOK_RESULT_STATUS.UNKNOWN, nextAttemptAt,
      }).returning({ id: webhookAttempts.id });
      return row!.id;
    });
    // After the commit; should this process die in between, the sweep enqueues the row when it is due.
    if (next !== undefined) await enqueue(next, nextAttemptAt);
    log.info({ webhookId: attempt.webhookId, event: attempt.event, attempt: attempt.attempt, statusId, httpStatus, durationMs }, 'webhook attempt');
  }

  /** While a try is in flight its row is due only after this lease: a crash mid-send makes it due again later. */
  const leaseEnd = () => new Date(Date.now() + config.webhookTimeoutMs * 2 + config.webhookPollMs);

  /** Claims a due pending attempt (another process may race for it) and performs it. */
  async function claimAndPerform(attemptId: number): Promise<boolean> {
    const lease = leaseEnd();
    const claimed = await db.update(webhookAttempts).set({ nextAttemptAt: lease })
      .where(and(eq(webhookAttempts.id, attemptId), eq(webhookAttempts.statusId, WEBHOOK_RESULT_STATUS.UNKNOWN),
        isNotNull(webhookAttempts.nextAttemptAt), lte(webhookAttempts.nextAttemptAt, sql`now()`)))
      .returning({ id: webhookAttempts.id });
    if (claimed.length === 0) return false;
    await perform(attemptId);
    return true;
  }

  /** The job of a pending try, due when the row is; a try due now wakes this process's workers. */
  async function enqueue(attemptId: number, dueAt: Date): Promise<void> {
    await jobs.send(WEBHOOK_ATTEMPT_JOB, { attemptId }, { startAfter: dueAt });
    if (dueAt.getTime() <= Date.now()) jobs.nudge(WEBHOOK_ATTEMPT_JOB);
  }

  /**
   * Stores the first try of an event: `leased` when this process performs it at once (the test event, answered
   * in the request), otherwise due now for a job.
   */
  async function record(webhookId: number, event: string, data: unknown, companyId: number | null | undefined, leased: boolean): Promise<{ id: number; dueAt: Date }> {
    const eventId = randomUUID();
    const dueAt = leased ? leaseEnd() : new Date();
    const [row] = await db.insert(webhookAttempts).values({
      webhookId, eventId, event, payload: eventBody(eventId, event, data, companyId), attempt: 1,
      statusId: WEBHOOK_RESULT_STATUS.UNKNOWN, nextAttemptAt: dueAt,
    }).returning({ id: webhookAttempts.id });
    return { id: row!.id, dueAt };
  }

  async function dispatch(message: LiveMessage, event: WebhookEventType): Promise<void> {
    const hooks = (await activeWebhooks()).filter((hook) => hook.eventTypes.includes(event));
    if (hooks.length === 0) return;
    const companyId = message.scope.companyId ?? null;
    const portalId = companyId === null ? null : await portalOfCompany(companyId);
    const targets = hooks.filter((hook) => (hook.companyId === null
      ? portalId === null || hook.portalId === portalId
      : hook.companyId === companyId));
    // Each webhook on its own job: a slow receiver does not hold up the others.
    for (const hook of targets) {
      const attempt = await record(hook.id, event, message.payload, companyId, false);
      await enqueue(attempt.id, attempt.dueAt);
    }
  }

  async function sweep(): Promise<number> {
    const due = await db.select({ id: webhookAttempts.id, dueAt: webhookAttempts.nextAttemptAt }).from(webhookAttempts)
      .where(and(eq(webhookAttempts.statusId, WEBHOOK_RESULT_STATUS.UNKNOWN), isNotNull(webhookAttempts.nextAttemptAt),
        lte(webhookAttempts.nextAttemptAt, sql`now()`)))
      .orderBy(webhookAttempts.nextAttemptAt).limit(500);
    // A row that still has its job gets a second one: whichever claims the row first sends it, the other finds it taken.
    for (const row of due) await enqueue(row.id, row.dueAt!);
    return due.length;
  }

  await jobs.define(WEBHOOK_ATTEMPT_JOB, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
  await jobs.define(WEBHOOK_SWEEP_JOB, { policy: 'stately', retryLimit: 0 });
  await jobs.work<{ attemptId: number }>(WEBHOOK_ATTEMPT_JOB, async (job) => { await claimAndPerform(job.data.attemptId); },
    { pollingIntervalSeconds: Math.max(0.5, config.webhookPollMs / 1000), concurrency: CONCURRENCY });
  await jobs.work(WEBHOOK_SWEEP_JOB, async () => ({ enqueued: await sweep() }));
  await jobs.schedule(WEBHOOK_SWEEP_JOB, SWEEP_CRON);
  // Tries left due while no server ran go now, not at the next minute.
  await jobs.send(WEBHOOK_SWEEP_JOB);
  jobs.nudge(WEBHOOK_SWEEP_JOB);

  const unsubscribe = context.live.onPublish((message) => {
    const event = WEBHOOK_EVENT_OF_TOPIC[message.topic];
    if (!event || stopped) return;
    const payload = message.payload as { id?: unknown; xmin?: unknown } | null;
    if (payload && payload.id !== undefined && payload.xmin !== undefined) {
      const key = `${message.topic}:${String(payload.id)}:${String(payload.xmin)}`;
      if (recent.has(key)) return;
      recent.add(key);
      if (recent.size > RECENT_LIMIT) recent.delete(recent.values().next().value!);
    }
    void track(dispatch(message, event).catch((error: unknown) => {
      log.error({ err: error, topic: message.topic }, 'webhook dispatch failed');
    }));
  });

  const dispatcher: WebhookDispatcher = {
    async send(webhookId, event, data, companyId) {
      const attempt = await record(webhookId, event, data, companyId, true);
      await track(perform(attempt.id));
      return attempt.id;
    },
    invalidate() {
      cache = undefined;
    },
    sweep,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      stopped = true;
      unsubscribe();
      await dispatcher.idle();
      dispatchers.delete(context);
    },
  };
  dispatchers.set(context, dispatcher);
  return dispatcher;
}

function describeError(failure: unknown, timeoutMs: number): string {
  const error = failure as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `No answer within ${timeoutMs} ms`;
  const cause = error.cause?.code ?? error.cause?.message;
  return cause ? `${error.message ?? 'Request failed'} (${cause})` : (error.message ?? 'Request failed');
}
