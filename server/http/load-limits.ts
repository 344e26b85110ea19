// Two limits at the edge, both from maintained plugins: anonymous writes per client address
// (@fastify/rate-limit), and load shedding when the event loop falls behind (@fastify/under-pressure), so
// that overload is answered at once with 429 or 503 and Retry-After instead of queueing without bound.
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TEXTS, waitText } from '../../src/lib/error-catalogue';
import { HttpError } from './errors';

export interface LoadLimits {
  /** Writes without a bearer token (or API key) allowed per client address and minute. */
  anonymousWritesPerMinute: number;
  /** Event-loop delay (ms) past which requests are shed with 503. */
  maxEventLoopDelayMs: number;
}

/** Seconds a shed client is told to wait. */
const SHED_RETRY_AFTER_SECONDS = 10;
export const LOAD_TEXTS = { busy: 'The server is busy. Please try again shortly.' } as const;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isAnonymousWrite = (request: FastifyRequest) => !READS.has(request.method) && !request.headers.authorization;

export async function registerLoadLimits(app: FastifyInstance, limits: LoadLimits): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    retryAfter: SHED_RETRY_AFTER_SECONDS,
    pressureHandler: (_request, reply) => {
      void reply.status(503).header('Retry-After', String(SHED_RETRY_AFTER_SECONDS)).send({ message: LOAD_TEXTS.busy });
    },
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.anonymousWritesPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !isAnonymousWrite(request),
    errorResponseBuilder: (_request, context) => new HttpError(429, AUTH_TEXTS.tooManyRequests(waitText(Math.max(1, Math.ceil(context.ttl / 1000))))),
  });
}
