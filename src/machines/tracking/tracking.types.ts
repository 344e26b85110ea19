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
export interface TrackingPositionUpdate {
  driverId: number;
  lat: number;
  lon: number;
  time: string;
  deliveryId?: number;
}

/** The delivery's status after any committed change of it (server/domain/operations/changes.ts). */
export interface TrackingStatusUpdate {
  deliveryId: number;
  logisticStatusId: number;
}

export type TrackingHubUpdate = TrackingPositionUpdate | TrackingStatusUpdate;

export type TrackingEvent =
  | { type: 'tracking.retry' }
  /** From the tracking hub's connection (trackingHub): subscribed, gone, a position or a status published. */
  | { type: 'hub.connected' }
  | { type: 'hub.down' }
  | { type: 'hub.update'; update: TrackingHubUpdate };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface TrackingSchema {
  input: TrackingInput;
  context: TrackingContext;
  events: TrackingEvent;
}
