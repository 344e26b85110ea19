import { assign, emit, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import type { SecretKind } from '../../lib/integrations';
import { regenerateApiClientKey } from '../../resources/api-clients';
import { rotateWebhookSecret } from '../../resources/webhooks';
import type { RevealedSecretSchema } from './revealed-secret.types';

/** PUT api-clients/regeneratekey or webhooks/rotatesecret: the new secret. */
export const issueSecret = fromPromise<string, { kind: SecretKind; cca2: string; id: number }>(async ({ input }) => (input.kind === 'apiClientKey'
  ? (await regenerateApiClientKey(input.cca2, input.id)).apiKey
  : (await rotateWebhookSecret(input.cca2, input.id)).secret));

/**
 * A secret the server answers once (an API client's key, a webhook's signing secret) on its edit screen:
 * "Regenerate key" / "Rotate secret" asks first (the current one stops working at once), then shows the new
 * one this once; the secret of a record just created is shown the same way.
 */
export const revealedSecretMachine = setup({
  types: {} as RevealedSecretSchema,
  actors: { issueSecret },
  actions: {
    setSecret: assign((_, params: { secret: string }) => ({ secret: params.secret, problem: null })),
    forgetSecret: assign({ secret: null, problem: null }),
    fail: assign((_, params: { error: unknown }) => ({ problem: asApiError(params.error).message })),
    announce: emit({ type: 'secret.issued' as const }),
  },
  guards: {
    revealed: ({ context }) => context.secret !== null,
  },
}).createMachine({
  id: 'revealedSecret',
  description: 'A secret shown once: issue a new one (after a confirmation) and show it this once.',
  context: ({ input }) => ({ kind: input.kind, cca2: input.cca2, id: input.id, secret: input.revealed ?? null, problem: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'revealed', target: 'shown' }, { target: 'idle' }],
    },
    idle: {
      description: '"Regenerate key" / "Rotate secret" (and the last problem, if any).',
      on: { 'secret.issue': 'confirming' },
    },
    confirming: {
      description: 'The confirm dialog: the current secret stops working (No / Yes).',
      on: { 'secret.confirmNo': 'idle', 'secret.confirmYes': 'issuing' },
    },
    issuing: {
      tags: ['busy'],
      invoke: {
        id: 'issueSecret',
        src: 'issueSecret',
        input: ({ context }) => ({ kind: context.kind, cca2: context.cca2, id: context.id }),
        onDone: { target: 'shown', actions: [{ type: 'setSecret', params: ({ event }) => ({ secret: event.output }) }, 'announce'] },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      description: 'The secret, shown this once, with "Done".',
      on: { 'secret.dismiss': { target: 'idle', actions: 'forgetSecret' } },
    },
  },
});
