import { assign, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate';
import { liveIdentity, type LiveClosed } from '../../api/realtime';
import { LIVE_EVENTS, LIVE_TEXTS, type IdentityUpdate } from '../../lib/realtime';
import { authWatchOf } from './auth-watch';
import type { IdentityLiveSchema } from './identity-live.types';

export const IDENTITY_LIVE_SYSTEM_ID = 'identityLive';

/** Waits before connecting again after a failure (ours): 5 s, then 10 s, up to 60 s; the identity hub is a courtesy. */
export const IDENTITY_RETRY_MS = (attempts: number) => Math.min(60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
/** Failures counted: from the fifth on the wait is 60 s. */
export const IDENTITY_RETRY_STEPS = 5;

/** Follows the auth actor (systemId 'auth'): the identity hub needs a signed-in user. */
// Ends as soon as the client itself starts ending the session (stopping an impersonation): the server's revocation
// of that session then reaches no listener, and the main login is restored instead of signed out.
export const identityAuthWatch = authWatchOf({ type: 'identity.session.start' } as const, { type: 'identity.session.end' } as const,
  (snapshot) => snapshot.matches('signedIn') && !snapshot.hasTag('endingSession'));

/** Connects the identity hub and subscribes to the user's identity (subscribeToMyIdentity). */
async function connectIdentity(): Promise<void> {
  await liveIdentity.start();
  await liveIdentity.subscribe('MyIdentity');
}

/** The hub's three identity events as one machine event. */
const identityUpdates = fromCallback<IdentityLiveSchema['events']>(({ sendBack }) => {
  const stops = LIVE_EVENTS.MyIdentity.map((event) => liveIdentity.on(event, (payload) => {
    if (payload && typeof payload === 'object') sendBack({ type: 'identity.update', update: payload as IdentityUpdate });
  }));
  return () => stops.forEach((stop) => stop());
});

const toAuth = (system: unknown, event: { type: 'auth.reload' } | { type: 'auth.token.expiring' } | { type: 'auth.unauthorized' }) => {
  (system as { get(id: string): AnyActorRef | undefined }).get('auth')?.send(event);
};

/**
 * Live identity (002 section 7; issue 20): while someone is signed in the client subscribes to the identity hub
 * (subscribeToMyIdentity; unsubscribeFromMyIdentity as the connection closes). An update with reloadProfile
 * reloads the profile and the token (an administrator changed the roles: the menus follow without a page reload);
 * one with a refresh token rotates the session's token; a revoked one, or the hub closing the connection because
 * the session ended, signs out at once. A lost connection is tried again after a growing wait.
 */
export const identityLiveMachine = setup({
  types: {} as IdentityLiveSchema,
  actors: {
    authWatch: identityAuthWatch,
    connect: fromPromise(() => connectIdentity()),
    identityUpdates,
    watch: fromPromise<LiveClosed>(() => liveIdentity.closed()),
  },
  actions: {
    disconnect: () => { void liveIdentity.stop(); },
    reloadProfile: ({ system }) => toAuth(system, { type: 'auth.reload' }),
    rotateToken: ({ system }) => toAuth(system, { type: 'auth.token.expiring' }),
    signOut: ({ system }) => toAuth(system, { type: 'auth.unauthorized' }),
    remember: assign((_, update: IdentityUpdate) => ({ last: update })),
    connected: assign({ attempts: 0 }),
    // Counted up to where the wait stops growing (a bounded count also keeps the chart's state space finite).
    failedOnce: assign({ attempts: ({ context }) => Math.min(IDENTITY_RETRY_STEPS, context.attempts + 1) }),
    reset: assign({ attempts: 0, last: null }),
  },
  guards: {
    revoked: (_, update: IdentityUpdate) => update.revoked,
    reloadProfile: (_, update: IdentityUpdate) => update.reloadProfile,
    rotated: (_, update: IdentityUpdate) => typeof update.refreshToken === 'string' && update.refreshToken !== '',
    sessionEnded: (_, closed: LiveClosed) => Boolean(closed.error?.includes(LIVE_TEXTS.sessionEnded)),
  },
  delays: { retry: ({ context }) => IDENTITY_RETRY_MS(context.attempts) },
}).createMachine({
  id: 'identityLive',
  description: 'The identity hub while signed in: profile reloads, token rotations and revocations reach the session at once.',
  context: { attempts: 0, last: null },
  invoke: { id: 'authWatch', src: 'authWatch' },
  initial: 'signedOut',
  on: {
    'identity.session.end': { target: '.signedOut', actions: ['disconnect', 'reset'] },
  },
  states: {
    signedOut: {
      description: 'Nobody is signed in: no identity connection.',
      on: { 'identity.session.start': 'connecting' },
    },
    connecting: {
      description: 'The identity hub is being connected and the user\'s identity subscribed to.',
      invoke: {
        id: 'connect',
        src: 'connect',
        onDone: { target: 'listening', actions: 'connected' },
        onError: { target: 'waiting', actions: 'failedOnce' },
      },
    },
    listening: {
      description: 'Subscribed: each update is acted on at once.',
      invoke: [
        { id: 'identityUpdates', src: 'identityUpdates' },
        {
          id: 'watch',
          src: 'watch',
          onDone: [
            // The server ended this session (logout elsewhere, revocation, deactivation): sign out now.
            { guard: { type: 'sessionEnded', params: ({ event }) => event.output }, target: 'signedOut', actions: 'signOut' },
            { target: 'waiting', actions: 'failedOnce' },
          ],
        },
      ],
      on: {
        'identity.update': [
          { guard: { type: 'revoked', params: ({ event }) => event.update }, target: 'signedOut', actions: [{ type: 'remember', params: ({ event }) => event.update }, 'disconnect', 'signOut'] },
          { guard: { type: 'reloadProfile', params: ({ event }) => event.update }, actions: [{ type: 'remember', params: ({ event }) => event.update }, 'reloadProfile'] },
          { guard: { type: 'rotated', params: ({ event }) => event.update }, actions: [{ type: 'remember', params: ({ event }) => event.update }, 'rotateToken'] },
        ],
      },
    },
    waiting: {
      description: 'The connection failed or was lost: tried again after a growing wait.',
      after: { retry: 'connecting' },
    },
  },
});
