import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { apiKeyMachine } from './api-key.machine';
import type { ApiKey, ApiKeyCreated } from './api-key.types';
import { sampleServerError } from './profile.samples';

export const sampleCurrentKey: ApiKey = { id: 3, userId: 7, prefix: 'ck_live_4f2a', createdAt: '2024-03-01T08:00:00Z', lastUsedAt: null };
export const sampleCreatedKey: ApiKeyCreated = {
  id: 4, userId: 7, apiKey: 'ck_live_9b1e5c0d7a3f4e21b6', prefix: 'ck_live_9b1e', createdAt: '2024-05-02T10:30:00Z',
};

export const apiKeySamples = defineSamples(apiKeyMachine, [{
  name: 'a public API user',
  input: { userId: 7 },
  events: [
    { type: 'xstate.done.actor.loadApiKey', output: null },
    { type: 'xstate.done.actor.loadApiKey', output: sampleCurrentKey },
    { type: 'xstate.error.actor.loadApiKey', error: sampleServerError('/identity/v1/token/apikey/7') },
    { type: 'xstate.done.actor.createApiKey', output: sampleCreatedKey },
    { type: 'xstate.error.actor.createApiKey', error: toApiError(403, undefined, '/identity/v1/token/apikey') },
    { type: 'xstate.done.actor.copySecret' },
    { type: 'xstate.error.actor.copySecret', error: new DOMException('Document is not focused.', 'NotAllowedError') },
  ],
}], 'transitions');
