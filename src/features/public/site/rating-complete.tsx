// /rating-complete and /google-rating-complete (000 section 2; issue 19) without Chakra: rendered ahead of time and
// the same view inside the app. Thanks, and for a rating of 4 or 5 the public review link (PUBLIC_REVIEW_URL): in the
// app the rating page passes it on; rendered ahead of time the server fills it in (server/routes/public-site.ts).
import { ActionLink } from './content';

export const RATING_COMPLETE_TEXTS = {
  title: 'Thank you for your rating',
  reaches: "Your rating reaches our operations team and the driver's record.",
  review: 'Glad it went well! Would you tell others too?',
  reviewLink: 'Write a public review',
} as const;

/** The thanks; the review link only when there is one to offer (an https link). */
export function RatingCompleteContent({ reviewUrl }: { reviewUrl: string | null }) {
  return (
    <div className="site-stack">
      <h1>{RATING_COMPLETE_TEXTS.title}</h1>
      <p>{RATING_COMPLETE_TEXTS.reaches}</p>
      {reviewUrl && (
        <p>
          {RATING_COMPLETE_TEXTS.review}{' '}
          <a className="site-link-strong" href={reviewUrl} target="_blank" rel="noopener noreferrer">{RATING_COMPLETE_TEXTS.reviewLink}</a>
        </p>
      )}
      <div className="site-actions"><ActionLink to="/">Home</ActionLink><ActionLink to="/deliveries/add" variant="outline">Book a delivery</ActionLink></div>
    </div>
  );
}
