import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import {
  validateEmailRequest, validatePasswordReset, type FieldErrors, type PasswordResetValues,
} from '../../lib/account-validation';
import { failureOf, namesFields, submitFailed, type Problem } from './account-helpers';

export interface PasswordResetInput {
  /** From /confirm-password?email=…: the code step opens at once for that address. */
  email?: string;
}

export interface PasswordResetContext {
  email: string;
  errors: FieldErrors;
  problem: Problem | null;
  /** "A new code has been sent" after a resend. */
  codeResent: boolean;
}

export type PasswordResetEvent =
  | { type: 'reset.request'; email: string }
  | ({ type: 'reset.confirm' } & PasswordResetValues)
  | { type: 'reset.resend' }
  | { type: 'reset.changeEmail' };

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
  types: {
    context: {} as PasswordResetContext,
    input: {} as PasswordResetInput,
    events: {} as PasswordResetEvent,
    tags: {} as 'busy',
  },
  actors: { requestResetCode, resetPassword },
  actions: {
    acceptEmail: assign((_, params: { email: string }) => ({ email: params.email.trim(), errors: {}, problem: null, codeResent: false })),
    clearMessages: assign({ errors: {}, problem: null, codeResent: false }),
    reject: assign((_, params: { errors: FieldErrors }) => ({ errors: params.errors, problem: null, codeResent: false })),
    fail: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), codeResent: false })),
    markResent: assign({ codeResent: true, errors: {}, problem: null }),
  },
  guards: {
    hasEmail: ({ context }) => Object.keys(validateEmailRequest(context)).length === 0,
    requestValid: (_, params: { email: string }) => Object.keys(validateEmailRequest(params)).length === 0,
    confirmValid: (_, params: PasswordResetValues) => Object.keys(validatePasswordReset(params)).length === 0,
    namesFields,
  },
}).createMachine({
  id: 'passwordReset',
  description: 'Forgot password: request a code by email (emailSent), then the code and a new password (resetPasswordConfirmed).',
  context: ({ input }) => ({ email: input.email?.trim() ?? '', errors: {}, problem: null, codeResent: false }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasEmail', target: 'confirm' }, { target: 'request' }],
    },
    request: {
      description: 'The email address of the account; the server sends a reset code to it.',
      initial: 'form',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: 'A field is missing or wrong; the first one has the focus.' },
            failed: { description: 'The request failed; the problem is shown above the form.' },
          },
          on: {
            'reset.request': [
              {
                guard: { type: 'requestValid', params: ({ event }) => ({ email: event.email }) },
                target: 'sending',
                actions: { type: 'acceptEmail', params: ({ event }) => ({ email: event.email }) },
              },
              {
                target: '.invalid',
                actions: { type: 'reject', params: ({ event }) => ({ errors: validateEmailRequest({ email: event.email }) }) },
              },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'requestResetCode',
            src: 'requestResetCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: '#passwordReset.confirm' },
            onError: submitFailed('form'),
          },
        },
      },
    },
    confirm: {
      description: 'emailSent: the code from the email and the new password, twice.',
      initial: 'form',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {},
            invalid: { description: 'A field is missing or wrong (or the code was refused); the first one has the focus.' },
            failed: { description: 'The reset failed; the problem is shown above the form.' },
          },
          on: {
            'reset.confirm': [
              {
                guard: { type: 'confirmValid', params: ({ event }) => event },
                target: 'submitting',
                actions: 'clearMessages',
              },
              {
                target: '.invalid',
                actions: { type: 'reject', params: ({ event }) => ({ errors: validatePasswordReset(event) }) },
              },
            ],
            'reset.resend': { target: 'resending', actions: 'clearMessages' },
            'reset.changeEmail': { target: '#passwordReset.request', actions: 'clearMessages' },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendResetCode',
            src: 'requestResetCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'form.editing', actions: 'markResent' },
            onError: { target: 'form.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context, event }) => {
              const values = event as Extract<PasswordResetEvent, { type: 'reset.confirm' }>;
              return { email: context.email, code: values.code.trim(), password: values.password };
            },
            onDone: { target: '#passwordReset.confirmed' },
            onError: submitFailed('form'),
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
