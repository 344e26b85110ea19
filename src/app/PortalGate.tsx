import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { usePortalActor } from './root-actor';
import { PortalConnectionError, Splash, UnknownHost } from './StartupScreens';

/** Shows the start-up screens until the portal is ready, then the app. */
export function PortalGate({ children }: { children: ReactNode }) {
  const portalActor = usePortalActor();
  const state = useSelector(portalActor, (snapshot) => snapshot.value);
  switch (state) {
    case 'ready':
      return <>{children}</>;
    case 'unknownHost':
      return <UnknownHost hostname={window.location.hostname} />;
    case 'connectionError':
      return <PortalConnectionError onRetry={() => portalActor.send({ type: 'portal.retry' })} />;
    default:
      return <Splash />;
  }
}
