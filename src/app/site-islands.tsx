// The live forms and views of the public routes with parameters rendered ahead of time (issue 19, "A fast first
// load"): /track-order/:searchTerm?, /track/:hash and /rate/:hash. Each chart starts from the parameter the server
// filled into the page (the element's data attributes) and React takes over the HTML drawn from its first snapshot.
// The next page is a full page load: these pages are not the single-page app.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { ratingMachine } from '../machines/public/rating.machine';
import { trackOrderMachine } from '../machines/public/track-order.machine';
import { trackingMachine } from '../machines/tracking/tracking.machine';
import { RatingFormView } from '../features/public/site/rating';
import { TrackOrderFormView } from '../features/public/site/track-order-form';
import { TrackingSiteView } from '../features/public/site/tracking';
import type { RatingOutput } from '../machines/public/rating.types';

export function mountTrackOrder(container: HTMLElement, cca2: string) {
  const actor = createActor(trackOrderMachine, { input: { cca2, searchTerm: container.dataset.searchTerm ?? '' } }).start();
  const onFound = (hash: string) => window.location.assign(`/track/${encodeURIComponent(hash)}`);
  hydrateRoot(container, <StrictMode><TrackOrderFormView actor={actor} onFound={onFound} /></StrictMode>);
}

export function mountTracking(container: HTMLElement, cca2: string) {
  const actor = createActor(trackingMachine, { input: { cca2, hash: container.dataset.hash ?? '' } }).start();
  hydrateRoot(container, <StrictMode><TrackingSiteView actor={actor} timeZone={container.dataset.timeZone ?? 'UTC'} /></StrictMode>);
  // Leaving the page unsubscribes from the tracking hub (the chart's hub actor stops with it).
  window.addEventListener('pagehide', () => actor.stop(), { once: true });
}

/**
 * After rating: /rating-complete, or /google-rating-complete with the review link in the history entry's state, where
 * the app's router reads it (location.state), as when the app navigates there itself.
 */
export function afterRating({ reviewUrl }: RatingOutput) {
  const path = reviewUrl ? '/google-rating-complete' : '/rating-complete';
  window.history.pushState({ usr: { reviewUrl }, key: 'rated', idx: (window.history.state as { idx?: number } | null)?.idx ?? 0 }, '', path);
  window.location.reload();
}

export function mountRating(container: HTMLElement, cca2: string) {
  const actor = createActor(ratingMachine, { input: { cca2, hash: container.dataset.hash ?? '' } }).start();
  hydrateRoot(container, <StrictMode><RatingFormView actor={actor} onRated={afterRating} /></StrictMode>);
}
