import { useNavigate, useParams } from 'react-router-dom';
import { ratingMachine } from '../../machines/public/rating.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { RATING_TEXTS, RatingFormView } from './site/rating';
import './site/site.css';

/**
 * /rate/:hash inside the app (a signed-in visitor, in-app navigation): the same plain view as the page rendered
 * ahead of time (src/features/public/site/rating.tsx), so the form exists once.
 */
function RatePage({ hash }: { hash: string }) {
  const portal = usePortal();
  const navigate = useNavigate();
  const actor = useScreenActor(ratingMachine, { cca2: portal.cca2, hash });
  return (
    <PublicLayout path="/rate">
      <div className="site-content">
        <h1>{RATING_TEXTS.title}</h1>
        <RatingFormView actor={actor} onRated={({ reviewUrl }) => navigate(reviewUrl ? '/google-rating-complete' : '/rating-complete', { state: { reviewUrl } })} />
      </div>
    </PublicLayout>
  );
}

/** /rate/:hash (000 section 2). */
export function Component() {
  const { hash = '' } = useParams();
  return <RatePage key={hash} hash={hash} />;
}
