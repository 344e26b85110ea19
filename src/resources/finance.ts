import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { formatDate } from '../lib/dates';
import { ACCOUNT_TYPES, FINANCE_TEXTS, TRANSACTION_STATUSES, TRANSACTION_TYPE_OPTIONS } from '../lib/finance-texts';
import { formatMoney } from '../lib/money';
import { asIs, entityCalls, resourceApi } from './provider';
import { toApiQuery } from './query';
import type { ListParams, ResourceDef } from './types';

export type FinanceAccount = components['schemas']['FinanceAccount'];
export type FinanceTransaction = components['schemas']['FinanceTransaction'] & { xmin: string };
export type FinanceTransactionDetail = components['schemas']['FinanceTransactionDetail'];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Accounts (000 sections 2 and 6; issue 15): the caller's scope decides which (the server's), each with its balance
 * derived from the ledger. Read-only here: adding and editing accounts is a later step of the finance issue.
 */
export const accountsResource: ResourceDef<FinanceAccount> = {
  id: 'accounts',
  title: FINANCE_TEXTS.accounts,
  singular: FINANCE_TEXTS.account,
  routes: { list: '/accounts', edit: '/accounts/:accountId/transactions' },
  operations: { list: 'getaccounts', get: 'getaccounttransactions', update: 'getaccounttransactions' },
  columns: [
    { key: 'accountName', header: FINANCE_TEXTS.accountName, sortKey: 'accountName' },
    { key: 'accountType', header: FINANCE_TEXTS.accountType, sortKey: 'accountType' },
    { key: 'ownerName', header: FINANCE_TEXTS.owner },
    { key: 'balance', header: FINANCE_TEXTS.balance, text: (row) => formatMoney(row.balance) },
    { key: 'isActive', header: FINANCE_TEXTS.active, text: (row) => yesNo(row.isActive) },
  ],
  filters: [
    // Fixed by the owner's screen (/users/:id/accounts, /companies/:id/accounts, /stores/:id/accounts).
    { kind: 'parent', name: 'appuserid', label: FINANCE_TEXTS.owner },
    { kind: 'parent', name: 'companyid', label: FINANCE_TEXTS.owner },
    { kind: 'parent', name: 'storeid', label: FINANCE_TEXTS.owner },
    { kind: 'enum', name: 'accountType', label: FINANCE_TEXTS.accountType, options: ACCOUNT_TYPES },
    { kind: 'boolean', name: 'isActive', label: FINANCE_TEXTS.active },
  ],
  fields: [],
  defaultSort: 'accountName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FINANCE_TEXTS.accountsExport,
  createOpensEdit: false,
  label: (row) => row.accountName,
  api: resourceApi(entityCalls('accounts'), { row: asIs, exportable: true, select: 'none' }),
};

const readOnly = (): never => {
  throw new Error(FINANCE_TEXTS.readOnly);
};

/** The statement's path: the account is a fixed filter of the nested list (accountId), not a query parameter. */
function statementQuery(params: ListParams) {
  const { accountId, ...filters } = params.filters;
  return { accountId: Number(accountId), query: toApiQuery({ ...params, filters }) };
}

/** An account's statement (/accounts/:accountId/transactions): newest first, the amount and the balance after each. */
export const accountTransactionsResource: ResourceDef<FinanceTransaction> = {
  id: 'accountTransactions',
  title: FINANCE_TEXTS.transactions,
  singular: FINANCE_TEXTS.transaction,
  routes: { list: '/accounts/:accountId/transactions', edit: '/accounts/:accountId/transactions/:transactionId' },
  operations: { list: 'getaccounttransactions', get: 'gettransactionitems', update: 'gettransactionitems' },
  columns: [
    { key: 'createdAt', header: FINANCE_TEXTS.date, sortKey: 'createdAt', text: (row) => formatDate(row.createdAt, 'dd-MM-yyyy HH:mm') },
    { key: 'transactionType', header: FINANCE_TEXTS.transactionType, sortKey: 'transactionType' },
    { key: 'description', header: FINANCE_TEXTS.description },
    { key: 'waybill', header: FINANCE_TEXTS.waybill, text: (row) => row.waybill ?? '' },
    { key: 'amount', header: FINANCE_TEXTS.amount, text: (row) => formatMoney(row.amount) },
    { key: 'balanceAfter', header: FINANCE_TEXTS.balanceAfter, text: (row) => formatMoney(row.balanceAfter) },
    { key: 'transactionStatus', header: FINANCE_TEXTS.transactionStatus },
  ],
  filters: [
    { kind: 'parent', name: 'accountId', label: FINANCE_TEXTS.accountName },
    { kind: 'enum', name: 'transactionType', label: FINANCE_TEXTS.transactionType, options: TRANSACTION_TYPE_OPTIONS },
    { kind: 'enum', name: 'transactionStatus', label: FINANCE_TEXTS.transactionStatus, options: TRANSACTION_STATUSES },
    { kind: 'date', name: 'startDate', label: FINANCE_TEXTS.startDate },
    { kind: 'date', name: 'endDate', label: FINANCE_TEXTS.endDate },
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FINANCE_TEXTS.transactionsExport,
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { accountId, query } = statementQuery(params);
      const { data } = await api.connect.GET('/accounts/{cca2}/{id}/transactions', { params: { path: { cca2, id: accountId }, query }, signal });
      if (!data || typeof data === 'string') throw new Error('The server answered without a statement');
      // Transactions are immutable: their id is their version.
      return { ...data, items: data.items.map((item) => ({ ...item, xmin: String(item.id) })) };
    },
    async exportFile(cca2, params, signal) {
      const { accountId, query } = statementQuery({ ...params, page: 1 });
      const { response } = await api.connect.GET('/accounts/{cca2}/{id}/transactions', {
        params: { path: { cca2, id: accountId }, query: { ...query, exportExcel: true } }, parseAs: 'stream', signal,
      });
      return response;
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};

/** One transaction with its items and totals, as the account whose statement led there sees it (gettransactionitems). */
export async function fetchTransactionDetail(
  { cca2, accountId, transactionId }: { cca2: string; accountId: number; transactionId: number },
  signal?: AbortSignal,
): Promise<FinanceTransactionDetail> {
  const { data } = await api.connect.GET('/transactions/{cca2}/{transactionId}/transactionItems', {
    params: { path: { cca2, transactionId }, query: { accountId } }, signal,
  });
  if (!data || typeof data === 'string') throw new Error('The server answered without the transaction');
  return data;
}

/** The same transaction as the file "Transaction Id {id}" (streamed, for the export button's progress). */
export async function exportTransaction(
  { cca2, accountId, transactionId }: { cca2: string; accountId: number; transactionId: number },
  signal?: AbortSignal,
): Promise<Response> {
  const { response } = await api.connect.GET('/transactions/{cca2}/{transactionId}/transactionItems', {
    params: { path: { cca2, transactionId }, query: { accountId, exportExcel: true } }, parseAs: 'stream', signal,
  });
  return response;
}
