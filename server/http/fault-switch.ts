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
 */
export const FAULT_COOKIE = 'courier_fault';
export const FAULT_ARM_PATH = '/__faults/arm';

export function registerFaultSwitch(app: FastifyInstance, operations: readonly string[], operationIdOf: (request: FastifyRequest) => string | undefined): void {
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
