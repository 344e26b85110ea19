import { fromCallback, fromPromise } from 'xstate';
import type { LiveClosed } from '../../src/api/realtime';
import { connectionMachine } from '../../src/machines/session/connection.machine';
import { identityLiveMachine } from '../../src/machines/session/identity-live.machine';

/**
 * The connection actor for jsdom tests that render the app: there is no hub server, so it "connects" at
 * once and stays connected (no banner, no socket). Tests of the connection itself drive the real machine.
 */
export const quietConnection = connectionMachine.provide({
  actors: {
    connect: fromPromise<void>(async () => undefined),
    watch: fromPromise<LiveClosed>(() => new Promise<LiveClosed>(() => undefined)),
  },
  actions: { disconnect: () => undefined },
});

/** The identity-live actor for jsdom tests that render the app: subscribed at once, hearing nothing, no socket. */
export const quietIdentity = identityLiveMachine.provide({
  actors: {
    connect: fromPromise<void>(async () => undefined),
    identityUpdates: fromCallback(() => undefined),
    watch: fromPromise<LiveClosed>(() => new Promise<LiveClosed>(() => undefined)),
  },
  actions: { disconnect: () => undefined },
});
