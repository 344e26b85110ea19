import { assign, fromPromise, setup } from 'xstate';
import { api, ApiError } from '../../api';
import { SEARCH_DEBOUNCE_MS } from '../../lib/list-constants';
import { OUTBOX_POLL_MS } from '../../lib/shell-constants';
import { problemOf } from './account-helpers';
import type { OutboxSchema, OutboxMessage } from './outbox.types';

/** GET /identity/v1/outbox: the newest messages, codes included (administrators, outside production only). */
export const loadOutbox = fromPromise<OutboxMessage[], { recipient: string }>(async ({ input, signal }) => {
  const recipient = input.recipient.trim();
  const { data } = await api.identity.GET('/v1/outbox', { params: { query: recipient ? { recipient } : {} }, signal });
  return data ?? [];
});

/**
 * The development outbox (issue 3: "visible to administrators so a person can complete the flows by hand"):
 * the codes and links the mail and SMS senders would deliver, newest first, looked up again every few
 * seconds while open. A production server answers 404: the screen says the outbox is not kept there.
 */
export const outboxMachine = setup({
  types: {} as OutboxSchema,
  actors: { loadOutbox },
  delays: { poll: OUTBOX_POLL_MS, debounce: SEARCH_DEBOUNCE_MS },
  actions: {
    setMessages: assign((_, params: { messages: OutboxMessage[] }) => ({ messages: params.messages, problem: null })),
    setRecipient: assign((_, params: { recipient: string }) => ({ recipient: params.recipient })),
    fail: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'outbox',
  description: 'The development outbox: messages with their codes, newest first, refreshed while the screen is open.',
  context: { recipient: '', messages: [], problem: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Looking up the newest messages.',
      tags: ['loading'],
      invoke: {
        id: 'loadOutbox',
        src: 'loadOutbox',
        input: ({ context }) => ({ recipient: context.recipient }),
        onDone: { target: 'showing', actions: { type: 'setMessages', params: ({ event }) => ({ messages: event.output }) } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    showing: {
      description: 'The messages; looked up again after a while, at once on request, shortly after the filter changes.',
      initial: 'waiting',
      on: {
        'outbox.refresh': 'loading',
        'outbox.filter': { target: '.filtering', actions: { type: 'setRecipient', params: ({ event }) => ({ recipient: event.recipient }) } },
      },
      states: {
        waiting: { after: { poll: '#outbox.loading' } },
        filtering: { after: { debounce: '#outbox.loading' } },
      },
    },
    failed: {
      description: 'The lookup failed: the problem and a retry.',
      on: { 'outbox.retry': 'loading' },
    },
    unavailable: {
      description: 'This server keeps no outbox (production): messages go out through the senders only.',
      type: 'final',
    },
  },
});
