import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { depositMachine } from './deposit.machine';

const input = { cca2: 'ZA' };
const open = { type: 'deposit.open' as const, driverId: 7, driverName: 'Dan Driver', now: '2026-11-26T09:30:00Z', key: 'deposit-sample-0001' };
const recorded = {
  id: 11, driverId: 7, amountCents: 125_050, reference: 'FNB slip 00417', note: 'Morning round', depositedAt: '2026-11-26T09:30:00.000Z',
  recordedByUserId: 1, createdAt: '2026-11-26T09:31:00.000Z',
};

export const depositSamples = defineSamples(depositMachine, [
  {
    name: 'a dispatcher records a deposit; an amount of nothing waits for a real one',
    input,
    events: [
      open,
      { type: 'deposit.change', fields: { amount: '0' } },
      { type: 'deposit.submit' },
      { type: 'deposit.change', fields: { amount: '1250.50', reference: 'FNB slip 00417', note: 'Morning round' } },
      { type: 'deposit.submit' },
      { type: 'xstate.done.actor.recordDeposit', output: recorded },
      { type: 'deposit.cancel' },
    ],
  },
  {
    name: 'the answer is lost: the message shows, the retry (same key) is recorded once',
    input,
    events: [
      open,
      { type: 'deposit.change', fields: { amount: '10', reference: 'Till 3' } },
      { type: 'deposit.submit' },
      { type: 'xstate.error.actor.recordDeposit', error: toApiError(503, { message: 'The server is not answering.' }, '/connect/drivers/deposits/ZA/7') },
      { type: 'deposit.submit' },
      { type: 'xstate.done.actor.recordDeposit', output: { ...recorded, amountCents: 1_000, reference: 'Till 3', note: null } },
      { type: 'deposit.cancel' },
    ],
  },
], 'transitions');
