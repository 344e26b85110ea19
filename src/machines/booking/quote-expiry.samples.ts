import { defineSamples } from '../samples';
import type { DeliveryQuote } from './booking.model';
import { quoteExpiryMachine } from './quote-expiry.machine';

/** The clock the samples count from (the model test pins Date.now to it plus the simulated clock). */
export const QUOTE_SAMPLE_NOW = Date.UTC(2025, 2, 3, 8, 0, 0);

const at = (ms: number) => new Date(QUOTE_SAMPLE_NOW + ms).toISOString();

function option(id: number, slaType: DeliveryQuote['slaType'], expiresInMs: number): DeliveryQuote {
  return {
    id, slaType, priceExcl: 10000 + id * 2500, vatRate: 0.15, pricingTier: null,
    pickupWindowStartUtc: at(3_600_000), pickupWindowEndUtc: at(7_200_000),
    dropOffWindowStartUtc: at(10_800_000), dropOffWindowEndUtc: at(14_400_000),
    quoteExpirationUtc: at(expiresInMs),
  };
}

/** Standard expires in 45 s (the first recalculation shows it Expired), Priority in 90 s. */
export const sampleQuoteOptions: DeliveryQuote[] = [option(11, 'Standard', 45_000), option(12, 'Priority', 90_000)];
/** Every option already expired. */
export const expiredQuoteOptions: DeliveryQuote[] = [option(21, 'Standard', -1000), option(22, 'Hyperlocal', -1000)];

export const quoteExpirySamples = defineSamples(quoteExpiryMachine, [
  {
    name: 'two options, one about to expire',
    input: { quotes: sampleQuoteOptions, selectedQuoteId: 12, now: QUOTE_SAMPLE_NOW },
    events: [
      { type: 'quote.select', index: 0 },
      { type: 'quotes.refresh', quotes: sampleQuoteOptions },
    ],
  },
  {
    name: 'every option expired',
    input: { quotes: expiredQuoteOptions, selectedQuoteId: null, now: QUOTE_SAMPLE_NOW },
    events: [{ type: 'quotes.refresh', quotes: sampleQuoteOptions.map((quote) => ({ ...quote, quoteExpirationUtc: new Date(QUOTE_SAMPLE_NOW + 60_000).toISOString() })) }],
  },
], 'transitions');
