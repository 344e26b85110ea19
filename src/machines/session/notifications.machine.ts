import { assertEvent, assign, setup } from 'xstate';
import type { ApiError } from '../../api/api-error';
import type { NotificationsSchema } from './notifications.types';

/** The root actor's child that shows errors and successes; other actors find it with `system.get(...)`. */
export const NOTIFICATIONS_SYSTEM_ID = 'notifications';

const sameError = (a: ApiError, b: ApiError) => a.status === b.status && a.message === b.message && a.detail === b.detail;

/**
 * Errors and successes of the whole app (000 section 8). The global error dialog shows one error at a time,
 * titled by status, with the response's message; identical errors waiting are shown once. A 440 never opens
 * it (the auth actor handles the expired session); an answer-less call sets the connection error flag, whose
 * screen reloads after the countdown. Success texts become toasts.
 */
export const notificationsMachine = setup({
  types: {} as NotificationsSchema,
  guards: {
    opensDialog: ({ event }) => {
      assertEvent(event, 'notify.error');
      return event.error.showsDialog && !event.error.connectionError;
    },
    isConnectionError: ({ event }) => {
      assertEvent(event, 'notify.error');
      return event.error.connectionError;
    },
    hasMoreErrors: ({ context }) => context.errors.length > 1,
  },
  actions: {
    enqueueError: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'notify.error');
        if (context.errors.some((queued) => sameError(queued, event.error))) return context.errors;
        return [...context.errors, event.error];
      },
    }),
    dropShownError: assign({ errors: ({ context }) => context.errors.slice(1) }),
    addToast: assign({
      toasts: ({ context, event }) => {
        assertEvent(event, 'notify.success');
        return context.toasts.includes(event.text) ? context.toasts : [...context.toasts, event.text];
      },
    }),
    dropToast: assign({
      toasts: ({ context, event }) => {
        assertEvent(event, 'notify.toastShown');
        return context.toasts.filter((text) => text !== event.text);
      },
    }),
  },
}).createMachine({
  id: 'notifications',
  description: 'The global error dialog, the connection error flag and the success toasts.',
  context: { errors: [], toasts: [] },
  type: 'parallel',
  on: {
    'notify.success': { actions: 'addToast' },
    'notify.toastShown': { actions: 'dropToast' },
  },
  states: {
    dialog: {
      description: 'The global error dialog: one error at a time, titled by status.',
      initial: 'closed',
      states: {
        closed: {
          on: { 'notify.error': { guard: 'opensDialog', target: 'open', actions: 'enqueueError' } },
        },
        open: {
          on: {
            'notify.error': { guard: 'opensDialog', actions: 'enqueueError' },
            'notify.dismiss': [
              { guard: 'hasMoreErrors', target: 'open', reenter: true, actions: 'dropShownError' },
              { target: 'closed', actions: 'dropShownError' },
            ],
          },
        },
      },
    },
    connection: {
      description: 'The connection error flag: a call got no response from the server.',
      initial: 'connected',
      states: {
        connected: {
          on: { 'notify.error': { guard: 'isConnectionError', target: 'lost' } },
        },
        lost: {
          description: 'The connection-error screen counts down to a reload.',
        },
      },
    },
  },
});
