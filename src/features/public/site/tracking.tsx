// /track/:hash without Chakra (issue 19, "A fast first load"): the tracking chart's view in plain elements, rendered
// ahead of time in its first state (loading, which the page's HTML already says) and made live by the page's script
// (src/app/site-tracking.tsx), which follows the delivery on the tracking hub. The app's /track shows it too
// (src/features/public/TrackPage.tsx). The windows are formatted with the browser's Intl, not Luxon, as the app's
// formatWindow does.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { Actor } from 'xstate';
import { SERVICE_LEVELS } from '../../../lib/constants';
import { markerLabel } from '../../../lib/distance';
import { TRACKING_STEPS, TRACKING_TEXTS, trackingStatusName, trackingStepIndex } from '../../../lib/tracking-texts';
import type { trackingMachine } from '../../../machines/tracking/tracking.machine';
import type { TrackingDelivery } from '../../../machines/tracking/tracking.types';
import { DRIVER_MARKER_COLOUR } from '../../../ui/map-projection';
import { StaticRouteMap } from '../../../ui/StaticRouteMap';

/** Where the live view goes on the page; `data-hash` and `data-time-zone` are filled by the server. */
export const TRACKING_ISLAND_ID = 'tracking';

const MAP_HEIGHT = 260;

// Leaflet (about 45 kB gzip) only with map tiles configured, loaded after the status shows; without tiles (the
// default) Leaflet would draw the markers on a plain background, which the static map does without it.
const RouteMap = lazy(() => import('../../../ui/RouteMap').then((module) => ({ default: module.RouteMap })));
const WITH_TILES = Boolean(import.meta.env?.VITE_MAP_TILE_URL);

const serviceName = (slaType: string | null) => (slaType ? (SERVICE_LEVELS as Record<string, string>)[slaType] ?? slaType : '');

/** 'Tue 4 Mar' and '08:00' of an instant in a time zone, as Luxon's 'ccc d LLL' and 'HH:mm' in English say them. */
function wallParts(iso: string, timeZone: string): { day: string; time: string; date: string } | null {
  const instant = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(instant).map((part) => [part.type, part.value]));
  const month = parts.month === 'Sept' ? 'Sep' : parts.month;
  return { day: `${parts.weekday} ${parts.day} ${month}`, time: `${parts.hour}:${parts.minute}`, date: `${parts.year}-${month}-${parts.day}` };
}

/** The window as the app's formatWindow shows it: 'Tue 4 Mar 08:00–10:00', the end's day too when it is another. */
export function windowText(startUtc: string | null, endUtc: string | null, timeZone: string): string {
  if (!startUtc || !endUtc) return '';
  const start = wallParts(startUtc, timeZone);
  const end = wallParts(endUtc, timeZone);
  if (!start || !end) return '';
  return `${start.day} ${start.time}–${end.date === start.date ? end.time : `${end.day} ${end.time}`}`;
}

/** The public tracking page's content, driven by the tracking chart; status changes are announced. */
export function TrackingSiteView({ actor, timeZone }: { actor: Actor<typeof trackingMachine>; timeZone: string }) {
  const delivery = useSelector(actor, (s) => s.context.delivery);
  const problem = useSelector(actor, (s) => s.context.problem);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inLoading = useSelector(actor, (s) => s.matches('loading'));
  const inNotFound = useSelector(actor, (s) => s.matches('notFound'));
  const inShown = useSelector(actor, (s) => s.matches('shown') || s.matches('refreshing'));
  return (
    <div className="site-stack" data-testid="tracking-page">
      <h1>{TRACKING_TEXTS.title}</h1>
      {inLoading && <p role="status">{TRACKING_TEXTS.loading}</p>}
      {inNotFound && (
        <div data-testid="tracking-not-found" role="alert">
          <h2>{TRACKING_TEXTS.notFoundHeading}</h2>
          <p>{TRACKING_TEXTS.notFound}</p>
        </div>
      )}
      {inFailed && (
        <div className="site-alert site-stack" role="alert">
          <p>{TRACKING_TEXTS.failed} {problem}</p>
          <button type="button" className="site-button site-button-outline" onClick={() => actor.send({ type: 'tracking.retry' })}>{TRACKING_TEXTS.tryAgain}</button>
        </div>
      )}
      {inShown && delivery && <TrackingDetails delivery={delivery} timeZone={timeZone} />}
    </div>
  );
}

