import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { fundsAllocationMachine } from './funds-allocation.machine';
import type { FundsReceived, LoadOutput } from './funds-allocation.types';

export const FUNDS: FundsReceived = {
  id: 5, companyId: 1, userId: null, customerName: 'Acme Retail', amount: 300_00, allocated: 0, unallocated: 300_00, reference: 'EFT 123',
  receivedOn: '2026-11-25', createdAt: '2026-11-26T09:00:00Z', allocations: [],
};
export const LOADED: LoadOutput = { funds: FUNDS, accounts: [{ id: 7, accountName: 'Acme Retail', balance: -120_00 }, { id: 8, accountName: 'Acme Sea Point', balance: 0 }] };
export const AFTER: FundsReceived = {
  ...FUNDS, allocated: 250_00, unallocated: 50_00,
  allocations: [{ id: 1, accountId: 7, accountName: 'Acme Retail', amount: 250_00, ledgerTransactionId: 91, createdAt: '2026-11-26T09:05:00Z' }],
};

export const fundsAllocationSamples = defineSamples(fundsAllocationMachine, [
  {
    name: 'allocate: more than received is refused on screen, the server refuses once, then it posts and reloads',
    input: { cca2: 'za', id: 5 },
    events: [
      { type: 'xstate.done.actor.load', output: LOADED },
      { type: 'allocation.change', accountId: 7, value: '400' },
      { type: 'allocation.submit' },
      { type: 'allocation.change', accountId: 7, value: '250.00' },
      { type: 'allocation.submit' },
      { type: 'xstate.error.actor.allocate', error: toApiError(422, { message: 'The allocation is more than the unallocated amount of 200.00.' }, '/connect/fundsreceived/za/5/allocation') },
      { type: 'allocation.submit' },
      { type: 'xstate.done.actor.allocate', output: AFTER },
      { type: 'xstate.done.actor.load', output: { ...LOADED, funds: AFTER } },
    ],
  },
  {
    name: 'loading fails, then a retry; a funds received that does not exist goes to /404',
    input: { cca2: 'za', id: 5 },
    events: [
      { type: 'xstate.error.actor.load', error: toApiError(500, { message: 'The server failed' }, '/connect/fundsreceived/za/5') },
      { type: 'allocation.retry' },
      { type: 'xstate.error.actor.load', error: toApiError(404, { message: 'Not found: funds received 5' }, '/connect/fundsreceived/za/5') },
      { type: 'xstate.done.actor.load', output: LOADED },
      { type: 'allocation.change', accountId: 8, value: '10' },
      { type: 'allocation.submit' },
      { type: 'xstate.error.actor.allocate', error: toApiError(500, { message: 'The server failed' }, '/connect/fundsreceived/za/5/allocation') },
      { type: 'xstate.done.actor.allocate', output: AFTER },
    ],
  },
], 'transitions');
