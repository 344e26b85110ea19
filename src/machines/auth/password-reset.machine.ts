import { fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { hasErrors, validateEmailRequest, validatePasswordReset } from '../../lib/account-validation';
import { errorParams } from '../shared/shared.actions';
import { formSubmit, formSubmitActions, formSubmitGuards } from '../shared/form-submit';
import type { PasswordResetSchema } from './password-reset.types';

export type { PasswordResetSchema } from './password-reset.types';

/** POST v1/auth/forgotPassword: the server emails a code (emailSent, whether or not the address has an account). */
export const requestResetCode = fromPromise<boolean, { email: string }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/auth/forgotPassword', { body: { email: input.email }, signal });
  return data!.emailSent;
});

/** POST v1/auth/resetPassword: the code and the new password (resetPasswordConfirmed). */
export const resetPassword = fromPromise<boolean, { email: string; code: string; password: string }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/auth/resetPassword', { body: input, signal });
  return data!.resetPasswordConfirmed;
});

/**
 * Forgot password (000 sections 2 and 7; /forgot-password and /confirm-password are one screen): the email
 * address → emailSent → the emailed code with a new password → resetPasswordConfirmed.
 */
export const passwordResetMachine = setup({
  types: {} as PasswordResetSchema & { tags: 'busy' },
  actors: { requestResetCode, resetPassword },
  actions: formSubmitActions<PasswordResetSchema>(),
  guards: {
    ...formSubmitGuards,
    hasEmail: ({ context }) => !hasErrors(validateEmailRequest(context)),
  },
}).createMachine({
  id: 'passwordReset',
  description: 'Forgot password: request a code by email (emailSent), then the code and a new password (resetPasswordConfirmed).',
  context: ({ input }) => ({ email: input.email?.trim() ?? '', errors: {}, problem: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasEmail', target: 'confirm' }, { target: 'request' }],
    },
    request: {
      description: 'The email address of the account; the server sends a reset code to it.',
      initial: 'form',
      states: formSubmit<PasswordResetSchema>()({
        submit: 'reset.request',
        validate: (event) => validateEmailRequest({ email: event.email }),
        keep: (values) => ({ email: values.email.trim() }),
        form: 'form',
        busy: 'sending',
        invalid: 'A field is missing or wrong; the first one has the focus.',
        failed: 'The request failed; the problem is shown above the form.',
        invoke: {
          id: 'requestResetCode',
          src: 'requestResetCode',
          input: (context) => ({ email: context.email }),
          onDone: { target: '#passwordReset.confirm' },
        },
      }),
    },
    confirm: {
      description: 'emailSent: the code from the email and the new password, twice.',
      initial: 'form',
      states: {
        ...formSubmit<PasswordResetSchema>()({
          submit: 'reset.confirm',
          validate: (event) => validatePasswordReset(event),
          form: 'form',
          busy: 'submitting',
          invalid: 'A field is missing or wrong (or the code was refused); the first one has the focus.',
          failed: 'The reset failed; the problem is shown above the form.',
          // "A new code has been sent" is a state rather than a flag: whatever the user does next leaves it.
          states: { resent: { description: 'A new code has been sent.' } },
          on: {
            'reset.resend': { target: 'resending', actions: 'clearMessages' },
            'reset.changeEmail': { target: '#passwordReset.request', actions: 'clearMessages' },
          },
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: (context, event) => ({ email: context.email, code: event.code.trim(), password: event.password }),
            onDone: { target: '#passwordReset.confirmed' },
          },
        }),
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendResetCode',
            src: 'requestResetCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'form.resent' },
            onError: { target: 'form.failed', actions: { type: 'fail', params: errorParams } },
          },
        },
      },
    },
    confirmed: {
      description: 'resetPasswordConfirmed: the user logs in with the new password.',
      type: 'final',
    },
  },
});
