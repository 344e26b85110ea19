// Handlers of the finance back office (issue 15): account add/edit, bank accounts, withdrawals and advances, funds received.
import type { operations } from '../../src/api/generated/connect';
import type { FastifyRequest } from 'fastify';
import { createDeliveryAdjustment, createJobAdjustment, jobTransactionItems } from '../domain/adjustments';
import * as finance from '../domain/finance-admin';
import type { OpsContext } from '../domain/operations/scope';
import { readAccount } from '../domain/finance';
import type { AppContext } from '../context';
import { answer } from '../http/export';
import { idempotencyKeyOf } from '../http/idempotency-key';
import type { Handlers } from './handler-types';

type FinanceOperations = 'createaccount' | 'getfinanceaccount' | 'updateaccount' | 'getbankaccounts' | 'createbankaccount' | 'getbankaccount'
  | 'updatebankaccount' | 'getpayoutrequests' | 'requestpayout' | 'completepayoutrequests' | 'cancelpayoutrequests' | 'getfundsreceived'
  | 'createfundsreceived' | 'getfundsreceivedone' | 'updatefundsreceived' | 'allocatefundsreceived'
  | 'createDeliveryTransactionItem' | 'createJobTransactionItem' | 'getJobTransactionItems';

export function financeHandlers(context: AppContext): Pick<Handlers<operations>, FinanceOperations> {
  const { db } = context;
  const ops = ({ scope }: FastifyRequest): OpsContext => ({ db, live: context.live, portal: scope.portal, permissions: scope.permissions });
  return {
    // Adjustments (f-fin): a delivery's price, a job's cost.
    async createDeliveryTransactionItem(request, reply) {
      const created = await createDeliveryAdjustment(db, request.scope.portal, request.scope.permissions, idempotencyKeyOf(request.headers), request.body);
      reply.code(201);
      return created;
    },
    async createJobTransactionItem(request, reply) {
      const created = await createJobAdjustment(ops(request), idempotencyKeyOf(request.headers), request.body);
      reply.code(201);
      return created;
    },
    async getJobTransactionItems(request) {
      return jobTransactionItems(ops(request), request.params.jobId);
    },
    async createaccount(request, reply) {
      const created = await finance.createAccount(db, request.scope.portal, request.scope.permissions, request.body);
      reply.code(201);
      return created;
    },
    async getfinanceaccount(request) {
      return readAccount(db, request.scope.portal, request.scope.permissions, request.params.id);
    },
    async updateaccount(request) {
      return finance.updateAccount(db, request.scope.portal, request.scope.permissions, request.params.id, request.body);
    },
    async getbankaccounts(request, reply) {
      return answer(reply, await finance.listBankAccounts(db, request.scope.portal, request.scope.permissions, request.query));
    },
    async createbankaccount(request, reply) {
      const created = await finance.createBankAccount(db, request.scope.portal, request.scope.permissions, request.body);
      reply.code(201);
      return created;
    },
    async getbankaccount(request) {
      return finance.readBankAccount(db, request.scope.portal, request.scope.permissions, request.params.id);
    },
    async updatebankaccount(request) {
      return finance.updateBankAccount(db, request.scope.portal, request.scope.permissions, request.params.id, request.body);
    },
    async getpayoutrequests(request) {
      return finance.listPayouts(db, request.scope.portal, request.scope.permissions, request.params.kind, request.query);
    },
    async requestpayout(request, reply) {
      const key = idempotencyKeyOf(request.headers);
      const created = await finance.requestPayout(db, request.scope.portal, request.scope.permissions, request.params.kind, key, request.body);
      reply.code(201);
      return created;
    },
    async completepayoutrequests(request) {
      const key = idempotencyKeyOf(request.headers);
      return finance.decidePayouts(db, request.scope.portal, request.scope.permissions, request.params.kind, 'complete', key, request.body);
    },
    async cancelpayoutrequests(request) {
      const key = idempotencyKeyOf(request.headers);
      return finance.decidePayouts(db, request.scope.portal, request.scope.permissions, request.params.kind, 'cancel', key, request.body);
    },
    async getfundsreceived(request) {
      return finance.listFunds(db, request.scope.portal, request.query);
    },
    async createfundsreceived(request, reply) {
      const created = await finance.createFunds(db, request.scope.portal, request.scope.permissions, request.body);
      reply.code(201);
      return created;
    },
    async getfundsreceivedone(request) {
      return finance.readFunds(db, request.scope.portal, request.params.id);
    },
    async updatefundsreceived(request) {
      return finance.updateFunds(db, request.scope.portal, request.params.id, request.body);
    },
    async allocatefundsreceived(request) {
      const key = idempotencyKeyOf(request.headers);
      return finance.allocateFunds(db, request.scope.portal, request.scope.permissions, request.params.id, key, request.body);
    },
  };
}
