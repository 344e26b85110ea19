import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { adjustmentMachine } from './adjustment.machine';
import type { AdjustmentItem } from './adjustment.types';

export const ADJUSTED: AdjustmentItem = {
  id: 4, transactionId: 88, description: 'Waited an hour at the gate', quantity: 1, amountExcl: 20_00, vat: 3_00, isCredit: false,
  transactionItemTypeId: 3, deliveryId: 312, jobId: null, newAmountExcl: 120_00, createdAt: '2026-11-26T10:00:00Z', createdBy: 'Ada Admin',
};

const notFound = (path: string) => toApiError(404, { message: 'Not found' }, path);

export const adjustmentSamples = defineSamples(adjustmentMachine, [
  {
    name: 'debit a delivery: the form checks itself, back from the confirmation, the server refuses once, then it is posted',
    input: { cca2: 'za', target: 'delivery', id: 312 },
    events: [
      { type: 'adjustment.open', isCredit: false, currentExcl: 100_00 },
      { type: 'xstate.done.actor.loadCurrent', output: 100_00 },
      { type: 'adjustment.submit' },
      { type: 'adjustment.change', field: 'amount', value: '20.00' },
      { type: 'adjustment.change', field: 'description', value: 'Waited an hour at the gate' },
      { type: 'adjustment.submit' },
      { type: 'adjustment.back' },
      { type: 'adjustment.submit' },
      { type: 'adjustment.confirm' },
      { type: 'xstate.error.actor.submit', error: toApiError(422, { message: 'The Prepay account "Chloe Customer" cannot go below zero.' }, '/connect/transactions/createDeliveryTransactionItem/za') },
      { type: 'adjustment.submit' },
      { type: 'adjustment.confirm' },
      { type: 'xstate.done.actor.submit', output: ADJUSTED },
    ],
  },
  {
    name: 'debit a job below zero is refused by the form; a job that is gone goes to /404',
    input: { cca2: 'za', target: 'job', id: 7 },
    events: [
      { type: 'adjustment.open', isCredit: false, currentExcl: null },
      { type: 'xstate.done.actor.loadCurrent', output: 50_00 },
      { type: 'adjustment.change', field: 'amount', value: '60.00' },
      { type: 'adjustment.change', field: 'description', value: 'Late' },
      { type: 'adjustment.submit' },
      { type: 'adjustment.close' },
      { type: 'adjustment.open', isCredit: true, currentExcl: null },
      { type: 'xstate.error.actor.loadCurrent', error: notFound('/connect/transactions/getJobTransactionItems/za/7') },
    ],
  },
  {
    name: 'credit a job whose cost cannot be read: the server judges; it is gone by the time it is confirmed',
    input: { cca2: 'za', target: 'job', id: 7 },
    events: [
      { type: 'adjustment.open', isCredit: true, currentExcl: null },
      { type: 'adjustment.close' },
      { type: 'adjustment.open', isCredit: true, currentExcl: null },
      { type: 'xstate.error.actor.loadCurrent', error: toApiError(500, { message: 'Server error' }, '/connect/transactions/getJobTransactionItems/za/7') },
      { type: 'adjustment.change', field: 'amount', value: '15' },
      { type: 'adjustment.change', field: 'description', value: 'Toll road' },
      { type: 'adjustment.submit' },
      { type: 'adjustment.close' },
      { type: 'adjustment.open', isCredit: true, currentExcl: null },
      { type: 'xstate.done.actor.loadCurrent', output: 80_00 },
      { type: 'adjustment.change', field: 'amount', value: '15' },
      { type: 'adjustment.change', field: 'description', value: 'Toll road' },
      { type: 'adjustment.submit' },
      { type: 'adjustment.confirm' },
      { type: 'xstate.error.actor.submit', error: notFound('/connect/transactions/createJobTransactionItem/za') },
    ],
  },
], 'transitions');
