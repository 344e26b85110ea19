// Handlers of the pay calls and saved cards (tag payments; issue 4).
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import * as payments from '../domain/payments';
import { renderReceipt } from '../domain/receipts';
import { notFound } from '../http/errors';
import { idempotencyKeyOf } from '../http/idempotency-key';
import { paymentProviderOf } from '../payments/provider-client';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type PaymentOperations = 'payByBalance' | 'payBySavedCard' | 'paymentCheckout' | 'processCardPayment' | 'paymentfailed' | 'getpaymentcards' | 'deletepaymentcard' | 'getreceipt';

export function paymentHandlers(context: AppContext): Pick<Handlers<operations>, PaymentOperations> {
  const { db, config } = context;
  const provider = paymentProviderOf(context);
  const settings = { quoteValiditySeconds: config.quoteValiditySeconds };
  const ctx = ({ scope }: FastifyRequest) => ({ db, settings, provider, portal: scope.portal, permissions: scope.permissions });
  const key = idempotencyKeyOf;

  return {
    async payByBalance(request) {
      return payments.payByBalance(ctx(request), request.params.id, key(request.headers));
    },
    async payBySavedCard(request) {
      return payments.payBySavedCard(ctx(request), request.params.id, key(request.headers), request.body);
    },
    async paymentCheckout(request) {
      return payments.paymentCheckout(ctx(request), request.params.id, key(request.headers), request.body);
    },
    async processCardPayment(request) {
      return payments.processCardPayment(ctx(request), request.params.id, request.body);
    },
    async paymentfailed(request) {
      return payments.paymentFailed(ctx(request), request.params.id, request.body);
    },
    async getreceipt(request, reply) {
      const receipt = await renderReceipt(db, request.scope.portal, request.scope.permissions, request.params.id);
      return reply.type('application/pdf').header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${receipt.fileName}"`).send(receipt.pdf);
    },
    async getpaymentcards(request) {
      const portal = await payments.portalOfAccount(db, request.query.accountId);
      if (!portal) throw notFound(`account ${request.query.accountId}`);
      return payments.listCards({ db, settings, portal, permissions: request.scope.permissions }, request.query.accountId);
    },
    async deletepaymentcard(request, reply) {
      const portal = await payments.portalOfCard(db, request.params.id);
      if (!portal) throw notFound(`payment card ${request.params.id}`);
      await payments.deleteCard({ db, settings, provider, portal, permissions: request.scope.permissions }, request.params.id);
      return reply.code(204).send();
    },
  };
}
