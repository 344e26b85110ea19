import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { trackingMachine } from '../../machines/tracking/tracking.machine';
import { ChatWidget } from '../../ui/public/ChatWidget';
import { TrackingView } from './TrackingView';

/** /track/:hash — the public tracking page (000 section 2), no sign-in. */
export function Component() {
  const { hash = '' } = useParams();
  return <TrackPage key={hash} hash={hash} />;
}

function TrackPage({ hash }: { hash: string }) {
  const portal = usePortal();
  const actor = useScreenActor(trackingMachine, { cca2: portal.cca2, hash });
  return (
    <>
      <TrackingView actor={actor} timeZone={portal.timeZone} />
      <ChatWidget />
    </>
  );
}
