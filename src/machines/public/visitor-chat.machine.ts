import { assign, fromCallback, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { hubUrl, LiveClient } from '../../api/realtime';
import { VISITOR_CHAT_POLL_MS, VISITOR_CHAT_STORAGE_KEY, visitorChatErrors, type VisitorChatValues } from '../../lib/visitor-chat';
import { errorParams, outputParams } from '../shared/shared.actions';
import { readVisitorChat, sendVisitorChatMessage, startVisitorChat } from './public.actors';
import type { VisitorChatEvent, VisitorChatMessage, VisitorChatSchema } from './visitor-chat.types';

const EMPTY: VisitorChatValues = { name: '', email: '', message: '' };

/** Messages by id, in order: what is shown and what arrived (a read, the hub, a send) together, each once. */
function merged(shown: VisitorChatMessage[], arrived: VisitorChatMessage[]): VisitorChatMessage[] {
  const byId = new Map(shown.map((message) => [message.id, message]));
  for (const message of arrived) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The chat hub (openapi/realtime.md): subscribeToVisitorChat(token) with no sign-in, so the conversation's messages
 * (the operators' answers) arrive as they are sent; unsubscribed and closed when the panel closes. Tells the machine
 * when the subscription is up and when the connection is gone (then the widget polls).
 */
export const visitorChatHub = fromCallback<VisitorChatEvent, { token: string }>(({ input, sendBack }) => {
  const client = new LiveClient(hubUrl('chat'), () => undefined);
  let left = false;
  const off = client.on('visitorChatMessage', (message) => sendBack({ type: 'hub.message', message: message as VisitorChatMessage }));
  let unsubscribe: (() => Promise<void>) | undefined;
  void client.start()
    .then(async () => {
      unsubscribe = await client.subscribe('VisitorChat', input.token);
      if (left) return;
      sendBack({ type: 'hub.connected' });
      await client.closed();
      if (!left) sendBack({ type: 'hub.down' });
    })
    .catch(() => { if (!left) sendBack({ type: 'hub.down' }); });
  return () => {
    left = true;
    off();
    void (unsubscribe?.() ?? Promise.resolve()).finally(() => client.stop());
  };
});

/**
 * The chat widget (issue 19) on /, /track-order and /track/:hash: a button opens a panel; a visitor without a
 * conversation gives a name, an email and a first message; then they write and read the operators' answers, which
 * arrive live on the chat hub while the panel is open (read once more when subscribed: the hub delivers at most
 * once); only while the hub is not connected is the conversation read every few seconds. Answers also go by email.
 * The token is kept for the browser session, so a reload finds the conversation again; a token the server no longer
 * knows starts afresh.
 */
export const visitorChatMachine = setup({
  types: {} as VisitorChatSchema,
  actors: { startVisitorChat, readVisitorChat, sendVisitorChatMessage, visitorChatHub },
  delays: { poll: VISITOR_CHAT_POLL_MS },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isValid: ({ context }) => Object.keys(visitorChatErrors(context.values)).length === 0,
    hasDraft: ({ context }) => (context.draft ?? '').trim() !== '',
    namesFields: (_, params: { error: unknown }) => Object.keys(asApiError(params.error).errors ?? {}).length > 0,
  },
  actions: {
    check: assign(({ context }) => ({ errors: visitorChatErrors(context.values) })),
    storeFieldErrors: assign((_, params: { error: unknown }) => ({
      errors: Object.fromEntries(Object.entries(asApiError(params.error).errors ?? {}).map(([field, messages]) => [field, messages[0]])),
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    storeChat: assign((_, chat: { token: string; items: VisitorChatMessage[] }) => ({ token: chat.token, messages: chat.items, error: null })),
    // A read merges with what is shown: a message the hub or a send brought while it was under way stays.
    mergeChat: assign(({ context }, chat: { items: VisitorChatMessage[] }) => ({ messages: merged(context.messages, chat.items) })),
    // Once per id: a read or the hub may already have brought it.
    appendMessage: assign(({ context }, message: VisitorChatMessage) => ({ messages: merged(context.messages, [message]), draft: '', error: null })),
    receiveMessage: assign(({ context }, message: VisitorChatMessage) => ({ messages: merged(context.messages, [message]) })),
    rememberToken: ({ context }) => { try { if (context.token) sessionStorage.setItem(VISITOR_CHAT_STORAGE_KEY, context.token); } catch { /* storage off: the chat lasts the page */ } },
    forgetToken: assign(() => {
      try { sessionStorage.removeItem(VISITOR_CHAT_STORAGE_KEY); } catch { /* storage off */ }
      return { token: null, messages: [] };
    }),
  },
}).createMachine({
  id: 'visitorChat',
  description: 'The chat widget: start a conversation with the operators, then write and read their answers.',
  context: ({ input }) => ({ cca2: input.cca2, token: input.token, values: EMPTY, website: '', errors: {}, error: null, messages: [], draft: '' }),
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the "Chat with us" button.',
      on: { open: 'opened' },
    },
    opened: {
      description: 'The panel.',
      on: { close: 'closed' },
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'hasToken', target: 'loading' }, { target: 'form' }],
        },
        form: {
          description: 'Name, email and the first message.',
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } })),
            },
            'website.change': { actions: assign({ website: ({ event }) => event.value }) },
            submit: [
              { guard: 'isValid', target: 'starting', actions: assign({ errors: {}, error: null }) },
              { actions: 'check' },
            ],
          },
        },
        starting: {
          tags: ['busy'],
          invoke: {
            id: 'startVisitorChat',
            src: 'startVisitorChat',
            input: ({ context }) => ({ cca2: context.cca2, body: { ...context.values, website: context.website } }),
            onDone: { target: 'chatting', actions: [{ type: 'storeChat', params: outputParams }, 'rememberToken', assign({ values: EMPTY })] },
            onError: [
              { guard: { type: 'namesFields', params: errorParams }, target: 'form', actions: { type: 'storeFieldErrors', params: errorParams } },
              { target: 'form', actions: { type: 'storeError', params: errorParams } },
            ],
          },
        },
        loading: {
          description: 'Reading the kept conversation.',
          tags: ['busy'],
          invoke: {
            id: 'readVisitorChat',
            src: 'readVisitorChat',
            input: ({ context }) => ({ cca2: context.cca2, token: context.token! }),
            onDone: { target: 'chatting', actions: { type: 'storeChat', params: outputParams } },
            // Gone (or never kept, the spam trap's): start afresh.
            onError: { target: 'form', actions: 'forgetToken' },
          },
        },
        chatting: {
          description: 'The conversation: answers arrive live on the chat hub, or by reading it again while the hub is down; the visitor writes.',
          type: 'parallel',
          invoke: { id: 'visitorChatHub', src: 'visitorChatHub', input: ({ context }) => ({ token: context.token! }) },
          on: {
            'hub.message': { actions: { type: 'receiveMessage', params: ({ event }) => event.message } },
            'draft.change': { actions: assign({ draft: ({ event }) => event.value }) },
          },
          states: {
            feed: {
              initial: 'polling',
              states: {
                polling: {
                  description: 'The chat hub is not connected (yet): the conversation is read again every VISITOR_CHAT_POLL_MS.',
                  after: { poll: 'refreshing' },
                  on: { 'hub.connected': 'catchingUp' },
                },
                refreshing: {
                  invoke: {
                    id: 'readVisitorChat',
                    src: 'readVisitorChat',
                    input: ({ context }) => ({ cca2: context.cca2, token: context.token! }),
                    onDone: { target: 'polling', actions: { type: 'mergeChat', params: outputParams } },
                    // A missed read is retried at the next poll.
                    onError: { target: 'polling' },
                  },
                  on: { 'hub.connected': 'catchingUp' },
                },
                catchingUp: {
                  description: 'Subscribed: read once more, so an answer sent before the subscription is not missed.',
                  invoke: {
                    id: 'readVisitorChat',
                    src: 'readVisitorChat',
                    input: ({ context }) => ({ cca2: context.cca2, token: context.token! }),
                    onDone: { target: 'live', actions: { type: 'mergeChat', params: outputParams } },
                    onError: { target: 'live' },
                  },
                  on: { 'hub.down': 'polling' },
                },
                live: {
                  description: 'Subscribed to the chat hub: each message of the conversation arrives as it is sent.',
                  on: { 'hub.down': 'polling' },
                },
              },
            },
            composer: {
              initial: 'idle',
              states: {
                idle: {
                  on: { send: { guard: 'hasDraft', target: 'sending' } },
                },
                sending: {
                  tags: ['busy'],
                  invoke: {
                    id: 'sendVisitorChatMessage',
                    src: 'sendVisitorChatMessage',
                    input: ({ context }) => ({ cca2: context.cca2, token: context.token!, body: context.draft }),
                    onDone: { target: 'idle', actions: { type: 'appendMessage', params: outputParams } },
                    onError: { target: 'idle', actions: { type: 'storeError', params: errorParams } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
