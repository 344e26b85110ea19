// The live rating form on /rate/:hash rendered ahead of time (issue 19, "A fast first load"): the rating chart starts
// from the hash the server filled into the page and React takes over the loading state the HTML already shows.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { ratingMachine } from '../machines/public/rating.machine';
import type { RatingOutput } from '../machines/public/rating.types';
import { RatingFormView } from '../features/public/site/rating';

/**
 * After rating, a full page load of /rating-complete, or of /google-rating-complete with the review link in the
 * history entry's state, where the app's router reads it (location.state) as when the app navigates there itself.
 */
export function afterRating({ reviewUrl }: RatingOutput) {
  const path = reviewUrl ? '/google-rating-complete' : '/rating-complete';
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  window.history.pushState({ usr: { reviewUrl }, key: 'rated', idx: idx + 1 }, '', path);
  window.location.reload();
}

export function mountRating(container: HTMLElement, cca2: string) {
  const actor = createActor(ratingMachine, { input: { cca2, hash: container.dataset.hash ?? '' } }).start();
  hydrateRoot(container, <StrictMode><RatingFormView actor={actor} onRated={afterRating} /></StrictMode>);
}
