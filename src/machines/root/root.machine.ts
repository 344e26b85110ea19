import { assertEvent, enqueueActions, setup, stopChild } from 'xstate';
import { authMachine } from '../auth/auth.machine';
import { portalMachine } from '../portal/portal.machine';
import { CONNECTION_SYSTEM_ID, connectionMachine } from '../session/connection.machine';
import { idleMachine } from '../session/idle.machine';
import { IDENTITY_LIVE_SYSTEM_ID, identityLiveMachine } from '../session/identity-live.machine';
import { NOTIFICATIONS_SYSTEM_ID, notificationsMachine } from '../session/notifications.machine';
import type { RootSchema } from './root.types';

/**
 * The app's one root actor. It owns the long-lived children, each with a systemId so any actor can find it
 * (`system.get('auth')`): the portal lookup, the auth session and the idle watch. It also spawns each screen's
 * workflow when the screen opens and stops it when the screen closes, so those join its system (its clock, its
 * inspection for /flows) through public API only.
 */
export const rootMachine = setup({
  types: {} as RootSchema,
  actors: { portal: portalMachine, notifications: notificationsMachine, auth: authMachine, idle: idleMachine, connection: connectionMachine, identityLive: identityLiveMachine },
  actions: {
    // The screen's logic comes with the event: any machine a view runs, without listing them all here. Logic
    // given inline takes no `id` in the types, so the screen is registered (and found again) by systemId.
    openScreen: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'screen.open');
      enqueue.spawnChild(event.logic, { systemId: event.id, input: event.input });
    }),
    closeScreen: stopChild(({ event, system }) => {
      assertEvent(event, 'screen.close');
      return system.get(event.id);
    }),
  },
}).createMachine({
  id: 'root',
  description: 'Owns the long-lived actors of the app (the portal lookup, the notifications, the auth session, the idle watch and the real-time connection) and the workflows of the open screens.',
  context: ({ spawn, input }) => ({
    portal: spawn('portal', { id: 'portal', systemId: 'portal', input }),
    // Before auth, so that any actor can report to it from its first step.
    notifications: spawn('notifications', { id: 'notifications', systemId: NOTIFICATIONS_SYSTEM_ID }),
    auth: spawn('auth', { id: 'auth', systemId: 'auth' }),
    idle: spawn('idle', { id: 'idle', systemId: 'idle' }),
    // Idles while signed out; connects the real-time hub while someone is signed in.
    connection: spawn('connection', { id: 'connection', systemId: CONNECTION_SYSTEM_ID }),
    // Issue 20: the identity hub while someone is signed in (profile reloads, token rotations, revocations).
    identityLive: spawn('identityLive', { id: 'identityLive', systemId: IDENTITY_LIVE_SYSTEM_ID }),
  }),
  on: {
    'screen.open': { actions: 'openScreen' },
    'screen.close': { actions: 'closeScreen' },
  },
});
