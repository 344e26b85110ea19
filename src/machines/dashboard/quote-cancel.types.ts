import type { ApiError } from '../../api/api-error';

/** The quote being cancelled: its deliveryId, the row version the dashboard shows, and how the dialog names it. */
export interface QuoteCancelTarget {
  id: number;
  xmin: string;
  label: string;
}

export interface QuoteCancelInput {
  cca2: string;
}

export interface QuoteCancelContext {
  cca2: string;
  target: QuoteCancelTarget | undefined;
  error: ApiError | undefined;
}

export type QuoteCancelEvent =
  | { type: 'cancel.request'; target: QuoteCancelTarget }
  | { type: 'cancel.no' }
  | { type: 'cancel.yes' }
  | { type: 'cancel.dismiss' };

/** The dashboard reloads its list once a quote is cancelled. */
export type QuoteCancelEmitted = { type: 'cancel.done'; id: number };

export interface CancelQuoteInput {
  cca2: string;
  id: number;
  xmin: string;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, emitted). */
export interface QuoteCancelSchema {
  input: QuoteCancelInput;
  context: QuoteCancelContext;
  events: QuoteCancelEvent;
  emitted: QuoteCancelEmitted;
}
