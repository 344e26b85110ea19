import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { ApiError, asApiError } from '../../api/api-error';
import { toCents } from '../../lib/money';
import { forgetKeys, keyFor, newSession } from './idempotency-keys';
import type { AllocateInput, FundsAllocationContext, FundsAllocationSchema, FundsReceived, LoadInput, LoadOutput } from './funds-allocation.types';

const AMOUNT = /^\d+([.,]\d{1,2})?$/;

/** The typed amounts as allocation lines (blank ones left out); undefined when one is not an amount. */
export function allocationLines(amounts: FundsAllocationContext['amounts']): { accountId: number; amount: number }[] | undefined {
  const lines: { accountId: number; amount: number }[] = [];
  for (const [accountId, typed] of Object.entries(amounts)) {
    const value = typed.trim();
    if (!value) continue;
    if (!AMOUNT.test(value) || toCents(value) <= 0) return undefined;
    lines.push({ accountId: Number(accountId), amount: toCents(value) });
  }
  return lines;
}

/** What would remain unallocated after the typed lines (cents; negative = more than received). */
export function remainderAfter(context: Pick<FundsAllocationContext, 'funds' | 'amounts'>): number {
  const lines = allocationLines(context.amounts) ?? [];
  return (context.funds?.unallocated ?? 0) - lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * /funds-received/:id/allocation (issue 15): funds received by EFT spread over the customer's accounts. The
 * remainder updates as amounts are typed; Allocate is allowed only for valid amounts within the remainder;
 * the server posts one Deposit per line, all or none, idempotent by the screen's key.
 */
export const fundsAllocationMachine = setup({
  types: {} as FundsAllocationSchema,
  actors: {
    load: fromPromise<LoadOutput, LoadInput>(async ({ input: { cca2, id }, signal }) => {
      const { data: funds } = await api.connect.GET('/fundsreceived/{cca2}/{id}', { params: { path: { cca2, id } }, signal });
      const owner = funds!.companyId ? { companyid: funds!.companyId } : { appuserid: funds!.userId! };
      const { data } = await api.connect.GET('/accounts/{cca2}', { params: { path: { cca2 }, query: { pageSize: 100, ...owner } }, signal });
      const rows = data && typeof data !== 'string' && 'items' in data ? data.items : [];
      return { funds: funds!, accounts: rows.filter((row) => row.accountType !== 'System').map(({ id: accountId, accountName, balance }) => ({ id: accountId, accountName, balance })) };
    }),
    allocate: fromPromise<FundsReceived, AllocateInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/fundsreceived/{cca2}/{id}/allocation', {
        params: { path: { cca2: input.cca2, id: input.id }, header: { 'Idempotency-Key': input.key } }, body: { allocations: input.allocations },
      });
      return data!;
    }),
  },
  guards: {
    notFound: ({ event }) => 'error' in event && event.error instanceof ApiError && event.error.status === 404,
    allocatable: ({ context }) => {
      const lines = allocationLines(context.amounts);
      return lines !== undefined && lines.length > 0 && remainderAfter(context) >= 0;
    },
  },
}).createMachine({
  id: 'fundsAllocation',
  description: 'Allocate funds received to the customer\'s accounts: the remainder shown, over-allocation refused, one idempotent call.',
  context: ({ input }) => ({ cca2: input.cca2, id: input.id, funds: undefined, accounts: [], amounts: {}, session: newSession(`allocation-${input.id}`), error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id }),
        onDone: { target: 'ready', actions: assign({ funds: ({ event }) => event.output.funds, accounts: ({ event }) => event.output.accounts, error: undefined }) },
        onError: [
          { guard: 'notFound', target: 'loadFailed', actions: emit({ type: 'allocation.notFound' as const }) },
          { target: 'loadFailed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
        ],
      },
    },
    loadFailed: { on: { 'allocation.retry': 'loading' } },
    ready: {
      on: {
        'allocation.change': {
          actions: assign(({ context, event }) => ({ amounts: { ...context.amounts, [event.accountId]: event.value }, error: undefined })),
        },
        'allocation.submit': { guard: 'allocatable', target: 'allocating' },
      },
    },
    allocating: {
      invoke: {
        id: 'allocate',
        src: 'allocate',
        input: ({ context }) => {
          const allocations = allocationLines(context.amounts) ?? [];
          return { cca2: context.cca2, id: context.id, key: keyFor(context.session, allocations), allocations };
        },
        onDone: {
          target: 'loading',
          actions: [({ context }) => forgetKeys(context.session), assign({ amounts: {} }), emit(({ event }) => ({ type: 'allocation.allocated' as const, funds: event.output }))],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
  },
});
