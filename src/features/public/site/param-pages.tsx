// The public routes with parameters as rendered ahead of time (issue 19, "A fast first load"): each chart's first
// snapshot, drawn with the server's placeholders for the path's parameters and the portal. Only the build imports
// this (document.tsx); the pages' scripts import the views alone (src/app/site-*.tsx).
import { createActor } from 'xstate';
import { PORTAL_PLACEHOLDERS, paramPlaceholder } from '../../../lib/public-pages';
import { ratingMachine } from '../../../machines/public/rating.machine';
import { trackOrderMachine } from '../../../machines/public/track-order.machine';
import { trackingMachine } from '../../../machines/tracking/tracking.machine';
import { RATING_ISLAND_ID, RATING_TEXTS, RatingFormView } from './rating';
import { TRACK_ORDER_ISLAND_ID, TRACK_ORDER_TEXTS, TrackOrderFormView } from './track-order-form';
import { TRACKING_ISLAND_ID, TrackingSiteView } from './tracking';

/** The page as rendered ahead of time: the chart's first snapshot with the server's placeholder as the search term. */
export function TrackOrderContent() {
  const searchTerm = paramPlaceholder('searchTerm');
  return (
    <>
      <h1>{TRACK_ORDER_TEXTS.title}</h1>
      <p className="site-intro">{TRACK_ORDER_TEXTS.intro}</p>
      <div id={TRACK_ORDER_ISLAND_ID} data-search-term={searchTerm}>
        <TrackOrderFormView actor={createActor(trackOrderMachine, { input: { cca2: '', searchTerm } })} onFound={() => undefined} />
      </div>
    </>
  );
}

/**
 * What the island reads first, asked for with the page (a preload the island's own request then uses): the status
 * shows one round trip sooner. The API's default base (/connect: VITE_CONNECT_URL unset).
 */
function PreloadRead({ path }: { path: string }) {
  return <link rel="preload" as="fetch" crossOrigin="anonymous" href={`/connect${path}`} />;
}

/** The page as rendered ahead of time: the chart's first state (loading), the server's placeholders for the rest. */
export function TrackContent() {
  return (
    <>
      <PreloadRead path={`/tracking/${PORTAL_PLACEHOLDERS.cca2}/${paramPlaceholder('hash')}`} />
      <div id={TRACKING_ISLAND_ID} data-hash={paramPlaceholder('hash')} data-time-zone={PORTAL_PLACEHOLDERS.timeZone}>
        <TrackingSiteView actor={createActor(trackingMachine, { input: { cca2: '', hash: '' } })} timeZone={PORTAL_PLACEHOLDERS.timeZone} />
      </div>
    </>
  );
}

/** The page as rendered ahead of time: the heading and the chart's first state (loading). */
export function RateContent() {
  return (
    <>
      <h1>{RATING_TEXTS.title}</h1>
      <PreloadRead path={`/public/${PORTAL_PLACEHOLDERS.cca2}/rate/${paramPlaceholder('hash')}`} />
      <div id={RATING_ISLAND_ID} data-hash={paramPlaceholder('hash')}>
        <RatingFormView actor={createActor(ratingMachine, { input: { cca2: '', hash: '' } })} onRated={() => undefined} />
      </div>
    </>
  );
}
