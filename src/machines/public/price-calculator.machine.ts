import { assign, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { errorParams, outputParams } from '../shared/shared.actions';
import { calculatePrice, loadPublicParcelTypes, type PublicParcelType, type PublicPrice } from './public.actors';
import type { PriceCalculatorSchema } from './price-calculator.types';

/** Every change of an input prices again (a price in flight is dropped): the calculator is live. */
const CHANGES = {
  'from.select': { target: 'deciding', actions: 'applyChange' },
  'to.select': { target: 'deciding', actions: 'applyChange' },
  'parcel.select': { target: 'deciding', actions: 'applyChange' },
  'level.select': { target: 'deciding', actions: 'applyChange' },
} as const;

/**
 * The live price calculator of /pricing (issue 19): From, To, parcel size and service level; each change asks the
 * server for the price (the booking's own pricing, nothing created). A level without a rate for the route, a
 * refused input or the rate limit shows the server's message.
 */
export const priceCalculatorMachine = setup({
  types: {} as PriceCalculatorSchema,
  actors: { loadParcelTypes: loadPublicParcelTypes, calculatePrice },
  actions: {
    setParcelTypes: assign((_, types: PublicParcelType[] | undefined) => ({ parcelTypes: types ?? [], parcelTypeId: types?.[0]?.id ?? null })),
    setPrice: assign((_, price: PublicPrice) => ({ price, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ price: null, error: asApiError(params.error) })),
    clearPrice: assign({ price: null, error: null }),
    applyChange: assign(({ event }) => {
      switch (event.type) {
        case 'from.select': return { from: event.place ?? null };
        case 'to.select': return { to: event.place ?? null };
        case 'parcel.select': return { parcelTypeId: event.parcelTypeId ?? null };
        case 'level.select': return { slaType: event.slaType ?? 'Standard' };
        default: return {};
      }
    }),
  },
  guards: {
    // Generated test paths may send events without their payload: anything missing counts as not chosen.
    complete: ({ context }) => !!context.from?.key && !!context.to?.key && context.parcelTypeId != null,
  },
}).createMachine({
  id: 'priceCalculator',
  description: 'The live price calculator of /pricing: from, to, parcel size, service level → the price with VAT.',
  context: ({ input }) => ({ cca2: input.cca2, parcelTypes: [], from: null, to: null, parcelTypeId: null, slaType: 'Standard', price: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the parcel sizes.',
      tags: ['loading'],
      invoke: {
        id: 'loadParcelTypes',
        src: 'loadParcelTypes',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: { target: 'deciding', actions: { type: 'setParcelTypes', params: outputParams } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorParams } },
      },
    },
    loadFailed: {
      description: 'The parcel sizes could not be read: the message and Try again.',
      on: { retry: 'loading' },
    },
    deciding: {
      always: [{ guard: 'complete', target: 'pricing' }, { target: 'incomplete', actions: 'clearPrice' }],
    },
    incomplete: {
      description: 'Waiting for From and To.',
      on: CHANGES,
    },
    pricing: {
      description: 'The server prices the route.',
      tags: ['busy'],
      on: CHANGES,
      invoke: {
        id: 'calculatePrice',
        src: 'calculatePrice',
        input: ({ context }) => ({ cca2: context.cca2, fromPlaceId: context.from!.key, toPlaceId: context.to!.key, parcelTypeId: context.parcelTypeId!, slaType: context.slaType }),
        onDone: { target: 'priced', actions: { type: 'setPrice', params: outputParams } },
        onError: { target: 'notPriced', actions: { type: 'setError', params: errorParams } },
      },
    },
    priced: {
      description: 'The price: subtotal, VAT (rate × 100 %) and total, with the distance.',
      on: CHANGES,
    },
    notPriced: {
      description: "The server's message (no rate for this level and distance, a refused input, too many requests).",
      on: { ...CHANGES, retry: 'pricing' },
    },
  },
});
