import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { validateChangeEmail, type ChangeEmailValues, type FieldErrors } from '../../lib/account-validation';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { failureOf, namesFields, reloadAuth, submitFailed, type Problem } from './account-helpers';

export interface ChangeEmailInput {
  userId: number;
  /** The current address. */
  email: string;
}

export interface ChangeEmailContext {
  userId: number;
  /** The current address (the new one once changed). */
  email: string;
  /** The address being submitted. */
  newEmail: string;
  errors: FieldErrors;
  problem: Problem | null;
}

export type ChangeEmailEvent =
  | { type: 'changeEmail.open' }
  | ({ type: 'changeEmail.submit' } & ChangeEmailValues)
  | { type: 'changeEmail.cancel' }
  | { type: 'changeEmail.close' };

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
  types: {
    context: {} as ChangeEmailContext,
    input: {} as ChangeEmailInput,
    events: {} as ChangeEmailEvent,
    tags: {} as 'busy',
  },
  actors: { changeEmail },
  actions: {
    submit: assign((_, params: { email: string }) => ({ newEmail: params.email.trim(), errors: {}, problem: null })),
    adoptNewEmail: assign(({ context }) => ({ email: context.newEmail })),
    clearMessages: assign({ errors: {}, problem: null }),
    reject: assign((_, params: { errors: FieldErrors }) => ({ errors: params.errors, problem: null })),
    fail: assign((_, params: { error: unknown }) => failureOf(params.error)),
    reloadAuth,
  },
  guards: {
    valid: ({ context }, params: ChangeEmailValues) => Object.keys(changeEmailErrors(context.email, params)).length === 0,
    namesFields,
  },
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
    open: {
      description: 'New email address and the password.',
      initial: 'editing',
      states: {
        editing: {},
        invalid: { description: 'A field is missing or wrong (or the server refused it); the first one has the focus.' },
        failed: { description: 'The change failed; the problem is shown and everything typed is kept.' },
      },
      on: {
        'changeEmail.submit': [
          {
            guard: { type: 'valid', params: ({ event }) => event },
            target: 'saving',
            actions: { type: 'submit', params: ({ event }) => ({ email: event.email }) },
          },
          {
            target: '.invalid',
            actions: { type: 'reject', params: ({ context, event }) => ({ errors: changeEmailErrors(context.email, event) }) },
          },
        ],
        'changeEmail.cancel': { target: 'closed', actions: 'clearMessages' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: ({ context, event }) => ({
          userId: context.userId,
          email: context.newEmail,
          password: (event as Extract<ChangeEmailEvent, { type: 'changeEmail.submit' }>).password,
        }),
        onDone: { target: 'changed', actions: ['adoptNewEmail', 'reloadAuth'] },
        onError: submitFailed('open'),
      },
    },
    changed: {
      description: 'changedEmail: the new address waits for its confirmation code.',
      on: { 'changeEmail.close': 'closed' },
    },
  },
});
