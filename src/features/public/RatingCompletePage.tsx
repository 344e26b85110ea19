import { useLocation } from 'react-router-dom';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { RatingCompleteContent } from './site/rating-complete';
import './site/site.css';

/**
 * /rating-complete and /google-rating-complete (000 section 2) inside the app (a signed-in visitor, in-app
 * navigation, offline): thanks, and for a rating of 4 or 5 the public review link the server is configured with
 * (PUBLIC_REVIEW_URL), passed on by the rating page. Otherwise the server sends the page rendered ahead of time.
 */
export function RatingCompletePage() {
  const location = useLocation();
  const state = location.state as { reviewUrl?: unknown } | null;
  const reviewUrl = location.pathname === '/google-rating-complete' && typeof state?.reviewUrl === 'string' && /^https:\/\//.test(state.reviewUrl) ? state.reviewUrl : null;
  return (
    <PublicLayout path={location.pathname}>
      <div className="site-content"><RatingCompleteContent reviewUrl={reviewUrl} /></div>
    </PublicLayout>
  );
}

export const Component = RatingCompletePage;
