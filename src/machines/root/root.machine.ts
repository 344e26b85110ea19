import { setup, type ActorRefFrom } from 'xstate';
import { authMachine } from '../auth/auth.machine';
import { portalMachine, type PortalInput } from '../portal/portal.machine';
import { CONNECTION_SYSTEM_ID, connectionMachine } from '../session/connection.machine';
import { idleMachine } from '../session/idle.machine';
import { NOTIFICATIONS_SYSTEM_ID, notificationsMachine } from '../session/notifications.machine';

export type RootInput = PortalInput;

export interface RootContext {
  portal: ActorRefFrom<typeof portalMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  idle: ActorRefFrom<typeof idleMachine>;
  connection: ActorRefFrom<typeof connectionMachine>;
}

/**
 * The app's one root actor. It owns the long-lived children, each with a systemId so any actor can find it
 * (`system.get('auth')`): the portal lookup, the auth session and the idle watch.
 */
export const rootMachine = setup({
  types: {
    input: {} as RootInput,
    context: {} as RootContext,
  },
  actors: { portal: portalMachine, notifications: notificationsMachine, auth: authMachine, idle: idleMachine, connection: connectionMachine },
}).createMachine({
  id: 'root',
  description: 'Owns the long-lived actors of the app: the portal lookup, the notifications, the auth session, the idle watch and the real-time connection.',
  context: ({ spawn, input }) => ({
    portal: spawn('portal', { id: 'portal', systemId: 'portal', input }),
    // Before auth, so that any actor can report to it from its first step.
    notifications: spawn('notifications', { id: 'notifications', systemId: NOTIFICATIONS_SYSTEM_ID }),
    auth: spawn('auth', { id: 'auth', systemId: 'auth' }),
    idle: spawn('idle', { id: 'idle', systemId: 'idle' }),
    // Idles while signed out; connects the real-time hub while someone is signed in.
    connection: spawn('connection', { id: 'connection', systemId: CONNECTION_SYSTEM_ID }),
  }),
});
