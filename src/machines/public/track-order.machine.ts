import { assign, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { PUBLIC_TEXTS } from '../../lib/public-texts';
import { errorParams } from '../shared/shared.actions';
import { findOrder } from './public.actors';
import type { TrackOrderContext, TrackOrderSchema } from './track-order.types';

function fieldErrorsOf(context: TrackOrderContext): TrackOrderContext['fieldErrors'] {
  return {
    ...(context.searchTerm.trim() === '' && { searchTerm: PUBLIC_TEXTS.searchTerm }),
    ...(!/^[0-9]{4}$/.test(context.phoneLast4) && { phoneLast4: PUBLIC_TEXTS.phoneLast4 }),
  };
}

/**
 * /track-order/:searchTerm? (issue 19): the waybill or order reference and the last 4 digits of the recipient's
 * phone; the server answers the tracking hash, or one "no match" for an unknown term and a wrong phone alike.
 */
export const trackOrderMachine = setup({
  types: {} as TrackOrderSchema,
  actors: { findOrder },
  actions: {
    setError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    check: assign(({ context }) => ({ fieldErrors: fieldErrorsOf(context), error: null })),
  },
  guards: {
    valid: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'trackOrder',
  description: 'Find a delivery by waybill or order reference and the recipient phone\'s last 4 digits, then open its tracking page.',
  context: ({ input }) => ({ cca2: input.cca2, searchTerm: input.searchTerm ?? '', phoneLast4: '', fieldErrors: {}, error: null, trackingHashId: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The two fields, with a field\'s message after a submit that missed it, or the server\'s answer.',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } })),
        },
        submit: [{ guard: 'valid', target: 'searching', actions: 'check' }, { actions: 'check' }],
      },
    },
    searching: {
      description: 'The server looks the delivery up.',
      tags: ['busy'],
      invoke: {
        id: 'findOrder',
        src: 'findOrder',
        input: ({ context }) => ({ cca2: context.cca2, searchTerm: context.searchTerm.trim(), phoneLast4: context.phoneLast4 }),
        onDone: { target: 'found', actions: assign({ trackingHashId: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'setError', params: errorParams } },
      },
    },
    found: {
      description: 'Found: the page opens /track/:hash.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ trackingHashId: context.trackingHashId ?? '' }),
});
