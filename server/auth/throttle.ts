import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_TEXTS, waitText } from '../../src/lib/error-catalogue';
import { HttpError } from '../http/errors';
import type { AppContext } from '../context';

/** Keys with no hit inside the window are dropped every this many hits, so the map cannot grow without bound. */
const SWEEP_EVERY = 1000;

/**
 * Sliding-window log per key, in memory: at most `limit` hits in the last `windowMs`. One process's view; a
 * fleet behind a load balancer would move this to Redis (the same interface).
 */
export class SlidingWindowThrottle {
  private readonly hits = new Map<string, number[]>();
  private sinceSweep = 0;

  constructor(private readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** Records a hit, or answers how many seconds until one is allowed again (the hit is then not recorded). */
  hit(key: string, limit: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(now);
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true };
  }

  private sweep(now: number) {
    this.sinceSweep = 0;
    for (const [key, times] of this.hits) if ((times.at(-1) ?? 0) <= now - this.windowMs) this.hits.delete(key);
  }
}

const throttles = new WeakMap<AppContext, SlidingWindowThrottle>();

/** The app's one throttle (one per built app, so every test server starts clean). */
export function throttleOf(context: AppContext): SlidingWindowThrottle {
  let throttle = throttles.get(context);
  if (!throttle) {
    throttle = new SlidingWindowThrottle(context.config.throttleWindowSeconds * 1000);
    throttles.set(context, throttle);
  }
  return throttle;
}

/**
 * Throttles one kind of attempt per client address and, when given, per account (an email, a user id, a
 * two-factor challenge): too many → 429 with Retry-After. Each kind (`login`, `refresh` ...) counts apart, and may
 * have a per-account limit of its own (THROTTLE_PER_ACCOUNT_BY_KIND).
 */
export function enforceThrottle(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  account?: string | number,
): void {
  const throttle = throttleOf(context);
  const checks: Array<[string, number]> = [[`${kind}|ip|${request.ip}`, context.config.throttlePerAddress]];
  const perAccount = context.config.throttlePerAccountByKind[kind] ?? context.config.throttlePerAccount;
  if (account !== undefined) checks.push([`${kind}|account|${String(account).toLowerCase()}`, perAccount]);
  for (const [key, limit] of checks) {
    const result = throttle.hit(key, limit);
    if (!result.allowed) {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, AUTH_TEXTS.tooManyRequests(waitText(result.retryAfterSeconds)));
    }
  }
}
