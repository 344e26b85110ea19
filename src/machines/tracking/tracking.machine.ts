import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { hubUrl, LiveClient } from '../../api/realtime';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { TRACKING_REFRESH_MS } from '../../lib/constants';
import type { TrackingEvent, TrackingHubUpdate, TrackingSchema, TrackingDelivery, TrackingInput } from './tracking.types';

/** Reads the public tracking data of one hash (no sign-in). */
export async function loadTracking(cca2: string, hash: string, signal?: AbortSignal): Promise<TrackingDelivery> {
  const { data } = await api.connect.GET('/tracking/{cca2}/{hash}', { params: { path: { cca2, hash } }, signal });
  return data!;
}

const loader = fromPromise<TrackingDelivery, TrackingInput>(({ input, signal }) => loadTracking(input.cca2, input.hash, signal));

/**
 * The tracking hub (002 section 9; openapi/realtime.md): subscribeToTrackingUpdates(trackingHashId, driverId) with no
 * sign-in, unsubscribed and closed when the page is left. The page does not know the driver's id (the tracking
 * answer does not carry it), so it subscribes with null: every driver of this delivery. Tells the machine when the
 * subscription is up and when the connection is gone.
 */
export const trackingHub = fromCallback<TrackingEvent, { hash: string }>(({ input, sendBack }) => {
  const client = new LiveClient(hubUrl('tracking'), () => undefined);
  let left = false;
  const off = client.on('trackingUpdate', (update) => sendBack({ type: 'hub.update', update: update as TrackingHubUpdate }));
  let unsubscribe: (() => Promise<void>) | undefined;
  void client.start()
    .then(async () => {
      unsubscribe = await client.subscribe('TrackingUpdates', input.hash, null);
      if (left) return;
      sendBack({ type: 'hub.connected' });
      await client.closed();
      if (!left) sendBack({ type: 'hub.down' });
    })
    .catch(() => { if (!left) sendBack({ type: 'hub.down' }); });
  return () => {
    left = true;
    off();
    void (unsubscribe?.() ?? Promise.resolve()).finally(() => client.stop());
  };
});

/**
 * The public tracking page (/track/:hash): loads what the link's holder may see, then follows it live on the tracking
 * hub: each published position or status shows at once and re-reads the delivery. Once subscribed it reads once more
 * (a change made before the subscription was not pushed: messages are at most once). Only while the hub is not
 * connected does it poll every TRACKING_REFRESH_MS (each poll also tries the hub again). An unknown link is not
 * found; any other failure offers "Try again". A failed refresh keeps what is shown.
 */
export const trackingMachine = setup({
  types: {} as TrackingSchema,
  actors: { loadTracking: loader, refreshTracking: loader, reloadTracking: loader, trackingHub },
  actions: {
    // A published position moves the driver on the map at once; a published status shows at once; the re-read
    // that follows brings the rest (windows, hub).
    applyUpdate: assign(({ context }, params: { update: TrackingHubUpdate | undefined }) => {
      const { update } = params;
      if (!context.delivery || !update) return {};
      if ('logisticStatusId' in update) return { delivery: { ...context.delivery, logisticStatusId: update.logisticStatusId } };
      return { delivery: { ...context.delivery, driverAssigned: true, driverLocation: { lat: update.lat, lon: update.lon, at: update.time } } };
    }),
    setDelivery: assign((_, params: { delivery: TrackingDelivery }) => ({ delivery: params.delivery, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: asApiError(params.error).message })),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
  },
  delays: { trackingRefresh: TRACKING_REFRESH_MS },
}).createMachine({
  id: 'tracking',
  description: 'The public tracking page of one delivery: waybill, progress, windows, route and driver; polled while shown.',
  context: ({ input }) => ({ ...input, delivery: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the delivery of the tracking link.',
      invoke: {
        id: 'loadTracking',
        src: 'loadTracking',
        input: ({ context }) => ({ cca2: context.cca2, hash: context.hash }),
        onDone: { target: 'shown', actions: { type: 'setDelivery', params: ({ event }) => ({ delivery: event.output }) } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    shown: {
      description: 'The delivery: waybill, status stepper, windows, from → to, the map with the driver when located.',
      invoke: { id: 'trackingHub', src: 'trackingHub', input: ({ context }) => ({ hash: context.hash }) },
      initial: 'polling',
      states: {
        polling: {
          description: 'The tracking hub is not connected (yet): the delivery is read again every TRACKING_REFRESH_MS.',
          after: { trackingRefresh: '#tracking.refreshing' },
          on: { 'hub.connected': 'reloading' },
        },
        live: {
          description: 'Subscribed to the tracking hub: a published position or status shows at once and re-reads the delivery.',
          on: {
            'hub.down': 'polling',
            'hub.update': { target: 'reloading', actions: { type: 'applyUpdate', params: ({ event }) => ({ update: event.update }) } },
          },
        },
        reloading: {
          description: 'Re-reading the delivery once subscribed, and after each published position or status.',
          on: {
            'hub.down': 'polling',
            'hub.update': { actions: { type: 'applyUpdate', params: ({ event }) => ({ update: event.update }) } },
          },
          invoke: {
            id: 'reloadTracking',
            src: 'reloadTracking',
            input: ({ context }) => ({ cca2: context.cca2, hash: context.hash }),
            onDone: { target: 'live', actions: { type: 'setDelivery', params: ({ event }) => ({ delivery: event.output }) } },
            onError: [
              { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: '#tracking.notFound' },
              { target: 'live' },
            ],
          },
        },
      },
    },
    refreshing: {
      description: 'Reading the delivery again in the background; the page keeps showing the last answer.',
      invoke: {
        id: 'refreshTracking',
        src: 'refreshTracking',
        input: ({ context }) => ({ cca2: context.cca2, hash: context.hash }),
        onDone: { target: 'shown', actions: { type: 'setDelivery', params: ({ event }) => ({ delivery: event.output }) } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'shown' },
        ],
      },
    },
    notFound: {
      description: 'No delivery for this link in this portal: "We could not find a delivery for this tracking link."',
      type: 'final',
    },
    failed: {
      description: 'The delivery could not be read (network, server); "Try again".',
      on: { 'tracking.retry': 'loading' },
    },
  },
});
