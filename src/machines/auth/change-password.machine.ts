import { fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { validateChangePassword } from '../../lib/account-validation';
import { formSubmit, formSubmitActions, formSubmitGuards } from '../shared/form-submit';
import type { ChangePasswordSchema } from './change-password.types';

export type { ChangePasswordSchema } from './change-password.types';

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
  types: {} as ChangePasswordSchema & { tags: 'busy' },
  actors: { changePassword },
  actions: formSubmitActions<ChangePasswordSchema>(),
  guards: formSubmitGuards,
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
    ...formSubmit<ChangePasswordSchema>()({
      submit: 'changePassword.submit',
      validate: (values) => validateChangePassword(values),
      form: 'open',
      busy: 'saving',
      description: 'Current password, new password and its confirmation.',
      failed: 'The change failed; the problem is shown and everything typed is kept.',
      on: { 'changePassword.cancel': { target: 'closed', actions: 'clearMessages' } },
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: (_, values) => ({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
        onDone: 'changed',
      },
    }),
    changed: {
      description: 'changedPassword.',
      on: { 'changePassword.close': 'closed' },
    },
  },
});
