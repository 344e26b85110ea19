import type { ApiError } from '../../api/api-error';

export interface TrackOrderInput {
  cca2: string;
  /** From /track-order/:searchTerm? */
  searchTerm?: string;
}

export interface TrackOrderContext {
  cca2: string;
  searchTerm: string;
  phoneLast4: string;
  fieldErrors: Partial<Record<'searchTerm' | 'phoneLast4', string>>;
  error: ApiError | null;
  trackingHashId: string | null;
}

export type TrackOrderEvent =
  | { type: 'field.change'; field: 'searchTerm' | 'phoneLast4'; value: string }
  | { type: 'submit' };

/** The tracking hash found: the page opens /track/:hash. */
export interface TrackOrderOutput {
  trackingHashId: string;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output). */
export interface TrackOrderSchema {
  input: TrackOrderInput;
  context: TrackOrderContext;
  events: TrackOrderEvent;
  output: TrackOrderOutput;
}
