import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { liveDashboard } from '../../api/realtime';
import { playNotificationSound } from './operations.api';
import { reconnects } from './reconnects';
import type { Conversation, ConversationMessage, MessagingEvent, MessagingSchema } from './messaging.types';

const messagesHub = fromCallback<MessagingEvent>(({ sendBack }) => {
  const stop = liveDashboard.on('message', (payload) => sendBack({ type: 'messaging.received', message: payload as ConversationMessage }));
  const subscription = liveDashboard.subscribe('Messages').catch(() => async () => undefined);
  return () => {
    stop();
    void subscription.then((unsubscribe) => unsubscribe());
  };
});

/** A message from someone else rings unless the dashboard is muted (paths may replay an event without its message). */
const ringsFor = (context: { userId: number; muted: boolean }, message: ConversationMessage | undefined) =>
  message !== undefined && message.senderUserId !== context.userId && !context.muted;

/**
 * The messaging window (002 section 2, issue 20): the conversations with their unread counts, one open at a time
 * (read as it is opened and as messages arrive in it), a draft and its sending. Messages arrive over the dashboard
 * hub; one from someone else rings the notification sound unless the dashboard is muted, and one for a closed
 * conversation reloads the counts.
 */
export const messagingMachine = setup({
  types: {} as MessagingSchema,
  actors: {
    messagesHub,
    reconnects,
    loadConversations: fromPromise<{ items: Conversation[]; unreadTotal: number }, { cca2: string }>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/messaging/conversations/{cca2}', { params: { path: { cca2: input.cca2 } }, signal });
      return data!;
    }),
    loadMessages: fromPromise<{ driverName: string; items: ConversationMessage[] }, { cca2: string; driverId: number }>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/messaging/messages/{cca2}/{driverId}', { params: { path: input }, signal });
      const last = data!.items.at(-1);
      if (last) await api.connect.PUT('/messaging/read/{cca2}/{driverId}', { params: { path: input }, body: { lastReadMessageId: last.id } });
      return data!;
    }),
    sendMessage: fromPromise<ConversationMessage, { cca2: string; driverId: number; body: string }>(async ({ input }) => {
      const { data } = await api.connect.POST('/messaging/messages/{cca2}/{driverId}', { params: { path: { cca2: input.cca2, driverId: input.driverId } }, body: { body: input.body } });
      return data!;
    }),
  },
  actions: {
    ring: () => { playNotificationSound(); },
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
  },
}).createMachine({
  id: 'messaging',
  description: 'Conversations between the dispatchers and drivers: unread counts, one open, sending; live over the dashboard hub.',
  context: ({ input }) => ({
    cca2: input.cca2, userId: input.userId, conversations: [], unreadTotal: 0, driverId: null, driverName: '', messages: [], draft: '', muted: input.muted ?? false, error: null,
  }),
  invoke: [{ id: 'messagesHub', src: 'messagesHub' }, { id: 'reconnects', src: 'reconnects' }],
  on: {
    'messaging.muted': { actions: assign({ muted: ({ event }) => event.muted }) },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The conversations and their unread counts are being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadConversations',
        src: 'loadConversations',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: [
          { guard: ({ context }) => context.driverId !== null, target: 'conversation', actions: assign(({ event }) => ({ conversations: event.output.items, unreadTotal: event.output.unreadTotal })) },
          { target: 'list', actions: assign(({ event }) => ({ conversations: event.output.items, unreadTotal: event.output.unreadTotal })) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'The conversations could not be loaded.',
      on: { 'messaging.retry': { target: 'loading', actions: assign({ error: null }) }, 'connection.reconnected': 'loading' },
    },
    list: {
      description: 'The conversations with their unread counts; a message from someone else rings (unless muted) and reloads the counts.',
      on: {
        'messaging.open': { target: 'conversation', actions: assign({ driverId: ({ event }) => event.driverId, messages: [], draft: '', error: null }) },
        'messaging.received': {
          target: 'loading',
          actions: enqueueActions(({ context, event, enqueue }) => { if (ringsFor(context, event.message)) enqueue('ring'); }),
        },
        'connection.reconnected': 'loading',
      },
    },
    conversation: {
      description: 'One driver\'s conversation, read as it is shown.',
      initial: 'loading',
      on: {
        'messaging.close': { target: 'loading', actions: assign({ driverId: null, messages: [], draft: '' }) },
        'messaging.draft': { actions: assign({ draft: ({ event }) => event.text }) },
        'connection.reconnected': '.loading',
      },
      states: {
        loading: {
          description: 'Its messages are fetched and marked read.',
          tags: ['loading'],
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => ({ cca2: context.cca2, driverId: context.driverId! }),
            onDone: { target: 'open', actions: assign(({ event }) => ({ messages: event.output.items, driverName: event.output.driverName })) },
            onError: { target: '#messaging.list', actions: assign({ error: ({ event }) => asApiError(event.error), driverId: null }) },
          },
        },
        open: {
          description: 'The messages, oldest first, and the draft; one arriving here is read at once, one for another driver counts as unread.',
          on: {
            'messaging.send': { guard: 'hasDraft', target: 'sending' },
            // The counts and this conversation reload (read again if the message is here).
            'messaging.received': {
              target: '#messaging.loading',
              actions: enqueueActions(({ context, event, enqueue }) => { if (ringsFor(context, event.message)) enqueue('ring'); }),
            },
          },
        },
        sending: {
          description: 'The draft is being sent.',
          tags: ['busy'],
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({ cca2: context.cca2, driverId: context.driverId!, body: context.draft.trim() }),
            onDone: {
              target: 'open',
              // The hub may have brought it already.
              actions: assign(({ context, event }) => ({
                messages: !event.output || context.messages.some((message) => message.id === event.output.id) ? context.messages : [...context.messages, event.output],
                draft: '', error: null,
              })),
            },
            onError: { target: 'open', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
          },
        },
      },
    },
  },
});

