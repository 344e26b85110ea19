import { toApiError } from '../../api/api-error';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { sampleQuote } from './booking.samples-data';
import { paymentCallbackMachine } from './payment-callback.machine';

const returned = {
  cca2: 'ZA', deliveryId: 501, checkoutId: 'A1B2C3.sandbox', resourcePath: '/v1/checkouts/A1B2C3.sandbox/payment',
  returnPath: '/deliveries/add', returnQuery: '',
};

export const paymentCallbackSamples = defineSamples(paymentCallbackMachine, [
  {
    name: 'the card provider sends the shopper back',
    input: returned,
    events: [
      { type: 'xstate.done.actor.processCardPayment', output: sampleQuote(PAYMENT_STATUS.PAID) },
      {
        type: 'xstate.done.actor.processCardPayment',
        output: sampleQuote(PAYMENT_STATUS.PAYMENT_FAILED, { paymentPeachPaymentFailureDescription: 'transaction declined (invalid card)' }),
      },
      { type: 'xstate.error.actor.processCardPayment', error: toApiError(502, { message: 'The payment provider is not reachable. Please try again.' }, '/connect/deliveries/processCardPayment/ZA/501') },
      { type: 'callback.retry' },
      { type: 'callback.return' },
    ],
  },
  {
    name: 'an incomplete return address',
    input: { ...returned, checkoutId: null, resourcePath: null },
    events: [{ type: 'callback.return' }],
  },
], 'transitions');
