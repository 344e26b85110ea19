import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { outboxMachine } from './outbox.machine';
import type { OutboxMessage } from './outbox.types';

const code: OutboxMessage = {
  id: 3, channel: 'email', recipient: 'twofactor@demo.test', subject: 'Your sign-in code', body: 'Your code is 123456',
  purpose: 'twoFactor', createdAt: '2026-11-21T08:00:00.000Z', sentAt: null,
};

export const outboxSamples = defineSamples(outboxMachine, [
  {
    name: 'administrator in development',
    input: undefined,
    events: [
      { type: 'xstate.done.actor.loadOutbox', output: [code] },
      { type: 'xstate.error.actor.loadOutbox', error: toApiError(404, undefined, '/identity/v1/outbox') },
      { type: 'xstate.error.actor.loadOutbox', error: toApiError(500, { message: 'E7' }, '/identity/v1/outbox') },
      { type: 'outbox.filter', recipient: 'twofactor@demo.test' },
    ],
  },
], 'transitions');
