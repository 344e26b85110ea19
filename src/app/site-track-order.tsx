// The live track-order form on /track-order/:searchTerm? rendered ahead of time (issue 19, "A fast first load"): the
// chart starts from the search term the server filled into the page and React takes over the form drawn from its
// first snapshot. A delivery found opens its tracking page (a full page load: this page is not the single-page app).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { trackOrderMachine } from '../machines/public/track-order.machine';
import { TrackOrderFormView } from '../features/public/site/track-order-form';

export function mountTrackOrder(container: HTMLElement, cca2: string) {
  const actor = createActor(trackOrderMachine, { input: { cca2, searchTerm: container.dataset.searchTerm ?? '' } }).start();
  const onFound = (hash: string) => window.location.assign(`/track/${encodeURIComponent(hash)}`);
  hydrateRoot(container, <StrictMode><TrackOrderFormView actor={actor} onFound={onFound} /></StrictMode>);
}
