import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { TRACKING_REFRESH_MS } from '../../lib/constants';
import type { TrackingSchema, TrackingDelivery, TrackingInput } from './tracking.types';

/** Reads the public tracking data of one hash (no sign-in). */
export async function loadTracking(cca2: string, hash: string, signal?: AbortSignal): Promise<TrackingDelivery> {
  const { data } = await api.connect.GET('/tracking/{cca2}/{hash}', { params: { path: { cca2, hash } }, signal });
  return data!;
}

const loader = fromPromise<TrackingDelivery, TrackingInput>(({ input, signal }) => loadTracking(input.cca2, input.hash, signal));

/**
 * The public tracking page (/track/:hash): loads what the link's holder may see, then reads it again every
 * TRACKING_REFRESH_MS while it is shown (polling, not the tracking hub). An unknown link is not found; any other
 * failure offers "Try again". A failed refresh keeps what is shown.
 */
export const trackingMachine = setup({
  types: {} as TrackingSchema,
  actors: { loadTracking: loader, refreshTracking: loader },
  actions: {
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
      after: { trackingRefresh: 'refreshing' },
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