function TrackingDetails({ delivery, timeZone }: { delivery: TrackingDelivery; timeZone: string }) {
  const current = trackingStepIndex(delivery.logisticStatusId);
  const driver = delivery.driverLocation
    ? TRACKING_TEXTS.driverOnTheWay
    : delivery.driverAssigned ? TRACKING_TEXTS.driverAssigned : TRACKING_TEXTS.driverNotAssigned;
  const pickUp = windowText(delivery.pickupWindowStartUtc, delivery.pickupWindowEndUtc, timeZone);
  const dropOff = windowText(delivery.dropOffWindowStartUtc, delivery.dropOffWindowEndUtc, timeZone);
  // The stops lettered in order (without a hub the destination is B), drawn over the driver: a driver at the
  // pick-up must not hide its letter.
  const stops = [
    { ...delivery.origin.coordinates, title: delivery.origin.description },
    ...(delivery.hub ? [{ ...delivery.hub.coordinates, title: delivery.hub.hubName }] : []),
    { ...delivery.destination.coordinates, title: delivery.destination.description },
  ].map((stop, index) => ({ ...stop, label: markerLabel(index) }));
  const markers = [
    ...(delivery.driverLocation
      ? [{ lat: delivery.driverLocation.lat, lon: delivery.driverLocation.lon, label: TRACKING_TEXTS.driverMarker, title: TRACKING_TEXTS.driverMarker, colour: DRIVER_MARKER_COLOUR }]
      : []),
    ...stops,
  ];
  const statusText = current === null ? `${TRACKING_TEXTS.status}: ${trackingStatusName(delivery.logisticStatusId)}` : `${current + 1}. ${TRACKING_STEPS[current]}`;
  return (
    <>
      {/* What changes live, said once each time it changes (the steps below are for the eye and for browsing). */}
      <p className="site-visually-hidden" role="status" aria-live="polite">{`${TRACKING_TEXTS.progress}: ${statusText}. ${TRACKING_TEXTS.driver}: ${driver}`}</p>
      <dl className="site-facts" data-testid="tracking-summary">
        <dt>{TRACKING_TEXTS.waybill}</dt>
        <dd data-testid="tracking-waybill">{delivery.waybill ?? TRACKING_TEXTS.notYetKnown}</dd>
        {delivery.slaType && <><dt>{TRACKING_TEXTS.service}</dt><dd>{serviceName(delivery.slaType)}</dd></>}
        <dt>{TRACKING_TEXTS.pickUpWindow}</dt>
        <dd data-testid="tracking-pickup-window">{pickUp || TRACKING_TEXTS.notYetKnown}</dd>
        <dt>{TRACKING_TEXTS.dropOffWindow}</dt>
        <dd data-testid="tracking-dropoff-window">{dropOff || TRACKING_TEXTS.notYetKnown}</dd>
        <dt>{TRACKING_TEXTS.driver}</dt>
        <dd data-testid="tracking-driver">{driver}</dd>
      </dl>
      <section aria-labelledby="tracking-progress">
        <h2 id="tracking-progress">{TRACKING_TEXTS.progress}</h2>
        {current === null && <p data-testid="tracking-status">{TRACKING_TEXTS.status}: {trackingStatusName(delivery.logisticStatusId)}</p>}
        <ol className="site-steps" data-testid="tracking-steps">
          {TRACKING_STEPS.map((step, index) => {
            const done = current !== null && index <= current;
            return (
              <li key={step} aria-current={index === current ? 'step' : undefined}
                className={index === current ? 'site-step site-step-current' : done ? 'site-step site-step-done' : 'site-step'}>
                {index + 1}. {step}
              </li>
            );
          })}
        </ol>
      </section>
      <section aria-labelledby="tracking-route">
        <h2 id="tracking-route">{TRACKING_TEXTS.from} → {TRACKING_TEXTS.to}</h2>
        <dl className="site-facts">
          <dt>{TRACKING_TEXTS.from}</dt>
          <dd data-testid="tracking-from">{delivery.origin.description}</dd>
          {delivery.hub && <><dt>{TRACKING_TEXTS.via}</dt><dd>{delivery.hub.hubName}</dd></>}
          <dt>{TRACKING_TEXTS.to}</dt>
          <dd data-testid="tracking-to">{delivery.destination.description}</dd>
        </dl>
        {WITH_TILES
          ? (
            <Suspense fallback={<div data-testid="route-map-loading" className="site-map-placeholder" style={{ height: MAP_HEIGHT }} />}>
              <RouteMap label={TRACKING_TEXTS.mapLabel} height={MAP_HEIGHT} markers={markers} />
            </Suspense>
          )
          : <StaticRouteMap label={TRACKING_TEXTS.mapLabel} height={MAP_HEIGHT} markers={markers} />}
      </section>
    </>
  );
}
