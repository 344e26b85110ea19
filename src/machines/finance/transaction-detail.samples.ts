import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { transactionDetailMachine } from './transaction-detail.machine';
import type { TransactionDetail } from './transaction-detail.types';

export const sampleTransactionDetail: TransactionDetail = {
  transaction: {
    id: 41, createdAt: '2026-11-20T08:15:00Z', transactionType: 'Invoice', transactionStatus: 'Posted', description: 'Delivery 318 (WB00000318)',
    deliveryId: 318, waybill: 'WB00000318', reversalOfId: null, amount: -13_800, balanceAfter: 86_200,
  },
  items: [
    { id: 1, transactionId: 41, description: 'Standard 0-20 km', quantity: 1, amountExcl: 10_000 },
    { id: 2, transactionId: 41, description: 'Parcel surcharge', quantity: 2, amountExcl: 1_000 },
  ].map((item) => ({ ...item, transactionItemTypeId: 1 })),
  subtotal: 12_000, vat: 1_800, total: 13_800,
};

export const transactionDetailSamples = defineSamples(transactionDetailMachine, [
  {
    name: 'an invoice of a delivery',
    input: { cca2: 'za', accountId: 5, transactionId: 41 },
    events: [
      { type: 'xstate.done.actor.loadDetail', output: sampleTransactionDetail },
      { type: 'xstate.error.actor.loadDetail', error: toApiError(503, { message: 'The server is busy: try again in a moment.' }, '/connect/transactions/za/41/transactionItems') },
      { type: 'detail.retry' },
    ],
  },
  {
    name: 'a transaction id typed by hand: found, or of another account',
    input: { cca2: 'za', accountId: 5, transactionId: 41 },
    events: [
      { type: 'xstate.done.actor.loadDetail', output: sampleTransactionDetail },
      { type: 'xstate.error.actor.loadDetail', error: toApiError(404, undefined, '/connect/transactions/za/41/transactionItems') },
    ],
  },
], 'transitions');
