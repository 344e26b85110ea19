import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';
import { FINANCE_ADMIN_TEXTS } from '../../lib/finance-admin-texts';
import { toCents } from '../../lib/money';
import { forgetKeys, keyFor, newSession } from './idempotency-keys';
import type { PayoutForm, PayoutOptionsInput, PayoutOptionsOutput, PayoutRequestContext, PayoutRequestSchema, PayoutSubmitInput } from './payout-request.types';

const EMPTY_FORM: PayoutForm = { accountId: '', bankAccountId: '', amount: '', reason: '' };

/** Amounts as typed: digits with at most two decimals, more than zero, at most 10 000 000.00. */
export function checkPayoutForm(form: PayoutForm): PayoutRequestContext['invalid'] {
  const invalid: PayoutRequestContext['invalid'] = {};
  if (!form.accountId) invalid.accountId = FINANCE_ADMIN_TEXTS.accountRequired;
  if (!form.bankAccountId) invalid.bankAccountId = FINANCE_ADMIN_TEXTS.bankAccountRequired;
  const amount = form.amount.trim();
  if (!amount) invalid.amount = FINANCE_ADMIN_TEXTS.amountRequired;
  else if (!/^\d+([.,]\d{1,2})?$/.test(amount) || toCents(amount) <= 0 || toCents(amount) > 1_000_000_000) invalid.amount = FINANCE_ADMIN_TEXTS.amountInvalid;
  return invalid;
}

/**
 * Requesting a withdrawal or an advance (issue 15; 000 section 6: partners, companies and stores): the form with the
 * caller's accounts and bank accounts, its own check, then POST payoutrequests with the form's Idempotency-Key. The
 * server's refusal (an account that cannot cover it, named) stays on the form.
 */
export const payoutRequestMachine = setup({
  types: {} as PayoutRequestSchema,
  actors: {
    loadOptions: fromPromise<PayoutOptionsOutput, PayoutOptionsInput>(async ({ input: { cca2 }, signal }) => {
      const [accounts, banks] = await Promise.all([
        api.connect.GET('/accounts/{cca2}', { params: { path: { cca2 }, query: { pageSize: 100, isActive: true } }, signal }),
        api.connect.GET('/bankaccounts/{cca2}', { params: { path: { cca2 }, query: { select: true, pageSize: 100 } }, signal }),
      ]);
      const rows = accounts.data && typeof accounts.data !== 'string' && 'items' in accounts.data ? accounts.data.items : [];
      return {
        accounts: rows.filter((row) => row.accountType !== 'System').map((row) => ({ key: String(row.id), value: row.accountName })),
        bankAccounts: Array.isArray(banks.data) ? banks.data : [],
      };
    }),
    submit: fromPromise<components['schemas']['PayoutRequest'], PayoutSubmitInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/payoutrequests/{cca2}/{kind}', {
        params: { path: { cca2: input.cca2, kind: input.kind }, header: { 'Idempotency-Key': input.key } }, body: input.body,
      });
      return data!;
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(checkPayoutForm(context.form)).length === 0,
  },
  actions: {
    reset: assign({ form: EMPTY_FORM, invalid: {}, error: undefined }),
    change: assign(({ context, event }) => (event.type === 'payout.change'
      ? { form: { ...context.form, [event.field]: event.value }, invalid: { ...context.invalid, [event.field]: undefined } }
      : {})),
    check: assign({ invalid: ({ context }) => checkPayoutForm(context.form) }),
  },
}).createMachine({
  id: 'payoutRequest',
  description: 'Request a withdrawal or an advance: the form, its check, one idempotent POST; the list reloads after.',
  context: ({ input }) => ({
    cca2: input.cca2, kind: input.kind, form: EMPTY_FORM, accounts: [], bankAccounts: [], session: newSession(input.kind), invalid: {}, error: undefined,
  }),
  initial: 'closed',
  states: {
    closed: { on: { 'payout.open': { target: 'loading', actions: 'reset' } } },
    loading: {
      description: 'The caller\'s accounts and active bank accounts for the form\'s selects.',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: { target: 'editing', actions: assign({ accounts: ({ event }) => event.output.accounts, bankAccounts: ({ event }) => event.output.bankAccounts }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
      on: { 'payout.close': 'closed' },
    },
    loadFailed: {
      description: 'The selects could not be filled: the message, Retry or Close.',
      on: { 'payout.open': { target: 'loading', actions: 'reset' }, 'payout.close': 'closed' },
    },
    editing: {
      on: {
        'payout.change': { actions: 'change' },
        'payout.submit': [{ guard: 'formValid', target: 'submitting', actions: assign({ invalid: {}, error: undefined }) }, { actions: 'check' }],
        'payout.close': 'closed',
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => {
          const body = {
            accountId: Number(context.form.accountId), bankAccountId: Number(context.form.bankAccountId),
            amount: toCents(context.form.amount.trim()), reason: context.form.reason.trim() || null,
          };
          return { cca2: context.cca2, kind: context.kind, key: keyFor(context.session, body), body };
        },
        onDone: {
          target: 'closed',
          actions: [({ context }) => forgetKeys(context.session), emit(({ event }) => ({ type: 'payout.requested' as const, request: event.output }))],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
  },
});
