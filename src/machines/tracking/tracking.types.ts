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

export type TrackingEvent = { type: 'tracking.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface TrackingSchema {
  input: TrackingInput;
  context: TrackingContext;
  events: TrackingEvent;
}
