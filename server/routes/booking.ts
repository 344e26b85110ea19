// Handlers of the booking wizard, accounts and lookups (tags quotes, accounts, lookups; issue 4).
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import * as booking from '../domain/booking';
import { readDelivery } from '../domain/quotes';
import { accountBalance } from '../domain/ledger';
import { accountVersions, listContactTypes, listParcelTypes } from '../domain/lookups';
import { geoOf } from '../geo';
import { notFound } from '../http/errors';
import { answer } from '../http/export';
import { accountTransactions, listAccounts, transactionItems, transactionItemsExport } from '../domain/finance';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type BookingOperations = 'createquotes' | 'getquotes' | 'updatequotes' | 'updateparcel' | 'updateparceldetails' | 'selectquote'
  | 'settimeslot' | 'updateorigindetails' | 'updatedestinationdetails' | 'updateadditionaldetails' | 'updatecontactinformation'
  | 'acceptquote' | 'selectaccount' | 'cancelquote' | 'reattempt' | 'clone' | 'getaccounts' | 'getaccount' | 'getaccounttransactions' | 'gettransactionitems' | 'getAvailableDates'
  | 'getavailabledates' | 'getAvailableTimeSlots' | 'getavailabletimeslots' | 'getparceltypes' | 'getcontacttypes';

export function bookingHandlers(context: AppContext): Pick<Handlers<operations>, BookingOperations> {
  const { db, config } = context;
  const { router, geocoder } = geoOf(context);
  const settings = { quoteValiditySeconds: config.quoteValiditySeconds, router, geocoder };
  const ctx = ({ scope }: FastifyRequest) => ({ db, settings, portal: scope.portal, permissions: scope.permissions });

  return {
    async createquotes(request, reply) {
      const quote = await booking.createQuote(ctx(request), request.body);
      reply.status(201);
      return quote;
    },
    async getquotes(request) { return booking.getQuote(ctx(request), request.params.id); },
    async updatequotes(request) { return booking.updateQuote(ctx(request), request.params.id, request.body); },
    async updateparcel(request) { return booking.updateParcels(ctx(request), request.params.id, request.body); },
    async updateparceldetails(request) { return booking.updateParcelDetails(ctx(request), request.params.id, request.body); },
    async selectquote(request) { return booking.selectQuote(ctx(request), request.params.id, request.body); },
    async settimeslot(request) { return booking.setTimeSlot(ctx(request), request.params.id, request.query.deliveryTime); },
    async updateorigindetails(request) { return booking.updateContacts(ctx(request), request.params.id, request.body, 'origin'); },
    async updatedestinationdetails(request) { return booking.updateContacts(ctx(request), request.params.id, request.body, 'destination'); },
    async updateadditionaldetails(request) { return booking.updateContacts(ctx(request), request.params.id, request.body, 'additional'); },
    async updatecontactinformation(request) { return booking.updateContacts(ctx(request), request.params.id, request.body, 'both'); },
    async acceptquote(request) { return booking.acceptQuote(ctx(request), request.params.id, request.body); },
    async selectaccount(request) { return booking.selectAccount(ctx(request), request.params.id, request.body); },
    async cancelquote(request) { return booking.cancelQuote(ctx(request), request.params.id, request.body); },
    async reattempt(request) { return booking.reattempt(ctx(request), request.params.id, request.body); },
    async clone(request) { return booking.cloneDelivery(ctx(request), request.params.id); },

    async getaccounts(request, reply) {
      const { portal, permissions } = ctx(request);
      await booking.ensurePersonalAccount(db, portal, permissions);
      let delivery;
      if (request.query.deliveryId) {
        delivery = await readDelivery(db, portal, permissions, request.query.deliveryId);
      }
      if (!request.query.select) {
        const { select: _select, deliveryId: _deliveryId, ...query } = request.query;
        return answer(reply, await listAccounts(db, portal, permissions, query));
      }
      const search = request.query.search?.toLowerCase();
      const rows = (await booking.payableAccounts(db, portal, permissions, delivery))
        .filter((account) => !search || account.accountName.toLowerCase().includes(search));
      return rows.map((account) => ({ key: String(account.id), value: account.accountName }));
    },
    async getaccounttransactions(request, reply) {
      const { portal, permissions } = ctx(request);
      return answer(reply, await accountTransactions(db, portal, permissions, request.params.id, request.query));
    },
    async gettransactionitems(request, reply) {
      const { portal, permissions } = ctx(request);
      const detail = await transactionItems(db, portal, permissions, request.params.transactionId, request.query.accountId);
      return request.query.exportExcel ? answer(reply, transactionItemsExport(detail)) : detail;
    },
    async getaccount(request) {
      const { portal, permissions } = ctx(request);
      const account = (await booking.payableAccounts(db, portal, permissions)).find((row) => row.id === request.params.id);
      if (!account) throw notFound(`account ${request.params.id}`);
      const versions = await accountVersions(db, [account.id]);
      return accountView(account, await accountBalance(db, account.id), versions.get(account.id)!);
    },

    async getAvailableDates(request) {
      const { portal } = ctx(request);
      return booking.availableDates(db, portal, request.query.storeId, request.query.companyId);
    },
    async getavailabledates(request) {
      const { portal, permissions } = ctx(request);
      return booking.availableDates(db, portal, permissions.storeId ?? undefined, permissions.companyId ?? undefined);
    },
    async getAvailableTimeSlots(request) {
      const { portal, permissions } = ctx(request);
      return booking.timeSlots(db, portal, request.query.localDate, permissions);
    },
    async getavailabletimeslots(request) {
      const { portal, permissions } = ctx(request);
      return booking.timeSlots(db, portal, request.query.localDate, permissions);
    },
    async getparceltypes() {
      return listParcelTypes(db);
    },
    async getcontacttypes() {
      return listContactTypes(db);
    },
  };
}

function accountView(account: Awaited<ReturnType<typeof booking.payableAccounts>>[number], balance: number, xmin: string) {
  return {
    id: account.id, accountName: account.accountName, accountType: account.accountType as 'Prepay' | 'PostPay', balance,
    companyId: account.companyId, storeId: account.storeId, userId: account.userId, xmin,
  };
}

