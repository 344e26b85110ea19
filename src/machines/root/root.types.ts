import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { authMachine } from '../auth/auth.machine';
import type { portalMachine } from '../portal/portal.machine';
import type { PortalInput } from '../portal/portal.types';
import type { connectionMachine } from '../session/connection.machine';
import type { idleMachine } from '../session/idle.machine';
import type { identityLiveMachine } from '../session/identity-live.machine';
import type { notificationsMachine } from '../session/notifications.machine';

export type RootInput = PortalInput;

/** A screen's workflow opens and closes with its screen; the root owns it meanwhile (see use-screen-actor.ts). */
export type RootEvent =
  | { type: 'screen.open'; id: string; logic: AnyActorLogic; input: unknown }
  | { type: 'screen.close'; id: string };

export interface RootContext {
  portal: ActorRefFrom<typeof portalMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  idle: ActorRefFrom<typeof idleMachine>;
  connection: ActorRefFrom<typeof connectionMachine>;
  identityLive: ActorRefFrom<typeof identityLiveMachine>;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface RootSchema {
  input: RootInput;
  context: RootContext;
  events: RootEvent;
}
