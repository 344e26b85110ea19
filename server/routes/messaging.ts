import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { listConversations, listMessages, markRead, sendMessage, type MessagingContext } from '../domain/messaging';
import { listDeposits, recordDeposit } from '../domain/deposits';
import type { Handlers } from './handler-types';

type MessagingOperations = 'getconversations' | 'getconversationmessages' | 'sendconversationmessage' | 'markconversationread'
  | 'getdriverdeposits' | 'recorddriverdeposit';

/** The messaging window (issue 20): conversations between the dispatchers and each driver, live over the dashboard hub; and drivers' cash deposits (the deposit modal). */
export function messagingHandlers({ db, live }: AppContext): Pick<Handlers<operations>, MessagingOperations> {
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
  };
}
