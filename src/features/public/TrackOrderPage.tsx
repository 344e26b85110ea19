import { useNavigate, useParams } from 'react-router-dom';
import { trackOrderMachine } from '../../machines/public/track-order.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { ChatWidget } from '../../ui/public/ChatWidget';
import { TRACK_ORDER_TEXTS, TrackOrderFormView } from './site/track-order-form';
import './site/site.css';

/**
 * /track-order inside the app (a signed-in visitor, in-app navigation): the same plain form as the page rendered
 * ahead of time (src/features/public/site/track-order-form.tsx), so it exists once.
 */
function TrackOrderPage({ searchTerm }: { searchTerm: string | undefined }) {
  const portal = usePortal();
  const navigate = useNavigate();
  const actor = useScreenActor(trackOrderMachine, { cca2: portal.cca2, searchTerm });
  return (
    <PublicLayout path="/track-order">
      <ChatWidget />
      <div className="site-content">
        <h1>{TRACK_ORDER_TEXTS.title}</h1>
        <p className="site-intro">{TRACK_ORDER_TEXTS.intro}</p>
        <TrackOrderFormView actor={actor} onFound={(hash) => navigate(`/track/${encodeURIComponent(hash)}`)} />
      </div>
    </PublicLayout>
  );
}

/** /track-order/:searchTerm? (000 section 2). */
export function Component() {
  const { searchTerm } = useParams();
  return <TrackOrderPage key={searchTerm ?? ''} searchTerm={searchTerm} />;
}
