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
 * Armed with `{ operationId, status: 440 }` instead, that request's bearer session is brought to its absolute end
 * as it arrives, before the access check, as time would (the server's clock is not the browser's to move): the
 * server's own check then answers it 440 'Your session has expired', and the session is over at the server too.
 *
 * Beside it, `POST /__faults/expire-session` with `{ refreshToken }` brings that token's login session to its
 * absolute end now: its next refresh, and every call with its access tokens, is the server's own 440. Answers 204,
 * or 404 for a token of no session.
 */
export const FAULT_COOKIE = 'courier_fault';
export const FAULT_ARM_PATH = '/__faults/arm';
export const EXPIRE_SESSION_PATH = '/__faults/expire-session';

/** What an armed call gets: the server's 500, or its session brought to its end first (the server's own 440). */
type FaultStatus = 500 | 440;

/** Registered before the access check: a 440 is armed by ending the session before that check reads it. */
export function registerFaultSwitch(
  app: FastifyInstance,
  operations: readonly string[],
  sessions: {
    operationIdOf(request: FastifyRequest): string | undefined;
    /** Ends the session of a refresh token now (its family's absolute end); false when the token has none. */
    expireSession(refreshToken: string): Promise<boolean>;
    /** Ends the session of a request's bearer access token now; false when there is none. */
    expireSessionOfRequest(request: FastifyRequest): Promise<boolean>;
  },
): void {
  if (operations.length === 0) return;
  const allowed = new Set(operations);
  /** Armed faults: scope → the operationIds still to fail once each, and how. */
  const armed = new Map<string, { operationId: string; status: FaultStatus }[]>();

  app.post<{ Body: { operationId?: unknown; scope?: unknown; status?: unknown } }>(FAULT_ARM_PATH, async (request) => {
    const { operationId, scope, status = 500 } = request.body ?? {};
    if (typeof operationId !== 'string' || !allowed.has(operationId)) {
      throw new HttpError(400, `operationId must be one of FAULT_OPERATIONS (${[...allowed].join(', ')})`);
    }
    if (status !== 500 && status !== 440) throw new HttpError(400, 'status must be 500 or 440');
    const key = typeof scope === 'string' && scope ? scope : randomUUID();
    armed.set(key, [...(armed.get(key) ?? []), { operationId, status }]);
    return { scope: key, operationId, status };
  });

  app.post<{ Body: { refreshToken?: unknown } }>(EXPIRE_SESSION_PATH, async (request, reply) => {
    const { refreshToken } = request.body ?? {};
    if (typeof refreshToken !== 'string' || !refreshToken) throw new HttpError(400, 'refreshToken is required');
    if (!(await sessions.expireSession(refreshToken))) throw new HttpError(404, 'No session has this refresh token');
    return reply.code(204).send();
  });

  /** Takes the request's armed fault of `status`, if any (each arming answers once). */
  const take = (request: FastifyRequest, status: FaultStatus): string | undefined => {
    const scope = request.cookies?.[FAULT_COOKIE];
    const operationId = sessions.operationIdOf(request);
    if (!scope || !operationId) return undefined;
    const pending = armed.get(scope);
    const at = pending?.findIndex((fault) => fault.operationId === operationId && fault.status === status) ?? -1;
    if (!pending || at < 0) return undefined;
    pending.splice(at, 1);
    return operationId;
  };

  app.addHook('onRequest', async (request) => {
    const operationId = take(request, 440);
    if (operationId && !(await sessions.expireSessionOfRequest(request))) {
      throw new HttpError(400, `Injected fault (FAULT_OPERATIONS): ${operationId} armed with 440 came with no session to end`);
    }
  });

  app.addHook('preHandler', async (request) => {
    const operationId = take(request, 500);
    if (operationId) throw new Error(`Injected fault (FAULT_OPERATIONS): ${operationId}`);
  });
}
