// The live tracking view on /track/:hash rendered ahead of time (issue 19, "A fast first load"): the tracking chart
// starts from the hash the server filled into the page, React takes over the loading state the HTML already shows,
// and the chart follows the delivery on the tracking hub (@microsoft/signalr loads once the delivery is shown).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { trackingMachine } from '../machines/tracking/tracking.machine';
import { TrackingSiteView } from '../features/public/site/tracking';

export function mountTracking(container: HTMLElement, cca2: string) {
  const actor = createActor(trackingMachine, { input: { cca2, hash: container.dataset.hash ?? '' } }).start();
  hydrateRoot(container, <StrictMode><TrackingSiteView actor={actor} timeZone={container.dataset.timeZone || 'UTC'} /></StrictMode>);
  // Leaving the page unsubscribes from the tracking hub (the chart's hub actor stops with it).
  window.addEventListener('pagehide', () => actor.stop(), { once: true });
}
