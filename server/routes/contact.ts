import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { answerContactMessages, listContactMessages, sendContactMessage } from '../domain/contact-messages';
import { kickOutbox } from '../messaging/outbox';
import type { Handlers } from './handler-types';

/** The contact form (issue 19): anyone sends from /contact; staff read the messages and mark them answered. */
export function contactHandlers(context: AppContext): Pick<Handlers<operations>, 'sendcontactmessage' | 'getcontactmessages' | 'answercontactmessages'> {
  const { db } = context;
  return {
    async sendcontactmessage(request, reply) {
      const received = await sendContactMessage(db, request.scope.portal, request.body);
      kickOutbox(context);
      reply.status(202);
      return received;
    },
    async getcontactmessages(request) {
      return listContactMessages(db, request.scope.portal, request.query);
    },
    async answercontactmessages(request) {
      return answerContactMessages(db, request.scope.portal, request.scope.permissions.id, request.body.ids);
    },
  };
}
