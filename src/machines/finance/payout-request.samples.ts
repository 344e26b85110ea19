import { toApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';
import { defineSamples } from '../samples';
import { payoutRequestMachine } from './payout-request.machine';

export const PAYOUT_OPTIONS = {
  accounts: [{ key: '7', value: 'Precious Partner payable' }],
  bankAccounts: [{ key: '3', value: 'First Bank ••••4567 (Precious Partner)' }],
};

export const REQUESTED: components['schemas']['PayoutRequest'] = {
  id: 12, kind: 'Withdrawal', accountId: 7, accountName: 'Precious Partner payable', bankAccountId: 3, bankAccount: 'First Bank ••••4567',
  amount: 250_00, reason: null, status: 'requested', requestedBy: 'Precious Partner', requestedAt: '2026-11-26T10:00:00Z',
  decidedBy: null, decidedAt: null, ledgerTransactionId: null,
};

export const payoutRequestSamples = defineSamples(payoutRequestMachine, [
  {
    name: 'request a withdrawal: the form checks itself, the server refuses once (naming the account), then it is requested',
    input: { cca2: 'za', kind: 'withdrawals' },
    events: [
      { type: 'payout.open' },
      { type: 'xstate.done.actor.loadOptions', output: PAYOUT_OPTIONS },
      { type: 'payout.submit' },
      { type: 'payout.change', field: 'accountId', value: '7' },
      { type: 'payout.change', field: 'bankAccountId', value: '3' },
      { type: 'payout.change', field: 'amount', value: '250.00' },
      { type: 'payout.submit' },
      { type: 'xstate.error.actor.submit', error: toApiError(422, { message: 'The Prepay account "Precious Partner payable" cannot go below zero.' }, '/connect/payoutrequests/za/withdrawals') },
      { type: 'payout.submit' },
      { type: 'xstate.done.actor.submit', output: REQUESTED },
    ],
  },
  {
    name: 'open and close; the options failing to load leave the form with the message',
    input: { cca2: 'za', kind: 'advances' },
    events: [
      { type: 'payout.open' },
      { type: 'payout.close' },
      { type: 'payout.open' },
      { type: 'xstate.error.actor.loadOptions', error: toApiError(500, { message: 'The server failed' }, '/connect/accounts/za') },
      { type: 'xstate.done.actor.loadOptions', output: PAYOUT_OPTIONS },
      { type: 'payout.submit' },
      { type: 'xstate.error.actor.submit', error: toApiError(500, { message: 'The server failed' }, '/connect/payoutrequests/za/advances') },
      { type: 'xstate.done.actor.submit', output: { ...REQUESTED, kind: 'Advance' } },
      { type: 'payout.close' },
    ],
  },
], 'transitions');
