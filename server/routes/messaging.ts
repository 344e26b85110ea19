import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { listConversations, listMessages, markRead, sendMessage, type MessagingContext } from '../domain/messaging';
import { listDeposits, recordDeposit } from '../domain/deposits';
import { getVisitorConversation, readVisitorChat, replyVisitorConversation, sendVisitorChatMessage, startVisitorChat } from '../domain/visitor-chat';
import { kickOutbox } from '../messaging/outbox';
import type { Handlers } from './handler-types';

type MessagingOperations = 'getconversations' | 'getconversationmessages' | 'sendconversationmessage' | 'markconversationread'
  | 'getdriverdeposits' | 'recorddriverdeposit'
  | 'startvisitorchat' | 'getvisitorchat' | 'sendvisitorchatmessage' | 'getvisitorconversation' | 'replyvisitorconversation';

/** The messaging window (issue 20): conversations between the dispatchers and each driver, live over the dashboard hub; and drivers' cash deposits (the deposit modal). */
export function messagingHandlers(context: AppContext): Pick<Handlers<operations>, MessagingOperations> {
  const { db, live } = context;
  const ctx = ({ scope }: FastifyRequest): MessagingContext => ({ db, live, portalId: scope.portal.id, permissions: scope.permissions });
  return {
    async getconversations(request) {
      return listConversations(ctx(request));
    },
    async getconversationmessages(request) {
      return listMessages(ctx(request), request.params.driverId);
    },
    async sendconversationmessage(request, reply) {
      const message = await sendMessage(ctx(request), request.params.driverId, request.body);
      reply.code(201);
      return message;
    },
    async getdriverdeposits(request) {
      return listDeposits(ctx(request), request.params.driverId);
    },
    async recorddriverdeposit(request, reply) {
      const deposit = await recordDeposit(ctx(request), request.params.driverId, request.body);
      reply.code(201);
      return deposit;
    },
    async markconversationread(request, reply) {
      await markRead(ctx(request), request.params.driverId, request.body);
      return reply.code(204).send();
    },
    // The chat widget (issue 19): the visitor's side (anonymous, by token) and the operators'.
    async startvisitorchat(request, reply) {
      const chat = await startVisitorChat(db, live, request.scope.portal, request.body);
      reply.code(201);
      return chat;
    },
    async getvisitorchat(request) {
      return readVisitorChat(db, request.scope.portal, request.params.token);
    },
    async sendvisitorchatmessage(request, reply) {
      const message = await sendVisitorChatMessage(db, live, request.scope.portal, request.params.token, request.body);
      reply.code(201);
      return message;
    },
    async getvisitorconversation(request) {
      return getVisitorConversation(db, request.scope.portal, request.params.conversationId);
    },
    async replyvisitorconversation(request, reply) {
      const message = await replyVisitorConversation(db, live, request.scope.portal, request.scope.permissions.id, request.params.conversationId, request.body);
      kickOutbox(context);
      reply.code(201);
      return message;
    },
  };
}
