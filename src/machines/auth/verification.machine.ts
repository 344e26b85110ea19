import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { api, ApiError } from '../../api';
import { validateCode, type FieldErrors } from '../../lib/account-validation';
import { ACCOUNT_TEXTS } from '../../lib/error-catalogue';
import { failureOf, namesFields, problemOf, reloadAuth, submitFailed } from './account-helpers';
import type { VerificationSchema, VerificationKind } from './verification.types';

/** POST v1/emailVerification/send, v1/phoneNumberVerification/send or v1/twoFactor/send. */
export const sendCode = fromPromise<void, { kind: VerificationKind }>(async ({ input, signal }) => {
  switch (input.kind) {
    case 'email':
      await api.identity.POST('/v1/emailVerification/send', { signal });
      return;
    case 'phone':
      await api.identity.POST('/v1/phoneNumberVerification/send', { signal });
      return;
    default:
      await api.identity.POST('/v1/twoFactor/send', { signal });
  }
});

/** POST …/confirm with the code, or v1/twoFactor/enable or /disable. */
export const confirmCode = fromPromise<void, { kind: VerificationKind; code: string }>(async ({ input, signal }) => {
  const body = { code: input.code };
  switch (input.kind) {
    case 'email':
      await api.identity.POST('/v1/emailVerification/confirm', { body, signal });
      return;
    case 'phone':
      await api.identity.POST('/v1/phoneNumberVerification/confirm', { body, signal });
      return;
    case 'twoFactorEnable':
      await api.identity.POST('/v1/twoFactor/enable', { body, signal });
      return;
    case 'twoFactorDisable':
      await api.identity.POST('/v1/twoFactor/disable', { body, signal });
  }
});

const CONFIRMED_TEXTS: Record<VerificationKind, string> = {
  email: ACCOUNT_TEXTS.emailConfirmed,
  phone: ACCOUNT_TEXTS.phoneConfirmed,
  twoFactorEnable: ACCOUNT_TEXTS.twoFactorEnabled,
  twoFactorDisable: ACCOUNT_TEXTS.twoFactorDisabled,
};

export function confirmedText(kind: VerificationKind): string {
  return CONFIRMED_TEXTS[kind];
}

/**
 * One code step for four flows (000 sections 4 and 7): send a 6-digit code, enter it, confirm. Email and phone
 * verification and two-factor enable/disable each end by asking the auth actor to refresh the token and the
 * profile (`auth.reload`). A 409 to the send (already confirmed) means the work is done: the token is stale.
 */
export const verificationMachine = setup({
  types: {} as VerificationSchema,
  actors: { sendCode, confirmCode },
  actions: {
    clearMessages: assign({ errors: {}, problem: null, codeResent: false }),
    reject: assign((_, params: { errors: FieldErrors }) => ({ errors: params.errors, problem: null, codeResent: false })),
    fail: assign((_, params: { error: unknown }) => ({ ...failureOf(params.error), codeResent: false })),
    markResent: assign({ codeResent: true, errors: {}, problem: null }),
    markAlreadyConfirmed: assign((_, params: { error: unknown }) => ({ alreadyConfirmed: problemOf(params.error).message })),
    reloadAuth,
  },
  guards: {
    codeValid: (_, params: { code: string }) => Object.keys(validateCode(params)).length === 0,
    alreadyConfirmed: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 409,
    namesFields,
  },
}).createMachine({
  id: 'verification',
  description: 'Send a code → enter the code → confirmed; then the auth actor reloads token and profile.',
  context: ({ input }) => ({ kind: input.kind, errors: {}, problem: null, codeResent: false, alreadyConfirmed: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing sent yet: says where the code will go.',
      initial: 'ready',
      states: {
        ready: {},
        failed: { description: 'Sending the code failed; the problem is shown.' },
      },
      on: {
        'verification.send': { target: 'sending', actions: 'clearMessages' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'codeSent' },
        onError: [
          {
            guard: { type: 'alreadyConfirmed', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmed',
            actions: { type: 'markAlreadyConfirmed', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'idle.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    codeSent: {
      description: 'The code went out: the user types it (6 digits), asks for a new one, or cancels.',
      initial: 'editing',
      states: {
        editing: {},
        invalid: { description: 'No code, not 6 digits, or refused by the server; the code field has the focus.' },
        failed: { description: 'Confirming or resending failed; the problem is shown.' },
      },
      on: {
        'verification.confirm': [
          {
            guard: { type: 'codeValid', params: ({ event }) => ({ code: event.code }) },
            target: 'confirming',
            actions: 'clearMessages',
          },
          { target: '.invalid', actions: { type: 'reject', params: ({ event }) => ({ errors: validateCode(event) }) } },
        ],
        'verification.resend': { target: 'resending', actions: 'clearMessages' },
        'verification.cancel': { target: 'idle', actions: 'clearMessages' },
      },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resendCode',
        src: 'sendCode',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'codeSent.editing', actions: 'markResent' },
        onError: { target: 'codeSent.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context, event }) => {
          assertEvent(event, 'verification.confirm');
          return { kind: context.kind, code: event.code.trim() };
        },
        onDone: { target: 'confirmed' },
        onError: submitFailed('codeSent'),
      },
    },
    confirmed: {
      description: 'Done: the auth actor refreshes the token and the profile (new claims).',
      type: 'final',
      entry: 'reloadAuth',
    },
  },
});
