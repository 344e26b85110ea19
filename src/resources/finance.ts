import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { formatDate } from '../lib/date-format';
import { ACCOUNT_TYPES, CUSTOMER_ACCOUNT_TYPES, FINANCE_TEXTS, TRANSACTION_STATUSES, TRANSACTION_TYPE_OPTIONS } from '../lib/finance-texts';
import { formatMoney, toCents } from '../lib/money';
import { bodyOf, updateOrConflict } from './api-helpers';
import { asIs, entityCalls, resourceApi } from './provider';
import { toApiQuery } from './query';
import type { FormValues, ListParams, ResourceDef } from './types';

export type FinanceAccount = components['schemas']['FinanceAccount'];
/** The edit form holds the credit limit as typed ("1250.00"); the contract's is integer cents. */
export type FinanceAccountRow = Omit<FinanceAccount, 'creditLimit'> & { creditLimit?: number | string | null };
export type FinanceTransaction = components['schemas']['FinanceTransaction'] & { xmin: string };
export type FinanceTransactionDetail = components['schemas']['FinanceTransactionDetail'];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A credit limit as typed, in the currency's units, to integer cents; blank is no limit; anything else goes as typed for the server's 400 to name. */
export function creditLimitCents(value: FormValues[string] | undefined): number | string | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return /^\d+([.,]\d{1,2})?$/.test(value.trim()) ? toCents(value.trim()) : value;
}

/** POST /accounts/{cca2}/manage: one owner (the lookups left blank go as null), the credit limit in cents. */
export function accountCreateBody(values: FormValues) {
  const body = bodyOf(values);
  return {
    accountName: body.accountName, accountType: body.accountType,
    userId: body.userId ?? null, companyId: body.companyId ?? null, storeId: body.storeId ?? null,
    creditLimit: creditLimitCents(values.creditLimit), isActive: body.isActive ?? true,
  };
}

/** PUT /accounts/{cca2}/manage/{id}: type and owner never change, so only the name, the limit and whether it is active go. */
export function accountUpdateBody(values: FormValues) {
  const body = bodyOf(values);
  return { accountName: body.accountName, creditLimit: creditLimitCents(values.creditLimit), isActive: body.isActive ?? true };
}

const accountRecord = (account: FinanceAccount): FinanceAccountRow => ({
  ...account, creditLimit: account.creditLimit === null || account.creditLimit === undefined ? '' : (account.creditLimit / 100).toFixed(2),
});

type ManageBody<M extends 'post' | 'put'> = M extends 'post'
  ? components['schemas']['FinanceAccountForm'] : components['schemas']['FinanceAccountUpdate'];

const answeredAccount = (data: FinanceAccount | undefined): FinanceAccount => {
  if (!data) throw new Error('The server answered without the account');
  return data;
};

async function getAccount(cca2: string, id: number) {
  const { data } = await api.connect.GET('/accounts/{cca2}/manage/{id}', { params: { path: { cca2, id } } });
  return accountRecord(answeredAccount(data));
}

const listCalls = resourceApi(entityCalls('accounts'), { row: asIs, exportable: true, select: 'none' });

/**
 * Accounts (000 sections 2 and 6; issue 15): the caller's scope decides which (the server's), each with its balance
 * derived from the ledger. Administrators and management add and edit them (/accounts/add, /accounts/edit/:id) over
 * the manage calls; a row's statement is its own link.
 */
export const accountsResource: ResourceDef<FinanceAccountRow> = {
  id: 'accounts',
  title: FINANCE_TEXTS.accounts,
  singular: FINANCE_TEXTS.account,
  routes: { list: '/accounts', add: '/accounts/add', edit: '/accounts/edit/:id' },
  operations: { list: 'getaccounts', get: 'getfinanceaccount', create: 'createaccount', update: 'updateaccount' },
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
  fields: [
    { name: 'accountName', label: FINANCE_TEXTS.accountName, kind: 'text', required: true, maxLength: 200 },
    { name: 'accountType', label: FINANCE_TEXTS.accountType, kind: 'enum', options: CUSTOMER_ACCOUNT_TYPES, required: true, createOnly: true },
    // Exactly one owner: the server refuses none or several, naming the fields.
    { name: 'companyId', label: FINANCE_TEXTS.ownerCompany, kind: 'lookup', resource: 'companies', nameField: 'ownerName', createOnly: true },
    { name: 'storeId', label: FINANCE_TEXTS.ownerStore, kind: 'lookup', resource: 'stores', nameField: 'ownerName', createOnly: true },
    { name: 'userId', label: FINANCE_TEXTS.ownerUser, kind: 'lookup', resource: 'users', nameField: 'ownerName', createOnly: true },
    { name: 'creditLimit', label: FINANCE_TEXTS.creditLimit, kind: 'text', maxLength: 14 },
    { name: 'isActive', label: FINANCE_TEXTS.active, kind: 'boolean' },
  ],
  defaultSort: 'accountName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FINANCE_TEXTS.accountsExport,
  createOpensEdit: true,
  label: (row) => row.accountName,
  api: {
    ...listCalls,
    get: getAccount,
    async create(cca2, values) {
      const body: ManageBody<'post'> = accountCreateBody(values) as ManageBody<'post'>;
      const { data } = await api.connect.POST('/accounts/{cca2}/manage', { params: { path: { cca2 } }, body });
      return accountRecord(answeredAccount(data));
    },
    update: (cca2, id, values, xmin) => updateOrConflict(async () => {
      const body: ManageBody<'put'> = { ...accountUpdateBody(values), xmin } as ManageBody<'put'>;
      const { data } = await api.connect.PUT('/accounts/{cca2}/manage/{id}', { params: { path: { cca2, id } }, body });
      return accountRecord(answeredAccount(data));
    }, () => getAccount(cca2, id)),
  },
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
