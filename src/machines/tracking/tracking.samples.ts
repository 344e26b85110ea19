import { toApiError } from '../../api/api-error';
import { LOGISTIC_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { trackingMachine } from './tracking.machine';
import type { TrackingDelivery } from './tracking.types';

export const sampleTracking: TrackingDelivery = {
  trackingHashId: 'k3J9xQv2LmN8pR4t', waybill: 'WB2611210001', logisticStatusId: LOGISTIC_STATUS.READY, slaType: 'Standard',
  pickupWindowStartUtc: '2026-11-24T06:00:00.000Z', pickupWindowEndUtc: '2026-11-24T08:00:00.000Z',
  dropOffWindowStartUtc: '2026-11-24T10:00:00.000Z', dropOffWindowEndUtc: '2026-11-24T14:00:00.000Z',
  origin: { description: 'Cape Town City Centre, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.9249, lon: 18.4241 } },
  destination: { description: 'Sea Point, Cape Town, Western Cape, South Africa', coordinates: { lat: -33.915, lon: 18.39 } },
  driverAssigned: false, driverLocation: null, hub: null,
};

/** The same delivery collected, its driver on the way with a known location. */
export const sampleTrackingOnTheWay: TrackingDelivery = {
  ...sampleTracking, logisticStatusId: LOGISTIC_STATUS.COLLECTED, driverAssigned: true,
  driverLocation: { lat: -33.92, lon: 18.41, at: '2026-11-24T10:20:00.000Z' },
};

const notFound = toApiError(404, { message: 'Not found: delivery' }, '/connect/tracking/za/k3J9xQv2LmN8pR4t');
const unavailable = toApiError(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }, '/connect/tracking/za/k3J9xQv2LmN8pR4t');

export const trackingSamples = defineSamples(trackingMachine, [{
  name: 'a tracking link',
  input: { cca2: 'za', hash: 'k3J9xQv2LmN8pR4t' },
  events: [
    { type: 'xstate.done.actor.loadTracking', output: sampleTracking },
    { type: 'xstate.error.actor.loadTracking', error: notFound },
    { type: 'xstate.error.actor.loadTracking', error: unavailable },
    { type: 'xstate.done.actor.refreshTracking', output: sampleTrackingOnTheWay },
    { type: 'xstate.error.actor.refreshTracking', error: unavailable },
    { type: 'xstate.error.actor.refreshTracking', error: notFound },
    { type: 'tracking.retry' },
    // The tracking hub: subscribed, a driver's position published, the connection gone.
    { type: 'hub.connected' },
    { type: 'hub.update', update: { driverId: 7, lat: -33.918, lon: 18.405, time: '2026-11-24T10:25:00.000Z', deliveryId: 501 } },
    { type: 'hub.update', update: { deliveryId: 501, logisticStatusId: LOGISTIC_STATUS.COLLECTED } },
    { type: 'xstate.done.actor.reloadTracking', output: sampleTrackingOnTheWay },
    { type: 'xstate.error.actor.reloadTracking', error: unavailable },
    { type: 'xstate.error.actor.reloadTracking', error: notFound },
    { type: 'hub.down' },
  ],
}], 'transitions');
