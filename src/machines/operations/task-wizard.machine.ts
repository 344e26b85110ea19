import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';
import { EMPTY_STOP, isEmpty, jobTaskFormOf, stopAddressErrors, stopTypeErrors, stopWindowErrors } from './task-wizard';
import type { TaskWizardSchema } from './task-wizard.types';

/**
 * The task wizard (002 section 2, issue 20): add a stop to a job in three steps — the delivery it serves and its
 * task type (pick-up, drop-off, store pick-up, store drop-off, QSR store pick-up), its address, then its window
 * and contact — and addtasktojob. Each step goes on only once its fields are complete (task-wizard.ts); the
 * server's refusal (409 when the job chart no longer takes work, 400 for bad input) comes back to the last step.
 */
export const taskWizardMachine = setup({
  types: {} as TaskWizardSchema,
  actors: {
    addTask: fromPromise<void, { cca2: string; jobId: number; body: components['schemas']['JobTaskForm'] }>(async ({ input }) => {
      await api.connect.POST('/jobs/addtasktojob/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.jobId } }, body: input.body });
    }),
  },
  actions: {
    reset: assign({ form: EMPTY_STOP, error: null }),
    change: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'wizard.change');
        return { ...context.form, ...event.fields };
      },
    }),
  },
  guards: {
    stopChosen: ({ context }) => isEmpty(stopTypeErrors(context.form)),
    addressComplete: ({ context }) => isEmpty(stopAddressErrors(context.form)),
    windowValid: ({ context }) => isEmpty(stopWindowErrors(context.form)),
  },
}).createMachine({
  id: 'taskWizard',
  description: 'Add a stop to a job: its delivery and type, its address, its window and contact; then the server adds it.',
  context: ({ input }) => ({ cca2: input.cca2, jobId: input.jobId, form: EMPTY_STOP, error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The job offers "Add a stop" (where its chart takes more work).',
      on: { 'wizard.open': { target: 'stop', actions: 'reset' } },
    },
    stop: {
      description: 'Which delivery the stop serves and its task type.',
      on: {
        'wizard.change': { actions: 'change' },
        'wizard.next': { guard: 'stopChosen', target: 'address' },
        'wizard.cancel': 'closed',
      },
    },
    address: {
      description: 'Where: an address with its coordinates (a delivery\'s own addresses offered); a store stop names its store.',
      on: {
        'wizard.change': { actions: 'change' },
        'wizard.next': { guard: 'addressComplete', target: 'window' },
        'wizard.back': 'stop',
        'wizard.cancel': 'closed',
      },
    },
    window: {
      description: 'When and whom to ask for: the window (its end after its start) and the contact, all optional.',
      on: {
        'wizard.change': { actions: 'change' },
        'wizard.submit': { guard: 'windowValid', target: 'adding', actions: assign({ error: null }) },
        'wizard.back': 'address',
        'wizard.cancel': 'closed',
      },
    },
    adding: {
      description: 'The server adds the stop.',
      tags: ['busy'],
      invoke: {
        id: 'addTask',
        src: 'addTask',
        input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId, body: jobTaskFormOf(context.form) }),
        onDone: { target: 'closed', actions: emit(({ context }) => ({ type: 'wizard.added' as const, jobId: context.jobId })) },
        onError: { target: 'window', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
  },
});
