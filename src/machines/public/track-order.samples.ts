import { toApiError } from '../../api/api-error';
import { PUBLIC_TEXTS } from '../../lib/public-texts';
import { defineSamples } from '../samples';
import { trackOrderMachine } from './track-order.machine';

const noMatch = toApiError(404, { message: PUBLIC_TEXTS.trackNotFound }, '/connect/public/za/trackorder');

export const trackOrderSamples = defineSamples(trackOrderMachine, [
  {
    name: 'track with a waybill and the phone digits',
    input: { cca2: 'za', searchTerm: 'WB2611210001' },
    events: [
      { type: 'submit' },
      { type: 'field.change', field: 'phoneLast4', value: '4567' },
      { type: 'field.change', field: 'searchTerm', value: 'WB2611210001' },
      { type: 'xstate.error.actor.findOrder', error: noMatch },
      { type: 'xstate.done.actor.findOrder', output: 'k3J9xQv2LmN8pR4t' },
    ],
  },
], 'transitions');
