import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { quoteCancelMachine } from './quote-cancel.machine';

const target = { id: 501, xmin: '7', label: '#501' };

export const quoteCancelSamples = defineSamples(quoteCancelMachine, [
  {
    name: 'cancel a quote (No first, then Yes)',
    input: { cca2: 'ZA' },
    events: [
      { type: 'cancel.request', target },
      { type: 'cancel.no' },
      { type: 'cancel.request', target },
      { type: 'cancel.yes' },
      { type: 'xstate.done.actor.cancelQuote', output: undefined },
    ],
  },
  {
    name: 'the quote was paid meanwhile: refused, dismissed',
    input: { cca2: 'ZA' },
    events: [
      { type: 'cancel.request', target },
      { type: 'cancel.yes' },
      { type: 'xstate.error.actor.cancelQuote', error: toApiError(422, { message: 'A paid delivery cannot be cancelled as a quote.' }, '/connect/deliveries/cancelquote/ZA/501') },
      { type: 'cancel.dismiss' },
      { type: 'cancel.request', target },
    ],
  },
], 'transitions');
