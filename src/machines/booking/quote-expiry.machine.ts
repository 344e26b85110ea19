import { assign, setup } from 'xstate';
import { QUOTE_COUNTDOWN_MS } from '../../lib/shell-constants';
import type { DeliveryQuote } from './booking.model';
import { isExpired } from './quote-expiry';
import type { QuoteExpirySchema, QuoteExpiryContext } from './quote-expiry.types';

const allExpired = (context: QuoteExpiryContext) => context.quotes.every((quote) => isExpired(quote.quoteExpirationUtc, context.now));

/** A selection that has expired (or left the list) is dropped; otherwise the index stays. */
function keptIndex(context: QuoteExpiryContext, quotes: DeliveryQuote[], now: number): number | null {
  const index = context.selectedIndex;
  if (index === null || index >= quotes.length) return null;
  return isExpired(quotes[index]!.quoteExpirationUtc, now) ? null : index;
}

/**
 * The quote options of step 3 (001 section 4): each counts down to its expiry, recalculated every 30,000 ms;
 * an expired option shows Expired and cannot be chosen. The selection starts at the quote's selected option
 * and its index survives a quote refresh.
 */
export const quoteExpiryMachine = setup({
  types: {} as QuoteExpirySchema,
  actions: {
    recalculate: assign(({ context }) => {
      const now = context.readClock?.() ?? context.now + QUOTE_COUNTDOWN_MS;
      return { now, selectedIndex: keptIndex(context, context.quotes, now) };
    }),
    refresh: assign(({ context }, params: { quotes: DeliveryQuote[] }) => ({
      quotes: params.quotes,
      selectedIndex: keptIndex(context, params.quotes, context.now),
    })),
    select: assign((_, params: { index: number }) => ({ selectedIndex: params.index })),
  },
  guards: {
    allExpired: ({ context }) => allExpired(context),
    selectable: ({ context }, params: { index: number }) => {
      const quote = context.quotes[params.index];
      return quote !== undefined && !isExpired(quote.quoteExpirationUtc, context.now);
    },
  },
  delays: { countdown: QUOTE_COUNTDOWN_MS },
}).createMachine({
  id: 'quoteExpiry',
  description: 'Quote options counting down to their expiry; recalculated every 30 s; expired options are disabled.',
  context: ({ input }) => {
    const now = input.now ?? Date.now();
    const index = input.quotes.findIndex((quote) => quote.id === input.selectedQuoteId);
    const context = { quotes: input.quotes, now, selectedIndex: null, ...(input.readClock && { readClock: input.readClock }) };
    return { ...context, selectedIndex: index < 0 ? null : keptIndex({ ...context, selectedIndex: index }, input.quotes, now) };
  },
  initial: 'counting',
  on: {
    'quote.select': { guard: { type: 'selectable', params: ({ event }) => ({ index: event.index }) }, actions: { type: 'select', params: ({ event }) => ({ index: event.index }) } },
  },
  states: {
    counting: {
      description: "Some option is still open: each shows 'Expires in {countdown}'.",
      always: { guard: 'allExpired', target: 'allExpired' },
      after: { countdown: { target: 'counting', reenter: true, actions: 'recalculate' } },
      on: { 'quotes.refresh': { target: 'counting', reenter: true, actions: { type: 'refresh', params: ({ event }) => ({ quotes: event.quotes }) } } },
    },
    allExpired: {
      description: 'Every option shows Expired and is disabled; a refreshed quote starts the countdown again.',
      on: { 'quotes.refresh': { target: 'counting', actions: { type: 'refresh', params: ({ event }) => ({ quotes: event.quotes }) } } },
    },
  },
});
