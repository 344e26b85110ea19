import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { ADJUSTMENT_TEXTS } from '../../lib/finance-texts';
import { toCents } from '../../lib/money';
import { forgetKeys, keyFor, newSession } from './idempotency-keys';
import type { AdjustmentContext, AdjustmentCurrentInput, AdjustmentForm, AdjustmentItem, AdjustmentSchema, AdjustmentSubmitInput, AdjustmentTarget } from './adjustment.types';

const EMPTY_FORM: AdjustmentForm = { amount: '', description: '' };
const AMOUNT = /^-?\d+([.,]\d{1,2})?$/;

/** 002 section 5's checks, texts verbatim; the new amount's check only when the current one is known. */
export function checkAdjustment(form: AdjustmentForm, isCredit: boolean, currentExcl: number | null, target: AdjustmentTarget): AdjustmentContext['invalid'] {
  const invalid: AdjustmentContext['invalid'] = {};
  const amount = form.amount.trim();
  if (!amount) invalid.amount = ADJUSTMENT_TEXTS.amountRequired;
  else if (!AMOUNT.test(amount) || toCents(amount) <= 0) invalid.amount = ADJUSTMENT_TEXTS.amountNegative;
  if (!form.description.trim()) invalid.description = ADJUSTMENT_TEXTS.reasonRequired;
  if (!invalid.amount && currentExcl !== null) {
    // A delivery's credit lowers its price; a job's debit lowers the driver's pay.
    const lowers = target === 'delivery' ? isCredit : !isCredit;
    if (lowers && currentExcl - toCents(amount) < 0) invalid.newAmount = ADJUSTMENT_TEXTS.belowZero(target);
  }
  return invalid;
}

/**
 * The finance adjustment dialog (002 sections 2, 4, 5, 7): the debit or credit form with an amount and a reason, its
 * checks, the confirmation ("Transaction cannot be undone!"), then one idempotent POST. After success the dialogs
 * close and the screen reloads; a 404 goes to /404.
 */
export const adjustmentMachine = setup({
  types: {} as AdjustmentSchema,
  actors: {
    loadCurrent: fromPromise<number | null, AdjustmentCurrentInput>(async ({ input, signal }) => {
      if (input.target !== 'job') return input.known;
      // A job's cost with its adjustments so far, as the server will judge it.
      const { data } = await api.connect.GET('/transactions/getJobTransactionItems/{cca2}/{jobId}', { params: { path: { cca2: input.cca2, jobId: input.id } }, signal });
      return data?.totalExcl ?? input.known;
    }),
    submit: fromPromise<AdjustmentItem, AdjustmentSubmitInput>(async ({ input }) => {
      const path = input.target === 'job' ? '/transactions/createJobTransactionItem/{cca2}' : '/transactions/createDeliveryTransactionItem/{cca2}';
      const { data } = await api.connect.POST(path, { params: { path: { cca2: input.cca2 }, header: { 'Idempotency-Key': input.key } }, body: input.body });
      if (!data) throw new Error('The server answered without the transaction item');
      return data;
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(checkAdjustment(context.form, context.isCredit, context.currentExcl, context.target)).length === 0,
    notFound: ({ event }) => 'error' in event && asApiError(event.error).status === 404,
  },
  actions: {
    change: assign(({ context, event }) => (event.type === 'adjustment.change'
      ? { form: { ...context.form, [event.field]: event.value }, invalid: {}, error: undefined }
      : {})),
    check: assign({ invalid: ({ context }) => checkAdjustment(context.form, context.isCredit, context.currentExcl, context.target) }),
  },
}).createMachine({
  id: 'adjustment',
  description: 'Adjust a delivery\'s price or a job\'s cost: the form, the confirmation, one idempotent POST.',
  context: ({ input }) => ({
    cca2: input.cca2, target: input.target, id: input.id, isCredit: false, form: EMPTY_FORM, currentExcl: null,
    session: newSession(`adjust-${input.target}-${input.id}`), invalid: {}, error: undefined,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'adjustment.open': {
          target: 'loading',
          actions: assign(({ event }) => ({ isCredit: event.isCredit, currentExcl: event.currentExcl, form: EMPTY_FORM, invalid: {}, error: undefined })),
        },
      },
    },
    loading: {
      description: 'The current amount excl (a job\'s cost with its adjustments); without it the server alone judges.',
      invoke: {
        id: 'loadCurrent',
        src: 'loadCurrent',
        input: ({ context }) => ({ cca2: context.cca2, target: context.target, id: context.id, known: context.currentExcl }),
        onDone: { target: 'editing', actions: assign({ currentExcl: ({ event }) => event.output }) },
        onError: [{ guard: 'notFound', target: 'closed', actions: emit({ type: 'adjustment.notFound' as const }) }, { target: 'editing' }],
      },
      on: { 'adjustment.close': 'closed' },
    },
    editing: {
      on: {
        'adjustment.change': { actions: 'change' },
        'adjustment.submit': [{ guard: 'formValid', target: 'confirming', actions: assign({ invalid: {}, error: undefined }) }, { actions: 'check' }],
        'adjustment.close': 'closed',
      },
    },
    confirming: {
      // No close here: the confirmation is modal over the form (its Cancel out of reach), and Escape is its No.
      description: '"Transaction cannot be undone!": confirm, or go back to the form.',
      on: { 'adjustment.confirm': 'submitting', 'adjustment.back': 'editing' },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => {
          const body = {
            ...(context.target === 'job' ? { jobId: context.id } : { deliveryId: context.id }),
            amount: toCents(context.form.amount.trim()), description: context.form.description.trim(), isCredit: context.isCredit,
          };
          return { cca2: context.cca2, target: context.target, key: keyFor(context.session, body), body };
        },
        onDone: {
          target: 'closed',
          actions: [({ context }) => forgetKeys(context.session), emit(({ event }) => ({ type: 'adjustment.done' as const, item: event.output }))],
        },
        onError: [
          { guard: 'notFound', target: 'closed', actions: emit({ type: 'adjustment.notFound' as const }) },
          { target: 'editing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
        ],
      },
    },
  },
});
