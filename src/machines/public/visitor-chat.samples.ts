import { toApiError } from '../../api/api-error';
import { VISITOR_CHAT_TEXTS } from '../../lib/visitor-chat';
import { defineSamples } from '../samples';
import { visitorChatMachine } from './visitor-chat.machine';

const url = '/connect/public/za/chat';
const badEmail = toApiError(400, { message: VISITOR_CHAT_TEXTS.invalidEmail, errors: { email: [VISITOR_CHAT_TEXTS.invalidEmail] } }, url);
const tooMany = toApiError(429, { message: 'Too many requests. Please wait 1 minute.' }, url);
const gone = toApiError(404, { message: 'Not found: conversation' }, `${url}/old`);
const token = 'kept-token-abcdefghijklmnopqrstuvwxyz';
const first = { id: 1, conversationId: 1, fromVisitor: true, senderName: 'Thandi Nkosi', body: 'Do you deliver on Saturdays?', createdAt: '2026-11-26T10:00:00.000Z' };
const answer = { id: 2, conversationId: 1, fromVisitor: false, senderName: 'Sam Operator', body: 'Yes, until 13:00.', createdAt: '2026-11-26T10:01:00.000Z' };
const later = { id: 4, conversationId: 1, fromVisitor: false, senderName: 'Sam Operator', body: 'Anything else?', createdAt: '2026-11-26T10:03:00.000Z' };
const mine = { id: 3, conversationId: 1, fromVisitor: true, senderName: 'Thandi Nkosi', body: 'Thank you!', createdAt: '2026-11-26T10:02:00.000Z' };

export const visitorChatSamples = defineSamples(visitorChatMachine, [
  {
    name: 'open, fix the named fields, start, read the answer, write back, close',
    input: { cca2: 'za', token: null },
    events: [
      { type: 'open' },
      { type: 'submit' },
      { type: 'field.change', field: 'name', value: 'Thandi Nkosi' },
      { type: 'field.change', field: 'email', value: 'thandi@example.test' },
      { type: 'field.change', field: 'message', value: 'Do you deliver on Saturdays?' },
      { type: 'website.change', value: '' },
      { type: 'submit' },
      { type: 'xstate.error.actor.startVisitorChat', error: badEmail },
      { type: 'submit' },
      { type: 'xstate.error.actor.startVisitorChat', error: tooMany },
      { type: 'submit' },
      { type: 'xstate.done.actor.startVisitorChat', output: { token, name: 'Thandi Nkosi', items: [first] } },
      { type: 'xstate.after.poll.visitorChat.opened.chatting.feed.polling' },
      { type: 'xstate.done.actor.readVisitorChat', output: { token, name: 'Thandi Nkosi', items: [first, answer] } },
      { type: 'xstate.after.poll.visitorChat.opened.chatting.feed.polling' },
      { type: 'xstate.error.actor.readVisitorChat', error: tooMany },
      // The chat hub: subscribed (then read once more), an answer pushed, the connection gone.
      { type: 'hub.connected' },
      { type: 'hub.message', message: later },
      { type: 'hub.down' },
      { type: 'send' },
      { type: 'draft.change', value: 'Thank you!' },
      { type: 'send' },
      { type: 'xstate.error.actor.sendVisitorChatMessage', error: tooMany },
      { type: 'send' },
      { type: 'xstate.done.actor.sendVisitorChatMessage', output: mine },
      { type: 'close' },
    ],
  },
  {
    name: 'a reload finds the kept conversation; a forgotten one starts afresh',
    input: { cca2: 'za', token },
    events: [
      { type: 'open' },
      { type: 'xstate.done.actor.readVisitorChat', output: { token, name: 'Thandi Nkosi', items: [first, answer] } },
      { type: 'hub.message', message: later },
      { type: 'close' },
      { type: 'open' },
      { type: 'xstate.error.actor.readVisitorChat', error: gone },
    ],
  },
], 'transitions');
