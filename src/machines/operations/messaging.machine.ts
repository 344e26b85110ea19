import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import type { components } from '../../api/generated/connect';
import { asApiError } from '../../api/api-error';
import { liveDashboard } from '../../api/realtime';
import { playNotificationSound } from './operations.api';
import { reconnects } from './reconnects';

type VisitorChatMessage = components['schemas']['VisitorChatMessage'];
import type { Conversation, ConversationMessage, MessagingEvent, MessagingSchema, OpenConversation } from './messaging.types';

const messagesHub = fromCallback<MessagingEvent>(({ sendBack }) => {
  const stop = liveDashboard.on('message', (payload) => sendBack({ type: 'messaging.received', message: payload as ConversationMessage }));
  const subscription = liveDashboard.subscribe('Messages').catch(() => async () => undefined);
  return () => {
    stop();
    void subscription.then((unsubscribe) => unsubscribe());
  };
});

/**
 * A visitor's chat message in the window's shape: no driver (0); the visitor has no user id (0), an operator's reply
 * is shown as the operators' side (-1: not "mine", whoever answered is named).
 */
const asConversationMessage = (message: VisitorChatMessage): ConversationMessage => ({
  id: message.id, conversationId: message.conversationId, driverId: 0, senderUserId: message.fromVisitor ? 0 : -1,
  senderName: message.senderName, body: message.body, createdAt: message.createdAt,
});

/** The open conversation's identity, as the load and send calls take it. */
const openConversation = (context: OpenConversation): OpenConversation =>
  ({ cca2: context.cca2, driverId: context.driverId, visitorConversationId: context.visitorConversationId });

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
    loadMessages: fromPromise<{ driverName: string; items: ConversationMessage[] }, OpenConversation>(async ({ input, signal }) => {
      const { cca2, driverId, visitorConversationId } = input;
      if (visitorConversationId !== null) {
        const { data } = await api.connect.GET('/messaging/visitors/{cca2}/{conversationId}', { params: { path: { cca2, conversationId: visitorConversationId } }, signal });
        return { driverName: `${data!.visitorName} · ${data!.visitorEmail}`, items: data!.items.map(asConversationMessage) };
      }
      const path = { cca2, driverId: driverId! };
      const { data } = await api.connect.GET('/messaging/messages/{cca2}/{driverId}', { params: { path }, signal });
      const last = data!.items.at(-1);
      if (last) await api.connect.PUT('/messaging/read/{cca2}/{driverId}', { params: { path }, body: { lastReadMessageId: last.id } });
      return data!;
    }),
    sendMessage: fromPromise<ConversationMessage, OpenConversation & { body: string }>(async ({ input }) => {
      const { cca2, driverId, visitorConversationId, body } = input;
      if (visitorConversationId !== null) {
        const { data } = await api.connect.POST('/messaging/visitors/{cca2}/{conversationId}', { params: { path: { cca2, conversationId: visitorConversationId } }, body: { body } });
        return asConversationMessage(data!);
      }
      const { data } = await api.connect.POST('/messaging/messages/{cca2}/{driverId}', { params: { path: { cca2, driverId: driverId! } }, body: { body } });
      return data!;
    }),
  },
  actions: {
    ring: () => { playNotificationSound(); },
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    isOpen: ({ context }) => context.driverId !== null || context.visitorConversationId !== null,
  },
}).createMachine({
  id: 'messaging',
  description: 'Conversations between the dispatchers and drivers: unread counts, one open, sending; live over the dashboard hub.',
  context: ({ input }) => ({
    cca2: input.cca2, userId: input.userId, conversations: [], unreadTotal: 0, driverId: null, visitorConversationId: null, driverName: '', messages: [], draft: '', muted: input.muted ?? false, error: null,
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
          // Loaded: a failure shown before (a reload after reconnecting) is over.
          { guard: 'isOpen', target: 'conversation', actions: assign(({ event }) => ({ conversations: event.output.items, unreadTotal: event.output.unreadTotal, error: null })) },
          { target: 'list', actions: assign(({ event }) => ({ conversations: event.output.items, unreadTotal: event.output.unreadTotal, error: null })) },
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
        'messaging.open': { target: 'conversation', actions: assign({ driverId: ({ event }) => event.driverId, visitorConversationId: null, messages: [], draft: '', error: null }) },
        'messaging.openVisitor': {
          target: 'conversation',
          actions: assign({ visitorConversationId: ({ event }) => event.conversationId, driverId: null, messages: [], draft: '', error: null }),
        },
        'messaging.received': {
          target: 'loading',
          actions: enqueueActions(({ context, event, enqueue }) => { if (ringsFor(context, event.message)) enqueue('ring'); }),
        },
        'connection.reconnected': 'loading',
      },
    },
    conversation: {
      description: 'One driver\'s conversation, read as it is shown; or a chat widget visitor\'s, answered by email and live.',
      initial: 'loading',
      on: {
        'messaging.close': { target: 'loading', actions: assign({ driverId: null, visitorConversationId: null, messages: [], draft: '' }) },
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
            input: ({ context }) => openConversation(context),
            onDone: { target: 'open', actions: assign(({ event }) => ({ messages: event.output.items, driverName: event.output.driverName })) },
            onError: { target: '#messaging.list', actions: assign({ error: ({ event }) => asApiError(event.error), driverId: null, visitorConversationId: null }) },
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
            input: ({ context }) => ({ ...openConversation(context), body: context.draft.trim() }),
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

