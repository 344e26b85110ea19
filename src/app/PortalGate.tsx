import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useAuth, usePortalActor } from '../machines/root/root-actor';
import { PortalConnectionError, Splash, UnknownHost } from './StartupScreens';
import { AppErrorBoundary, authOf } from './UnhandledErrorScreen';

/** Shows the start-up screens until the portal is ready, then the app; an error nothing else caught ends here. */
export function PortalGate({ children }: { children: ReactNode }) {
  const auth = useAuth((snapshot) => authOf(snapshot.context.permissions));
  return (
    <AppErrorBoundary auth={auth}>
      <PortalScreens>{children}</PortalScreens>
    </AppErrorBoundary>
  );
}

function PortalScreens({ children }: { children: ReactNode }) {
  const portalActor = usePortalActor();
  const state = useSelector(portalActor, (snapshot) => snapshot.value);
  // The lookup is retried because nothing answered (not a 5xx): the network may be gone.
  const noAnswer = useSelector(portalActor, (snapshot) => snapshot.matches('retrying') && snapshot.context.error?.status === 0);
  switch (state) {
    case 'ready':
      return <>{children}</>;
    case 'unknownHost':
      return <UnknownHost hostname={window.location.hostname} />;
    case 'connectionError':
      return <PortalConnectionError onRetry={() => portalActor.send({ type: 'portal.retry' })} />;
    default:
      return <Splash noAnswer={noAnswer} />;
  }
}
