import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { depositBody, depositErrors, EMPTY_DEPOSIT, localDateTime } from './deposit';
import type { DepositForm, DepositSchema, DriverDeposit } from './deposit.types';

/**
 * The deposit modal (002 section 2, issue 20): a dispatcher records a driver's cash deposit of cash-on-delivery
 * money (amount, slip reference, time, note) with recorddriverdeposit; the server posts it to the ledger. The key
 * is made when the modal opens and kept through retries, so a deposit whose answer was lost is recorded once.
 */
export const depositMachine = setup({
  types: {} as DepositSchema,
  actors: {
    recordDeposit: fromPromise<DriverDeposit, { cca2: string; driverId: number; body: ReturnType<typeof depositBody> }>(async ({ input }) => {
      const { data } = await api.connect.POST('/drivers/deposits/{cca2}/{driverId}', { params: { path: { cca2: input.cca2, driverId: input.driverId } }, body: input.body });
      return data!;
    }),
  },
  actions: {
    change: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'deposit.change');
        return { ...context.form, ...event.fields };
      },
    }),
  },
  guards: {
    complete: ({ context }) => Object.keys(depositErrors(context.form)).length === 0,
  },
}).createMachine({
  id: 'deposit',
  description: 'Record a driver\'s cash deposit: the amount, slip reference, time and note; the server records it once and posts it to the ledger.',
  context: ({ input }) => ({ cca2: input.cca2, driverId: null, driverName: '', form: EMPTY_DEPOSIT, idempotencyKey: '', recorded: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The driver\'s details offer "Record deposit".',
      on: {
        'deposit.open': {
          target: 'editing',
          actions: assign(({ event }) => ({
            driverId: event.driverId, driverName: event.driverName, idempotencyKey: event.key, recorded: null, error: null,
            form: { ...EMPTY_DEPOSIT, depositedAt: localDateTime(event.now) } satisfies DepositForm,
          })),
        },
      },
    },
    editing: {
      description: 'The form; Record only once the amount (above zero), the reference and the time are there.',
      on: {
        'deposit.change': { actions: 'change' },
        'deposit.submit': { guard: 'complete', target: 'saving', actions: assign({ error: null }) },
        'deposit.cancel': 'closed',
      },
    },
    saving: {
      description: 'The server records the deposit (once per key) and posts it to the ledger.',
      tags: ['busy'],
      invoke: {
        id: 'recordDeposit',
        src: 'recordDeposit',
        input: ({ context }) => ({ cca2: context.cca2, driverId: context.driverId!, body: depositBody(context.form, context.idempotencyKey) }),
        onDone: {
          target: 'recorded',
          actions: [
            assign({ recorded: ({ event }) => event.output }),
            emit(({ context, event }) => ({ type: 'deposit.recorded' as const, driverId: context.driverId!, deposit: event.output })),
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    recorded: {
      description: 'The deposit as the server recorded it; closing returns to the console.',
      on: { 'deposit.cancel': 'closed' },
    },
  },
});
