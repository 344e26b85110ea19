import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { MY_DELIVERIES_TEXTS } from '../../lib/dashboard-texts';
import { notifySuccess } from '../shared/shared.actions';
import type { CancelQuoteInput, QuoteCancelSchema } from './quote-cancel.types';

/**
 * Cancelling a quote from the customer's dashboard (issue 21; 001 section 7's cancelquote): No / Yes first, then the
 * server cancels it at the version shown (a quote changed meanwhile answers 409, a paid one 422); the message stays
 * until dismissed. Once cancelled the dashboard reloads, and the quote leaves the list (dead quotes are hidden).
 */
export const quoteCancelMachine = setup({
  types: {} as QuoteCancelSchema,
  actors: {
    cancelQuote: fromPromise<void, CancelQuoteInput>(async ({ input }) => {
      await api.connect.PUT('/deliveries/cancelquote/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.id } }, body: { xmin: input.xmin } });
    }),
  },
  actions: {
    notifyCancelled: ({ system }) => notifySuccess({ system }, { text: MY_DELIVERIES_TEXTS.cancelled }),
  },
}).createMachine({
  id: 'quoteCancel',
  description: 'Cancel a quote from the dashboard: confirm, cancel on the server, then reload the list.',
  context: ({ input }) => ({ cca2: input.cca2, target: undefined, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Each unpaid quote offers Cancel.',
      on: { 'cancel.request': { target: 'confirming', actions: assign({ target: ({ event }) => event.target, error: undefined }) } },
    },
    confirming: {
      description: 'The confirmation dialog asks No / Yes.',
      on: {
        'cancel.no': { target: 'idle', actions: assign({ target: undefined }) },
        'cancel.yes': { target: 'cancelling' },
      },
    },
    cancelling: {
      description: 'The server cancels the quote.',
      tags: ['busy'],
      invoke: {
        id: 'cancelQuote',
        src: 'cancelQuote',
        input: ({ context }) => ({ cca2: context.cca2, id: context.target!.id, xmin: context.target!.xmin }),
        onDone: {
          target: 'idle',
          actions: ['notifyCancelled', emit(({ context }) => ({ type: 'cancel.done' as const, id: context.target!.id })), assign({ target: undefined })],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'The server refused (changed meanwhile, or paid) or failed: the message stays until dismissed.',
      on: {
        'cancel.dismiss': { target: 'idle', actions: assign({ target: undefined, error: undefined }) },
        'cancel.request': { target: 'confirming', actions: assign({ target: ({ event }) => event.target, error: undefined }) },
      },
    },
  },
});
