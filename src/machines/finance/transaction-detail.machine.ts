import { assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { fetchTransactionDetail } from '../../resources/finance';
import type { TransactionDetail, TransactionDetailInput, TransactionDetailSchema } from './transaction-detail.types';

/**
 * One transaction with its items (/accounts/:accountId/transactions/:transactionId): loads it, says so when it is
 * not the caller's to see (404) or could not be loaded (with Retry). Transactions never change, so there is
 * nothing to edit or refresh; its download ("Transaction Id {id}") is the shared export button's.
 */
export const transactionDetailMachine = setup({
  types: {} as TransactionDetailSchema,
  actors: {
    loadDetail: fromPromise<TransactionDetail, TransactionDetailInput>(({ input, signal }) => fetchTransactionDetail(input, signal)),
  },
  actions: {
    setDetail: assign((_, params: { detail: TransactionDetail }) => ({ detail: params.detail, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: asApiError(params.error).message })),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
  },
}).createMachine({
  id: 'transactionDetail',
  description: 'One transaction of an account with its items and totals.',
  context: ({ input }) => ({ ...input, detail: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ cca2: context.cca2, accountId: context.accountId, transactionId: context.transactionId }),
        onDone: { target: 'shown', actions: { type: 'setDetail', params: ({ event }) => ({ detail: event.output }) } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: {
      description: 'The problem, with Retry.',
      on: { 'detail.retry': { target: 'loading', actions: 'clearProblem' } },
    },
    notFound: {
      description: 'No such transaction in this account, or not the caller\'s to see.',
      type: 'final',
    },
    shown: {
      description: 'The transaction, its items and totals, and Download.',
      type: 'final',
    },
  },
});
