import type { Quote } from './booking.model';

/** What the provider's redirect to /paymentcallback carries (001 section 2), read by parsePaymentCallback. */
export interface PaymentCallbackParams {
  deliveryId: number | null;
  /** The checkout id (`id`). */
  checkoutId: string | null;
  resourcePath: string | null;
  /** Where the shopper was when they paid: the `path` and `query` of the return address (same origin only). */
  returnPath: string;
  returnQuery: string;
}

export interface PaymentCallbackInput extends PaymentCallbackParams {
  cca2: string;
}

export interface PaymentCallbackContext extends PaymentCallbackInput {
  quote: Quote | null;
  problem: string | null;
}

export type PaymentCallbackEvent = { type: 'callback.retry' } | { type: 'callback.return' };

export interface PaymentCallbackOutput {
  deliveryId: number | null;
  /** The path and query to go back to (see returnLocation). */
  returnTo: string;
  paid: boolean;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface PaymentCallbackSchema {
  input: PaymentCallbackInput;
  context: PaymentCallbackContext;
  events: PaymentCallbackEvent;
  output: PaymentCallbackOutput;
  tags: 'busy';
}
