// Limits at the edge, from maintained plugins: anonymous writes per client address and expensive signed-in
// calls per user (@fastify/rate-limit), and load shedding when the event loop falls behind
// (@fastify/under-pressure), so that overload is answered at once with 429 or 503 and Retry-After instead of
// queueing without bound.
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TEXTS, waitText } from '../../src/lib/error-catalogue';
import { HttpError } from './errors';

export interface LoadLimits {
  /** Writes without a bearer token (or API key) allowed per client address and minute. */
  anonymousWritesPerMinute: number;
  /** Exports, uploads and bulk changes allowed per signed-in user and minute. */
  expensiveCallsPerMinute: number;
  /** Event-loop delay (ms) past which requests are shed with 503. */
  maxEventLoopDelayMs: number;
}

/** How often the event loop's delay is measured. */
const DELAY_SAMPLE_MS = 1000;
/** Seconds a shed client is told to wait. */
const SHED_RETRY_AFTER_SECONDS = 10;
export const LOAD_TEXTS = { busy: 'The server is busy. Please try again shortly.' } as const;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Anonymous reads that do work per call (the price calculator's place search): limited like anonymous writes. */
const LIMITED_ANONYMOUS_READS = new Set(['publicplaces']);
const isAnonymousWrite = (request: FastifyRequest, operationId: string | undefined) => !request.headers.authorization
  && (!READS.has(request.method) || LIMITED_ANONYMOUS_READS.has(operationId ?? ''));

/** Work far heavier than a page of rows: a whole list as .xlsx, an uploaded file, a change to many records. */
function isExpensive(request: FastifyRequest, operationId: string | undefined): boolean {
  const { exportExcel } = request.query as { exportExcel?: unknown };
  return exportExcel === 'true' || exportExcel === true
    || (request.headers['content-type'] ?? '').startsWith('multipart/')
    || (operationId?.startsWith('bulk') ?? false);
}

const tooMany = (ttlMs: number) => new HttpError(429, AUTH_TEXTS.tooManyRequests(waitText(Math.max(1, Math.ceil(ttlMs / 1000)))));

/**
 * Registers both. The plugin runs one limiter per request, so one limiter classifies each request and counts
 * it under its own key and allowance: an anonymous write per address, an expensive call per user (an API key
 * counts as its user). It runs as a route hook, after the access check that names the user.
 */
export async function registerLoadLimits(
  app: FastifyInstance,
  limits: LoadLimits,
  operationIdOf: (request: FastifyRequest) => string | undefined,
): Promise<void> {
  // The delay is a mean over each sample interval. The samples up to the second one after `ready` include the start-up's
  // own work (compiling routes, opening the database), which is no visitor's load: requests then are not shed for it.
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => { readyAt = performance.now(); });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    sampleInterval: DELAY_SAMPLE_MS,
    retryAfter: SHED_RETRY_AFTER_SECONDS,
    pressureHandler: (_request, reply, type) => {
      if (type === 'eventLoopDelay' && performance.now() - readyAt < 2 * DELAY_SAMPLE_MS) return;
      void reply.status(503).header('Retry-After', String(SHED_RETRY_AFTER_SECONDS)).send({ message: LOAD_TEXTS.busy });
    },
  });
  const limitedAs = (request: FastifyRequest): 'anonymousWrite' | 'expensive' | undefined => {
    if (isAnonymousWrite(request, operationIdOf(request))) return 'anonymousWrite';
    if (isExpensive(request, operationIdOf(request))) return 'expensive';
    return undefined;
  };
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    allowList: (request) => limitedAs(request) === undefined,
    keyGenerator: (request) => (limitedAs(request) === 'expensive' ? `expensive:${request.permissions?.id ?? request.ip}` : `anonymous:${request.ip}`),
    max: (request) => (limitedAs(request) === 'expensive' ? limits.expensiveCallsPerMinute : limits.anonymousWritesPerMinute),
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });
}
