import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { validateChangeEmail, type ChangeEmailValues, type FieldErrors } from '../../lib/account-validation';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { formSubmit, formSubmitActions, formSubmitGuards } from '../shared/form-submit';
import { reloadAuth } from './account-helpers';
import type { ChangeEmailSchema } from './change-email.types';

export type { ChangeEmailSchema } from './change-email.types';

/** PUT v1/account/changeEmail/{id} with the new address and the password (changedEmail). */
export const changeEmail = fromPromise<boolean, { userId: number } & ChangeEmailValues>(async ({ input, signal }) => {
  const { data } = await api.identity.PUT('/v1/account/changeEmail/{id}', {
    params: { path: { id: input.userId } },
    body: { email: input.email, password: input.password },
    signal,
  });
  return data!.changedEmail;
});

/** The form's checks plus one the server would make too: the new address must differ from the current one. */
export function changeEmailErrors(current: string, values: ChangeEmailValues): FieldErrors {
  const errors = validateChangeEmail(values);
  if (!errors.email && values.email.trim().toLowerCase() === current.toLowerCase()) errors.email = AUTH_TEXTS.emailUnchanged;
  return errors;
}

/**
 * Change email (000 section 7, PUT v1/account/changeEmail/{id}): the new address and the password →
 * changedEmail. The new address must be confirmed again, so the auth actor reloads token and profile.
 */
export const changeEmailMachine = setup({
  types: {} as ChangeEmailSchema & { tags: 'busy' },
  actors: { changeEmail },
  actions: {
    ...formSubmitActions<ChangeEmailSchema>(),
    adoptNewEmail: assign(({ context }) => ({ email: context.newEmail })),
    reloadAuth,
  },
  guards: formSubmitGuards,
}).createMachine({
  id: 'changeEmail',
  description: 'Change email: new address + password → changedEmail; the new address must be confirmed.',
  context: ({ input }) => ({ userId: input.userId, email: input.email, newEmail: '', errors: {}, problem: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The current address and "Change email".',
      on: { 'changeEmail.open': 'open' },
    },
    ...formSubmit<ChangeEmailSchema>()({
      submit: 'changeEmail.submit',
      validate: (values, context) => changeEmailErrors(context.email, values),
      keep: (values) => ({ newEmail: values.email.trim() }),
      form: 'open',
      busy: 'saving',
      description: 'New email address and the password.',
      failed: 'The change failed; the problem is shown and everything typed is kept.',
      on: { 'changeEmail.cancel': { target: 'closed', actions: 'clearMessages' } },
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: (context, event) => ({ userId: context.userId, email: context.newEmail, password: event.password }),
        onDone: { target: 'changed', actions: ['adoptNewEmail', 'reloadAuth'] },
      },
    }),
    changed: {
      description: 'changedEmail: the new address waits for its confirmation code.',
      on: { 'changeEmail.close': 'closed' },
    },
  },
});
