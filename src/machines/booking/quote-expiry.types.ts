import type { DeliveryQuote } from './booking.model';

export interface QuoteExpiryInput {
  quotes: DeliveryQuote[];
  /** The quote's selectedDeliveryQuoteId: the initial selection. */
  selectedQuoteId?: number | null;
  /** Epoch ms to count from; the clock's now by default. */
  now?: number;
  /**
   * The wall clock the running view reads at each recalculation (Date.now), so that a throttled background tab
   * whose timer fired late still shows the true time left. Without it (tests, /flows) each recalculation is
   * exactly one interval later than the last, so generated paths are deterministic.
   */
  readClock?: () => number;
}

export interface QuoteExpiryContext {
  quotes: DeliveryQuote[];
  selectedIndex: number | null;
  now: number;
  readClock?: () => number;
}

export type QuoteExpiryEvent =
  | { type: 'quote.select'; index: number }
  | { type: 'quotes.refresh'; quotes: DeliveryQuote[] };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface QuoteExpirySchema {
  input: QuoteExpiryInput;
  context: QuoteExpiryContext;
  events: QuoteExpiryEvent;
}
