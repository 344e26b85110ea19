import { assign, fromPromise, setup } from 'xstate';
import { api, ApiError } from '../../api';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { notifySuccess, problemOf } from './account-helpers';
import type { ApiKeySchema, ApiKey, ApiKeyCreated } from './api-key.types';

/** GET v1/token/apikey/{id}: the caller's current key; 404 when there is none yet. */
export const loadApiKey = fromPromise<ApiKey | null, { userId: number }>(async ({ input, signal }) => {
  try {
    const { data } = await api.identity.GET('/v1/token/apikey/{id}', { params: { path: { id: input.userId } }, signal });
    return data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
});

/** PUT v1/token/apikey: a new key with its secret; the previous key stops working. */
export const createApiKey = fromPromise<ApiKeyCreated>(async ({ signal }) => {
  const { data } = await api.identity.PUT('/v1/token/apikey', { signal });
  return data!;
});

/** Puts the secret on the clipboard. */
export const copySecret = fromPromise<void, { text: string }>(async ({ input }) => {
  await navigator.clipboard.writeText(input.text);
});

function keyOf(created: ApiKeyCreated): ApiKey {
  return { id: created.id, userId: created.userId, prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null };
}

/**
 * The public API key (000 section 7: PUT v1/token/apikey, GET v1/token/apikey/{id}) for administrators and
 * public API users: the current key's prefix and dates; a new key shows its secret once, with a copy button.
 * Replacing an existing key asks first, since the old one stops working.
 */
export const apiKeyMachine = setup({
  types: {} as ApiKeySchema,
  actors: { loadApiKey, createApiKey, copySecret },
  actions: {
    setKey: assign((_, params: { key: ApiKey | null }) => ({ key: params.key, problem: null })),
    setCreated: assign((_, params: { created: ApiKeyCreated }) => ({ created: params.created, key: keyOf(params.created), problem: null })),
    forgetSecret: assign({ created: null, problem: null }),
    clearProblem: assign({ problem: null }),
    fail: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
    notifySuccess,
  },
  guards: {
    hasKey: ({ context }) => context.key !== null,
  },
}).createMachine({
  id: 'apiKey',
  description: 'The public API key: show the current one, create a new one (secret shown once, copy button).',
  context: ({ input }) => ({ userId: input.userId, key: null, created: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadApiKey',
        src: 'loadApiKey',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'setKey', params: ({ event }) => ({ key: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'apiKey.retry': { target: 'loading', actions: 'clearProblem' } },
    },
    ready: {
      description: 'The current key (prefix, created, last used) or none; "Create API key".',
      initial: 'idle',
      states: {
        idle: {},
        failed: { description: 'Creating the key failed; the problem is shown.' },
      },
      on: {
        'apiKey.create': [
          { guard: 'hasKey', target: 'confirmingReplace', actions: 'clearProblem' },
          { target: 'creating', actions: 'clearProblem' },
        ],
      },
    },
    confirmingReplace: {
      description: 'The confirm dialog: the current key stops working (No / Yes).',
      on: {
        'apiKey.cancel': 'ready',
        'apiKey.confirm': 'creating',
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createApiKey',
        src: 'createApiKey',
        onDone: {
          target: 'created',
          actions: [
            { type: 'setCreated', params: ({ event }) => ({ created: event.output }) },
            { type: 'notifySuccess', params: { text: SUCCESS_TEXTS.created } },
          ],
        },
        onError: { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: {
      description: 'The secret, shown this once, with "Copy" and "Done".',
      initial: 'shown',
      states: {
        shown: {},
        copying: {
          invoke: {
            id: 'copySecret',
            src: 'copySecret',
            input: ({ context }) => ({ text: context.created?.apiKey ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {},
        copyFailed: { description: 'The clipboard refused; the key can still be selected and copied by hand.' },
      },
      on: {
        'apiKey.copy': '.copying',
        'apiKey.dismiss': { target: 'ready', actions: 'forgetSecret' },
      },
    },
  },
});
