import { createActorContext, useSelector } from '@xstate/react';
import { rootMachine } from '../machines/root.machine';

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
