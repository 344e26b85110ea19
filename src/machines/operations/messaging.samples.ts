import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { messagingMachine } from './messaging.machine';
import type { ConversationMessage } from './messaging.types';

const input = { cca2: 'ZA', userId: 7 };
const fromDriver: ConversationMessage = {
  id: 31, conversationId: 3, driverId: 4, senderUserId: 4, senderName: 'Thabo Mokoena', body: '10 minutes, traffic on the N1.', createdAt: '2026-11-26T08:05:00Z',
};
const mine: ConversationMessage = { ...fromDriver, id: 32, senderUserId: 7, senderName: 'Ops Desk', body: 'Thanks, I will tell the customer.', createdAt: '2026-11-26T08:06:00Z' };
/** A chat widget visitor's conversation in the operators' list (issue 19). */
const visitorRow = {
  id: 12, driverId: 0, driverName: 'Lerato Dlamini', lastMessage: 'Can you collect in Sandton today?', lastMessageAt: '2026-11-26T08:10:00Z',
  unreadCount: 1, kind: 'visitor' as const, visitorEmail: 'lerato@example.test',
};
const fromVisitor: ConversationMessage = {
  id: 5, conversationId: 12, driverId: 0, senderUserId: 0, senderName: 'Lerato Dlamini', body: visitorRow.lastMessage, createdAt: visitorRow.lastMessageAt,
};
const reply: ConversationMessage = { ...fromVisitor, id: 6, senderUserId: -1, senderName: 'Ops Desk', body: 'Yes, before 14:00.', createdAt: '2026-11-26T08:12:00Z' };
export const messagingConversationsSample = {
  items: [{ id: 3, driverId: 4, driverName: 'Thabo Mokoena', lastMessage: fromDriver.body, lastMessageAt: fromDriver.createdAt, unreadCount: 1 }, visitorRow],
  unreadTotal: 2,
};
const read = { ...messagingConversationsSample, items: [{ ...messagingConversationsSample.items[0]!, unreadCount: 0 }, visitorRow], unreadTotal: 1 };

export const messagingSamples = defineSamples(messagingMachine, [
  {
    name: 'a dispatcher reads a late driver\'s message and answers; the driver writes again',
    input,
    events: [
      { type: 'xstate.done.actor.loadConversations', output: messagingConversationsSample },
      { type: 'messaging.received', message: fromDriver },
      { type: 'xstate.done.actor.loadConversations', output: messagingConversationsSample },
      { type: 'messaging.open', driverId: 4 },
      { type: 'xstate.done.actor.loadMessages', output: { driverName: 'Thabo Mokoena', items: [fromDriver] } },
      { type: 'messaging.send' },
      { type: 'messaging.draft', text: mine.body },
      { type: 'messaging.send' },
      { type: 'xstate.done.actor.sendMessage', output: mine },
      { type: 'messaging.received', message: fromDriver },
      { type: 'xstate.done.actor.loadConversations', output: read },
      { type: 'xstate.done.actor.loadMessages', output: { driverName: 'Thabo Mokoena', items: [fromDriver, mine] } },
      { type: 'messaging.close' },
    ],
  },
  {
    name: 'the conversations fail to load, then come; sending fails and is kept',
    input: { ...input, muted: true },
    events: [
      { type: 'xstate.error.actor.loadConversations', error: toApiError(503, { message: 'Service unavailable' }, '/connect/messaging/conversations/ZA') },
      { type: 'messaging.retry' },
      { type: 'xstate.done.actor.loadConversations', output: messagingConversationsSample },
      { type: 'messaging.open', driverId: 4 },
      { type: 'xstate.done.actor.loadMessages', output: { driverName: 'Thabo Mokoena', items: [fromDriver] } },
      { type: 'messaging.draft', text: 'Are you there?' },
      { type: 'messaging.send' },
      { type: 'xstate.error.actor.sendMessage', error: toApiError(400, { message: 'Enter a message.' }, '/connect/messaging/messages/ZA/4') },
      { type: 'messaging.muted', muted: false },
    ],
  },
  {
    name: 'an operator answers a chat widget visitor',
    input,
    events: [
      { type: 'xstate.done.actor.loadConversations', output: messagingConversationsSample },
      { type: 'messaging.openVisitor', conversationId: 12 },
      { type: 'xstate.done.actor.loadMessages', output: { driverName: 'Lerato Dlamini · lerato@example.test', items: [fromVisitor] } },
      { type: 'messaging.draft', text: reply.body },
      { type: 'messaging.send' },
      { type: 'xstate.done.actor.sendMessage', output: reply },
    ],
  },
], 'transitions');
