import { assign, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { VISITOR_CHAT_POLL_MS, VISITOR_CHAT_STORAGE_KEY, visitorChatErrors, type VisitorChatValues } from '../../lib/visitor-chat';
import { errorParams, outputParams } from '../shared/shared.actions';
import { readVisitorChat, sendVisitorChatMessage, startVisitorChat } from './public.actors';
import type { VisitorChatMessage, VisitorChatSchema } from './visitor-chat.types';

const EMPTY: VisitorChatValues = { name: '', email: '', message: '' };

/**
 * The chat widget (issue 19) on /, /track-order and /track/:hash: a button opens a panel; a visitor without a
 * conversation gives a name, an email and a first message; then they write and read the operators' answers,
 * read again every few seconds while the panel is open (answers also go by email). The token is kept for the
 * browser session, so a reload finds the conversation again; a token the server no longer knows starts afresh.
 */
export const visitorChatMachine = setup({
  types: {} as VisitorChatSchema,
  actors: { startVisitorChat, readVisitorChat, sendVisitorChatMessage },
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
    // Once per id: a read may already have brought it.
    appendMessage: assign(({ context }, message: VisitorChatMessage) => ({
      messages: context.messages.some((item) => item.id === message.id) ? context.messages : [...context.messages, message], draft: '', error: null,
    })),
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
          description: 'The conversation, read again every few seconds while open.',
          on: {
            'draft.change': { actions: assign({ draft: ({ event }) => event.value }) },
            send: { guard: 'hasDraft', target: '.sending' },
          },
          initial: 'idle',
          states: {
            idle: {
              after: { poll: 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'readVisitorChat',
                src: 'readVisitorChat',
                input: ({ context }) => ({ cca2: context.cca2, token: context.token! }),
                onDone: { target: 'idle', actions: { type: 'storeChat', params: outputParams } },
                // A missed read is retried at the next poll.
                onError: { target: 'idle' },
              },
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
});
