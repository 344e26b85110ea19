import { assign, emit, fromPromise, setup } from 'xstate';
import { liveDashboard, type LiveClosed } from '../../api/realtime';
import { CONNECTION_RETRY_INTERVAL_MS, CONNECTION_RETRY_LIMIT, COUNTDOWN_TICK_MS } from '../../lib/shell-constants';
import { outputParams } from '../shared/shared.actions';
import { authWatchOf } from './auth-watch';
import type { ConnectionSchema, ConnectionContext } from './connection.types';

export const CONNECTION_SYSTEM_ID = 'connection';

/** Whole seconds before the next attempt, as the banner shows them. */
export function secondsToRetry(context: ConnectionContext): number {
  return Math.ceil(context.remainingMs / 1000);
}

/** Follows the auth actor (systemId 'auth'): the hub needs a signed-in user. */
export const authWatch = authWatchOf({ type: 'connection.session.start' } as const, { type: 'connection.session.end' } as const);

/**
 * The app's real-time connection (000 section 2, 002 sections 4 and 7): connects the dashboard hub while
 * someone is signed in ("Connecting to server..."); when the connection is lost, the banner says "Connection
 * lost. Trying to reconnect in: " with a countdown, and it retries at an interval up to a limit, after which
 * the connection-error screen reloads the page in 30 s. A close because the access token expired reconnects at
 * once (the token gate refreshes it first). After every reconnect it emits `connection.reconnected`.
 */
export const connectionMachine = setup({
  types: {} as ConnectionSchema,
  actors: {
    authWatch,
    connect: fromPromise(() => liveDashboard.start()),
    watch: fromPromise<LiveClosed>(() => liveDashboard.closed()),
  },
  actions: {
    disconnect: () => { void liveDashboard.stop(); },
    connected: assign({ attempts: 0, wasConnected: true }),
    announceReconnect: emit({ type: 'connection.reconnected' } as const),
    startCountdown: assign({ remainingMs: CONNECTION_RETRY_INTERVAL_MS, attempts: ({ context }) => context.attempts + 1 }),
    tick: assign({ remainingMs: ({ context }) => Math.max(0, context.remainingMs - COUNTDOWN_TICK_MS) }),
    reset: assign({ attempts: 0, wasConnected: false, remainingMs: CONNECTION_RETRY_INTERVAL_MS }),
  },
  guards: {
    wasConnected: ({ context }) => context.wasConnected,
    isLastTick: ({ context }) => context.remainingMs <= COUNTDOWN_TICK_MS,
    retriesLeft: ({ context }) => context.attempts < CONNECTION_RETRY_LIMIT,
    tokenExpired: (_, closed: LiveClosed | undefined) => closed?.tokenExpired === true,
  },
  delays: { tick: COUNTDOWN_TICK_MS },
}).createMachine({
  id: 'connection',
  description: 'The real-time connection while signed in: connect, reconnect with a countdown, or the connection-error screen.',
  context: { attempts: 0, remainingMs: CONNECTION_RETRY_INTERVAL_MS, wasConnected: false },
  invoke: { id: 'authWatch', src: 'authWatch' },
  initial: 'signedOut',
  on: {
    'connection.session.end': { target: '.signedOut', actions: ['disconnect', 'reset'] },
  },
  states: {
    signedOut: {
      description: 'Nobody is signed in: no connection, no banner.',
      on: { 'connection.session.start': 'connecting' },
    },
    connecting: {
      description: 'Banner "Connecting to server..." while the hub connection starts.',
      invoke: {
        id: 'connect',
        src: 'connect',
        onDone: [
          { guard: 'wasConnected', target: 'connected', actions: 'announceReconnect' },
          { target: 'connected' },
        ],
        onError: [
          { guard: 'retriesLeft', target: 'reconnecting' },
          { target: 'failed' },
        ],
      },
    },
    connected: {
      description: 'Live updates flow; no banner.',
      entry: 'connected',
      invoke: {
        id: 'watch',
        src: 'watch',
        onDone: [
          // The server closed it because the token expired: reconnect at once with a refreshed token.
          { guard: { type: 'tokenExpired', params: outputParams }, target: 'connecting' },
          { target: 'reconnecting' },
        ],
      },
    },
    reconnecting: {
      description: 'Banner "Connection lost. Trying to reconnect in: " with the seconds left before the next attempt.',
      entry: 'startCountdown',
      initial: 'counting',
      states: {
        counting: {
          after: {
            tick: [
              { guard: 'isLastTick', target: '#connection.connecting', actions: 'tick' },
              { target: 'counting', reenter: true, actions: 'tick' },
            ],
          },
        },
      },
      on: { 'connection.retryNow': 'connecting' },
    },
    failed: {
      description: 'Every retry failed: the connection-error screen reloads the page after 30 s.',
    },
  },
});
