import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { validateChangePassword, type ChangePasswordValues, type FieldErrors } from '../../lib/account-validation';
import { failureOf, namesFields, submitFailed, type Problem } from './account-helpers';

export interface ChangePasswordContext {
  errors: FieldErrors;
  problem: Problem | null;
}

export type ChangePasswordEvent =
  | { type: 'changePassword.open' }
  | ({ type: 'changePassword.submit' } & ChangePasswordValues)
  | { type: 'changePassword.cancel' }
  | { type: 'changePassword.close' };

/** POST v1/auth/changepassword (changedPassword); the user's other sessions are revoked. */
export const changePassword = fromPromise<boolean, { currentPassword: string; newPassword: string }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/auth/changepassword', { body: input, signal });
  return data!.changedPassword;
});

/**
 * Change password (000 section 7, POST v1/auth/changepassword): the current password, the new one twice →
 * changedPassword.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as 'busy',
  },
  actors: { changePassword },
  actions: {
    clearMessages: assign({ errors: {}, problem: null }),
    reject: assign((_, params: { errors: FieldErrors }) => ({ errors: params.errors, problem: null })),
    fail: assign((_, params: { error: unknown }) => failureOf(params.error)),
  },
  guards: {
    valid: (_, params: ChangePasswordValues) => Object.keys(validateChangePassword(params)).length === 0,
    namesFields,
  },
}).createMachine({
  id: 'changePassword',
  description: 'Change password: current + new + confirm → changedPassword.',
  context: { errors: {}, problem: null },
  initial: 'closed',
  states: {
    closed: {
      description: '"Change password".',
      on: { 'changePassword.open': 'open' },
    },
    open: {
      description: 'Current password, new password and its confirmation.',
      initial: 'editing',
      states: {
        editing: {},
        invalid: { description: 'A field is missing or wrong (or the server refused it); the first one has the focus.' },
        failed: { description: 'The change failed; the problem is shown and everything typed is kept.' },
      },
      on: {
        'changePassword.submit': [
          { guard: { type: 'valid', params: ({ event }) => event }, target: 'saving', actions: 'clearMessages' },
          { target: '.invalid', actions: { type: 'reject', params: ({ event }) => ({ errors: validateChangePassword(event) }) } },
        ],
        'changePassword.cancel': { target: 'closed', actions: 'clearMessages' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => {
          const values = event as Extract<ChangePasswordEvent, { type: 'changePassword.submit' }>;
          return { currentPassword: values.currentPassword, newPassword: values.newPassword };
        },
        onDone: 'changed',
        onError: submitFailed('open'),
      },
    },
    changed: {
      description: 'changedPassword.',
      on: { 'changePassword.close': 'closed' },
    },
  },
});
