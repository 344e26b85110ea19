import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { revealedSecretMachine } from './revealed-secret.machine';

export const sampleApiKey = 'ck_9b1e5c0d_Qm9vbGVhbi1rZXktZm9yLWRlbW9uc3RyYXRpb24tb25seQ';
export const sampleWebhookSecret = 'whsec_3q2-7wEHu1kQ0n9lU5cW8yZb4xA6dF1gH2jK3mN4pR5';

export const revealedSecretSamples = defineSamples(revealedSecretMachine, [
  {
    name: 'an API client',
    input: { kind: 'apiClientKey', cca2: 'za', id: 3 },
    events: [
      { type: 'secret.issue' },
      { type: 'secret.confirmNo' },
      { type: 'secret.confirmYes' },
      { type: 'secret.dismiss' },
      { type: 'xstate.done.actor.issueSecret', output: sampleApiKey },
      { type: 'xstate.error.actor.issueSecret', error: toApiError(409, { message: 'The API client is inactive: activate it before issuing a key.' }, '/connect/api-clients/regeneratekey/za/3') },
    ],
  },
  {
    name: 'a webhook just created',
    input: { kind: 'webhookSecret', cca2: 'za', id: 7, revealed: sampleWebhookSecret },
    events: [
      { type: 'secret.dismiss' },
      { type: 'secret.issue' },
      { type: 'secret.confirmYes' },
      { type: 'xstate.done.actor.issueSecret', output: `${sampleWebhookSecret}-rotated` },
    ],
  },
], 'transitions');
