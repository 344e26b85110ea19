import type { components } from '../../api/generated/connect';

export type TrackingDelivery = components['schemas']['TrackingDelivery'];

export interface TrackingInput {
  cca2: string;
  hash: string;
}

export interface TrackingContext extends TrackingInput {
  delivery: TrackingDelivery | null;
  problem: string | null;
}

/** A driver's position as the tracking hub publishes it (server/domain/operations/drivers.ts). */
export interface TrackingHubUpdate {
  driverId: number;
  lat: number;
  lon: number;
  time: string;
  deliveryId?: number;
}

export type TrackingEvent =
  | { type: 'tracking.retry' }
  /** From the tracking hub's connection (trackingHub): subscribed, gone, a position published. */
  | { type: 'hub.connected' }
  | { type: 'hub.down' }
  | { type: 'hub.update'; update: TrackingHubUpdate };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface TrackingSchema {
  input: TrackingInput;
  context: TrackingContext;
  events: TrackingEvent;
}
