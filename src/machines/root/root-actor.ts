import { createActorContext, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { Permissions } from '../../lib/roles';
import type { authMachine } from '../auth/auth.machine';
import { rootMachine } from './root.machine';

/** The root actor, provided once at the top of the tree. */
export const RootActor = createActorContext(rootMachine);

/** The portal actor (a child of the root with systemId 'portal'). */
export function usePortalActor() {
  return RootActor.useSelector((snapshot) => snapshot.context.portal);
}

/**
 * The resolved portal (cca2, currency, time zone). Screens below the portal gate only render once it is
 * ready, so there it is always defined.
 */
export function usePortal() {
  const portal = useSelector(usePortalActor(), (snapshot) => snapshot.context.portal);
  if (!portal) throw new Error('usePortal is only available below the portal gate');
  return portal;
}

export function useEnvironment() {
  return useSelector(usePortalActor(), (snapshot) => snapshot.context.host.environment);
}

/** The auth actor (systemId 'auth'): send it the events of auth.types.ts. */
export function useAuthActor() {
  return RootActor.useSelector((snapshot) => snapshot.context.auth);
}

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Reads from the auth actor's snapshot (state and AuthContext). */
export function useAuth<T>(selector: (snapshot: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAuthActor(), selector, compare);
}

/**
 * The signed-in user's permissions: undefined while the session is being restored on start, null when
 * signed out.
 */
export function usePermissions(): Permissions | null | undefined {
  return useAuth((snapshot) => (snapshot.hasTag('restoring') ? undefined : snapshot.context.permissions));
}

/** The idle actor (systemId 'idle'): the idle prompt reads it. */
export function useIdleActor() {
  return RootActor.useSelector((snapshot) => snapshot.context.idle);
}

/** The notifications actor (systemId 'notifications'): the error dialog, the connection flag, the toasts. */
export function useNotificationsActor() {
  return RootActor.useSelector((snapshot) => snapshot.context.notifications);
}
