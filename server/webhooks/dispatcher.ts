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
 * schedules the next one with exponential backoff, until the maximum; the schedule lives in the database, so
 * a restarted server (or another process) picks due retries up.
 */
export interface WebhookDispatcher {
  /** Records and sends one event to one webhook now; resolves with the first attempt once it has finished. */
  send(webhookId: number, event: string, data: unknown, companyId?: number | null): Promise<number>;
  /** Forget the cached webhook list (after a webhook changed). */
  invalidate(): void;
  /** Runs due retries now (tests; the timer does it every poll interval). */
  runDue(): Promise<void>;
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

const RECENT_LIMIT = 500;
/** The error of a retry not sent because the webhook was deactivated meanwhile. */
export const INACTIVE_ERROR = 'Not sent: the webhook is inactive';

export function startWebhookDispatcher(context: AppContext, logger: Logger): WebhookDispatcher {
  const { db, config } = context;
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
    await db.transaction(async (tx) => {
      await tx.update(webhookAttempts).set({ statusId, httpStatus, error, durationMs, nextAttemptAt: null, createdAt: new Date(started) })
        .where(eq(webhookAttempts.id, attempt.id));
      if (retry) {
        await tx.insert(webhookAttempts).values({
          webhookId: attempt.webhookId, eventId: attempt.eventId, event: attempt.event, payload: attempt.payload,
          attempt: attempt.attempt + 1, statusId: WEBHOOK_RESULT_STATUS.UNKNOWN,
          nextAttemptAt: new Date(Date.now() + backoffMs(attempt.attempt, config.webhookBackoffBaseMs, config.webhookBackoffMaxMs)),
        });
      }
    });
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

  /** Stores the first try of an event already claimed by this process (leased), to be performed at once. */
  async function record(webhookId: number, event: string, data: unknown, companyId: number | null | undefined): Promise<number> {
    const eventId = randomUUID();
    const [row] = await db.insert(webhookAttempts).values({
      webhookId, eventId, event, payload: eventBody(eventId, event, data, companyId), attempt: 1,
      statusId: WEBHOOK_RESULT_STATUS.UNKNOWN, nextAttemptAt: leaseEnd(),
    }).returning({ id: webhookAttempts.id });
    return row!.id;
  }

  async function dispatch(message: LiveMessage, event: WebhookEventType): Promise<void> {
    const hooks = (await activeWebhooks()).filter((hook) => hook.eventTypes.includes(event));
    if (hooks.length === 0) return;
    const companyId = message.scope.companyId ?? null;
    const portalId = companyId === null ? null : await portalOfCompany(companyId);
    const targets = hooks.filter((hook) => (hook.companyId === null
      ? portalId === null || hook.portalId === portalId
      : hook.companyId === companyId));
    // Each webhook on its own: a slow receiver does not hold up the others.
    await Promise.all(targets.map(async (hook) => perform(await record(hook.id, event, message.payload, companyId))));
  }

  async function runDue(): Promise<void> {
    const due = await db.select({ id: webhookAttempts.id }).from(webhookAttempts)
      .where(and(eq(webhookAttempts.statusId, WEBHOOK_RESULT_STATUS.UNKNOWN), isNotNull(webhookAttempts.nextAttemptAt),
        lte(webhookAttempts.nextAttemptAt, sql`now()`)))
      .orderBy(webhookAttempts.nextAttemptAt).limit(50);
    await Promise.all(due.map((row) => track(claimAndPerform(row.id).catch((error: unknown) => {
      log.error({ err: error, attemptId: row.id }, 'webhook retry failed');
    }))));
  }

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

  let polling = false;
  const timer = setInterval(() => {
    if (polling || stopped) return;
    polling = true;
    void runDue().catch((error: unknown) => log.error({ err: error }, 'webhook poll failed')).finally(() => { polling = false; });
  }, config.webhookPollMs);
  timer.unref();

  const dispatcher: WebhookDispatcher = {
    async send(webhookId, event, data, companyId) {
      const attemptId = await record(webhookId, event, data, companyId);
      await track(perform(attemptId));
      return attemptId;
    },
    invalidate() {
      cache = undefined;
    },
    runDue,
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
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
