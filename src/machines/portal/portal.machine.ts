import { assign, fromPromise, setup } from 'xstate';
import { api, ApiError } from '../../api';
import { RETRY_INTERVAL_MS, RETRY_MAX_ATTEMPTS } from '../../lib/shell-constants';
import { isPortalCode, parseHost } from '../../lib/host';
import type { PortalSchema, Portal } from './portal.types';

export const lookupPortal = fromPromise<Portal, { code: string }>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/countries/{code}', { params: { path: { code: input.code } }, signal });
  return data!;
});

/**
 * Resolves the country portal from the host name on start (000 section 1): ready with the portal's data,
 * or unknown host. A lookup with no answer (or a 5xx) is retried every 1500 ms up to 30 times, then the
 * connection error screen offers a retry.
 */
export const portalMachine = setup({
  types: {} as PortalSchema,
  actors: { lookupPortal },
  guards: {
    hasPortalCode: ({ context }) => isPortalCode(context.host.code),
    isUnknownPortal: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && (params.error.status === 404 || params.error.status === 400),
    canRetry: ({ context }) => context.attempts < RETRY_MAX_ATTEMPTS,
  },
  delays: { retryInterval: RETRY_INTERVAL_MS },
}).createMachine({
  id: 'portal',
  description: 'Looks up the country portal named by the host; every later call is scoped by its cca2.',
  context: ({ input }) => ({
    host: parseHost(input.hostname, input.defaultPortal),
    portal: undefined,
    attempts: 0,
    error: undefined,
  }),
  initial: 'checkingHost',
  states: {
    checkingHost: {
      always: [{ guard: 'hasPortalCode', target: 'resolving' }, { target: 'unknownHost' }],
    },
    resolving: {
      tags: ['loading'],
      invoke: {
        id: 'lookupPortal',
        src: 'lookupPortal',
        input: ({ context }) => ({ code: context.host.code }),
        onDone: {
          target: 'ready',
          actions: assign({ portal: ({ event }) => event.output, error: undefined }),
        },
        onError: [
          { guard: { type: 'isUnknownPortal', params: ({ event }) => ({ error: event.error }) }, target: 'unknownHost' },
          {
            guard: 'canRetry',
            target: 'retrying',
            actions: assign({
              attempts: ({ context }) => context.attempts + 1,
              error: ({ event }) => (event.error instanceof ApiError ? event.error : undefined),
            }),
          },
          { target: 'connectionError' },
        ],
      },
    },
    retrying: {
      tags: ['loading'],
      after: { retryInterval: 'resolving' },
    },
    connectionError: {
      on: { 'portal.retry': { target: 'resolving', actions: assign({ attempts: 0 }) } },
    },
    ready: {},
    unknownHost: {},
  },
});
