import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { PAYMENT_CALLBACK_PATH } from '../../lib/constants';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { problemText } from './booking.errors';
import type { Quote } from './booking.model';
import type { PaymentCallbackSchema, PaymentCallbackParams } from './payment-callback.types';

/** Only a path of this app (not `//host`, not the callback itself) is a place to return to. */
function safePath(path: string | null): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path.split('#')[0]!.startsWith(PAYMENT_CALLBACK_PATH) ? '/' : path.split(/[?#]/)[0]!;
}

/** Reads /paymentcallback?id=&resourcePath=&deliveryid=&path=&query= (the first of repeated keys wins). */
export function parsePaymentCallback(search: string): PaymentCallbackParams {
  const query = new URLSearchParams(search);
  const rawId = query.get('deliveryid') ?? '';
  const returnQuery = query.get('query') ?? '';
  return {
    deliveryId: /^\d{1,15}$/.test(rawId) && Number(rawId) > 0 ? Number(rawId) : null,
    checkoutId: query.get('id') || null,
    resourcePath: query.get('resourcePath') || null,
    returnPath: safePath(query.get('path')),
    returnQuery: returnQuery.startsWith('?') ? returnQuery.slice(1) : returnQuery,
  };
}

/** /deliveries/add reopens a delivery from its `?deliveryid=`; elsewhere the header's 'New delivery' does (router state). */
export const ADD_DELIVERY_PATH = '/deliveries/add';

/** The place the shopper came from; on /deliveries/add with `deliveryid` so its wizard reopens on that delivery. */
export function returnLocation(params: Pick<PaymentCallbackParams, 'deliveryId' | 'returnPath' | 'returnQuery'>): string {
  const query = new URLSearchParams(params.returnQuery);
  if (params.returnPath === ADD_DELIVERY_PATH && params.deliveryId !== null) query.set('deliveryid', String(params.deliveryId));
  const search = query.toString();
  return `${params.returnPath}${search ? `?${search}` : ''}`;
}

/** PUT processCardPayment: the server looks the checkout's payment up at the provider and settles it once. */
export const processCardPayment = fromPromise<Quote, { cca2: string; deliveryId: number; checkoutId: string; resourcePath: string }>(
  async ({ input, signal }) => (await api.connect.PUT('/deliveries/processCardPayment/{cca2}/{id}', {
    params: { path: { cca2: input.cca2, id: input.deliveryId } },
    body: { id: input.checkoutId, resourcePath: input.resourcePath },
    signal,
  })).data!,
);

/**
 * /paymentcallback (001 section 2): the card provider sent the shopper back with the checkout id. 'Processing
 * payment ...' shows while the server looks the payment up (never trusting the redirect); then the shopper
 * returns to where they paid from, where the wizard reopens on the Pay step with the result (PAID: the success
 * summary; PAYMENT_FAILED: the provider's description and a new attempt).
 */
export const paymentCallbackMachine = setup({
  types: {} as PaymentCallbackSchema,
  actors: { processCardPayment },
  guards: {
    complete: ({ context }) => context.deliveryId !== null && context.checkoutId !== null && context.resourcePath !== null,
  },
}).createMachine({
  id: 'paymentCallback',
  description: "The card provider's return address: settle the payment on the server, then back to the wizard.",
  context: ({ input }) => ({ ...input, quote: null, problem: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'complete', target: 'processing' }, { target: 'invalid' }],
    },
    invalid: {
      description: 'The address lacks id, deliveryid or resourcePath: nothing to process; a link leads back.',
      on: { 'callback.return': 'returning' },
    },
    processing: {
      description: "'Processing payment ...': the server looks the payment up and settles it.",
      tags: ['busy'],
      invoke: {
        id: 'processCardPayment',
        src: 'processCardPayment',
        input: ({ context }) => ({
          cca2: context.cca2, deliveryId: context.deliveryId!, checkoutId: context.checkoutId!, resourcePath: context.resourcePath!,
        }),
        onDone: { target: 'returning', actions: assign({ quote: ({ event }) => event.output, problem: null }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => problemText(event.error) }) },
      },
    },
    failed: {
      description: 'The server could not settle the payment (e.g. the provider is unreachable): its message, try again or go back.',
      on: {
        'callback.retry': { target: 'processing', actions: assign({ problem: null }) },
        'callback.return': 'returning',
      },
    },
    returning: {
      type: 'final',
      description: 'Back to where the shopper paid from; the wizard reopens on the delivery and shows the result.',
    },
  },
  output: ({ context }) => ({
    deliveryId: context.deliveryId,
    returnTo: returnLocation(context),
    paid: context.quote?.paymentStatusId === PAYMENT_STATUS.PAID,
  }),
});
