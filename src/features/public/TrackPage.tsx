import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { trackingMachine } from '../../machines/tracking/tracking.machine';
import { ChatWidget } from '../../ui/public/ChatWidget';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { TrackingSiteView } from './site/tracking';
import './site/site.css';

/**
 * /track/:hash inside the app (in-app navigation, e.g. from the customer's deliveries): the same plain view as the
 * page rendered ahead of time (src/features/public/site/tracking.tsx), so the tracking page exists once.
 */
function TrackPage({ hash }: { hash: string }) {
  const portal = usePortal();
  const actor = useScreenActor(trackingMachine, { cca2: portal.cca2, hash });
  return (
    <PublicLayout path="/track">
      <div className="site-content">
        <TrackingSiteView actor={actor} timeZone={portal.timeZone} />
      </div>
      <ChatWidget />
    </PublicLayout>
  );
}

/** /track/:hash — the public tracking page (000 section 2), no sign-in. */
export function Component() {
  const { hash = '' } = useParams();
  return <TrackPage key={hash} hash={hash} />;
}
