import {
  startRegistration, type PublicKeyCredentialCreationOptionsJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { assign, fromPromise, setup } from 'xstate';
import { api, ApiError } from '../../api';
import { ACCOUNT_TEXTS, SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { notifySuccess, problemOf, type Problem } from './account-helpers';
import type { PasskeysSchema, Passkey } from './passkeys.types';

/** GET v1/passkeys */
export const listPasskeys = fromPromise<Passkey[]>(async ({ signal }) => {
  const { data } = await api.identity.GET('/v1/passkeys', { signal });
  return data ?? [];
});

/** POST v1/passkeys/registration/options: creation options with the server's challenge. */
export const registrationOptions = fromPromise<PublicKeyCredentialCreationOptionsJSON>(async ({ signal }) => {
  const { data } = await api.identity.POST('/v1/passkeys/registration/options', { signal });
  return data!;
});

/** The browser's WebAuthn ceremony (@simplewebauthn/browser): the authenticator creates the credential. */
export const createCredential = fromPromise<RegistrationResponseJSON, { options: PublicKeyCredentialCreationOptionsJSON }>(
  ({ input }) => startRegistration({ optionsJSON: input.options }),
);

/** POST v1/passkeys/registration/verify: the server checks the attestation and stores the passkey. */
export const verifyRegistration = fromPromise<Passkey, { registration: RegistrationResponseJSON }>(async ({ input, signal }) => {
  const { data } = await api.identity.POST('/v1/passkeys/registration/verify', {
    body: { response: input.registration },
    signal,
  });
  return data!;
});

/** DELETE v1/passkeys/{id} */
export const deletePasskey = fromPromise<void, { id: string }>(async ({ input, signal }) => {
  await api.identity.DELETE('/v1/passkeys/{id}', { params: { path: { id: input.id } }, signal });
});

/** A refused or cancelled ceremony reads as such; a server answer keeps its catalogue text. */
function registrationProblem(error: unknown): Problem {
  if (error instanceof ApiError) return problemOf(error);
  return { ...problemOf(error), message: ACCOUNT_TEXTS.passkeyCancelled };
}

/**
 * Passkeys for biometric login (issue 3): the list, "Add a passkey" (server options → the browser's
 * authenticator → server verification) and removal after the confirm dialog (No / Yes).
 */
export const passkeysMachine = setup({
  types: {} as PasskeysSchema,
  actors: { listPasskeys, registrationOptions, createCredential, verifyRegistration, deletePasskey },
  actions: {
    setPasskeys: assign((_, params: { passkeys: Passkey[] }) => ({ passkeys: params.passkeys, problem: null })),
    setOptions: assign((_, params: { options: PublicKeyCredentialCreationOptionsJSON }) => ({ options: params.options })),
    setRegistration: assign((_, params: { registration: RegistrationResponseJSON }) => ({ registration: params.registration })),
    addPasskey: assign(({ context }, params: { passkey: Passkey }) => ({
      passkeys: [...context.passkeys.filter((passkey) => passkey.id !== params.passkey.id), params.passkey],
      options: null,
      registration: null,
    })),
    select: assign(({ context }, params: { id: string }) => ({
      selected: context.passkeys.find((passkey) => passkey.id === params.id) ?? null,
      problem: null,
    })),
    removeSelected: assign(({ context }) => ({
      passkeys: context.passkeys.filter((passkey) => passkey.id !== context.selected?.id),
      selected: null,
    })),
    clearProblem: assign({ problem: null }),
    forgetRegistration: assign({ options: null, registration: null, selected: null }),
    fail: assign((_, params: { problem: Problem }) => ({ problem: params.problem })),
    notifySuccess,
  },
  guards: {
    supported: ({ context }) => context.supported,
    isListed: ({ context }, params: { id: string }) => context.passkeys.some((passkey) => passkey.id === params.id),
  },
}).createMachine({
  id: 'passkeys',
  description: 'Passkeys: list, add one with the browser\'s authenticator, remove one after confirming.',
  context: ({ input }) => ({
    supported: input.supported, passkeys: [], options: null, registration: null, selected: null, problem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'listPasskeys',
        src: 'listPasskeys',
        onDone: { target: 'ready', actions: { type: 'setPasskeys', params: ({ event }) => ({ passkeys: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ problem: problemOf(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'passkeys.retry': { target: 'loading', actions: 'clearProblem' } },
    },
    ready: {
      description: 'The passkeys (name, added, last used), "Add a passkey" and "Remove" on each.',
      initial: 'idle',
      states: {
        idle: {},
        failed: { description: 'Adding or removing failed; the problem is shown.' },
      },
      on: {
        'passkeys.add': { guard: 'supported', target: 'registering', actions: 'clearProblem' },
        'passkeys.remove': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingRemoval',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    registering: {
      description: 'Server options → the browser\'s authenticator → server verification.',
      tags: ['busy'],
      initial: 'options',
      states: {
        options: {
          invoke: {
            id: 'registrationOptions',
            src: 'registrationOptions',
            onDone: { target: 'authenticator', actions: { type: 'setOptions', params: ({ event }) => ({ options: event.output }) } },
            onError: {
              target: '#passkeys.ready.failed',
              actions: { type: 'fail', params: ({ event }) => ({ problem: problemOf(event.error) }) },
            },
          },
        },
        authenticator: {
          description: 'The browser asks for the fingerprint, face or device PIN.',
          invoke: {
            id: 'createCredential',
            src: 'createCredential',
            input: ({ context }) => ({ options: context.options! }),
            onDone: { target: 'verifying', actions: { type: 'setRegistration', params: ({ event }) => ({ registration: event.output }) } },
            onError: {
              target: '#passkeys.ready.failed',
              actions: ['forgetRegistration', { type: 'fail', params: ({ event }) => ({ problem: registrationProblem(event.error) }) }],
            },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyRegistration',
            src: 'verifyRegistration',
            input: ({ context }) => ({ registration: context.registration! }),
            onDone: {
              target: '#passkeys.ready',
              actions: [
                { type: 'addPasskey', params: ({ event }) => ({ passkey: event.output }) },
                { type: 'notifySuccess', params: { text: SUCCESS_TEXTS.created } },
              ],
            },
            onError: {
              target: '#passkeys.ready.failed',
              actions: ['forgetRegistration', { type: 'fail', params: ({ event }) => ({ problem: problemOf(event.error) }) }],
            },
          },
        },
      },
    },
    confirmingRemoval: {
      description: 'The confirm dialog for the selected passkey (No / Yes).',
      on: {
        'passkeys.remove.cancel': { target: 'ready', actions: assign({ selected: null }) },
        'passkeys.remove.confirm': 'removing',
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'deletePasskey',
        src: 'deletePasskey',
        input: ({ context }) => ({ id: context.selected!.id }),
        onDone: {
          target: 'ready',
          actions: ['removeSelected', { type: 'notifySuccess', params: { text: SUCCESS_TEXTS.deleted } }],
        },
        onError: {
          target: 'ready.failed',
          actions: [assign({ selected: null }), { type: 'fail', params: ({ event }) => ({ problem: problemOf(event.error) }) }],
        },
      },
    },
  },
});
