import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * The browser suite's fault switch (tests/e2e/chart-replay.test.ts; docs/decisions.md "Chart replay: server errors
 * from a fault switch"). Exists only when FAULT_OPERATIONS names operationIds (never by default; config refuses it
 * in production): then `POST /__faults/arm` with `{ operationId }` answers a scope, and the next request of that
 * operation carrying the cookie `courier_fault=<scope>` (one browser context's) throws before its handler runs, so
 * the server's own error handler answers it as any unhandled error: 500 `Internal error (request <id>)`. One
 * arming, one failure; other callers' requests are never touched.
 *
 * Beside it, `POST /__faults/expire-session` with `{ refreshToken }` brings that token's login session to its
 * absolute end now, as time would (the server's clock is not the browser's to move): its next refresh is the
 * server's own 440 'Your session has expired', and the session is over at the server too (a 440 armed as a fault
 * would leave it alive). Answers 204, or 404 for a token of no session.
 */
export const FAULT_COOKIE = 'courier_fault';
export const FAULT_ARM_PATH = '/__faults/arm';
export const EXPIRE_SESSION_PATH = '/__faults/expire-session';

export function registerFaultSwitch(
  app: FastifyInstance,
  operations: readonly string[],
  operationIdOf: (request: FastifyRequest) => string | undefined,
  /** Ends the session of a refresh token now (its family's absolute end); false when the token has none. */
  expireSession?: (refreshToken: string) => Promise<boolean>,
): void {
  if (operations.length === 0) return;
  const allowed = new Set(operations);
  /** Armed failures: scope → operationIds still to fail once each. */
  const armed = new Map<string, string[]>();

  app.post<{ Body: { operationId?: unknown; scope?: unknown } }>(FAULT_ARM_PATH, async (request) => {
    const { operationId, scope } = request.body ?? {};
    if (typeof operationId !== 'string' || !allowed.has(operationId)) {
      throw new HttpError(400, `operationId must be one of FAULT_OPERATIONS (${[...allowed].join(', ')})`);
    }
    const key = typeof scope === 'string' && scope ? scope : randomUUID();
    armed.set(key, [...(armed.get(key) ?? []), operationId]);
    return { scope: key, operationId };
  });

  if (expireSession) {
    app.post<{ Body: { refreshToken?: unknown } }>(EXPIRE_SESSION_PATH, async (request, reply) => {
      const { refreshToken } = request.body ?? {};
      if (typeof refreshToken !== 'string' || !refreshToken) throw new HttpError(400, 'refreshToken is required');
      if (!(await expireSession(refreshToken))) throw new HttpError(404, 'No session has this refresh token');
      return reply.code(204).send();
    });
  }

  app.addHook('preHandler', async (request) => {
    const scope = request.cookies?.[FAULT_COOKIE];
    const operationId = operationIdOf(request);
    if (!scope || !operationId) return;
    const pending = armed.get(scope);
    const at = pending?.indexOf(operationId) ?? -1;
    if (!pending || at < 0) return;
    pending.splice(at, 1);
    throw new Error(`Injected fault (FAULT_OPERATIONS): ${operationId}`);
  });
}
