// Finance back-office resources (issue 15): bank accounts (a partner's own; numbers masked except to administrators)
// and funds received by EFT. Lists, add and edit over the generic screens; money moves only through the allocation
// screen and the withdrawal and advance actions, each with its Idempotency-Key.
import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { formatDate } from '../lib/date-format';
import { BANK_ACCOUNT_TYPES, FINANCE_ADMIN_TEXTS, PAYOUT_STATUSES } from '../lib/finance-admin-texts';
import { formatMoney, toCents } from '../lib/money';
import { bodyOf } from './api-helpers';
import { asIs, entityCalls, resourceApi } from './provider';
import type { FormValues, ResourceDef } from './types';

type S = components['schemas'];
export type BankAccountRow = S['BankAccount'];
/** The form holds the amount as typed ("1250.00"); the contract's amount is integer cents. */
export type FundsReceivedRow = Omit<S['FundsReceived'], 'amount'> & { amount: number | string; xmin: string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A masked number (••••1234) is what the form was shown, never a new number: the stored one stays. */
export function bankAccountUpdateBody(values: FormValues) {
  const { userId: _user, companyId: _company, storeId: _store, ...body } = bodyOf(values);
  if (typeof body.accountNumber !== 'string' || body.accountNumber.includes('•')) delete body.accountNumber;
  return body;
}

export const bankAccountsResource: ResourceDef<BankAccountRow> = {
  id: 'bankAccounts',
  title: FINANCE_ADMIN_TEXTS.bankAccounts,
  singular: FINANCE_ADMIN_TEXTS.bankAccount,
  routes: { list: '/bank-accounts', add: '/bank-accounts/add', edit: '/bank-accounts/edit/:id' },
  operations: { list: 'getbankaccounts', get: 'getbankaccount', create: 'createbankaccount', update: 'updatebankaccount' },
  columns: [
    { key: 'ownerName', header: FINANCE_ADMIN_TEXTS.owner },
    { key: 'accountHolder', header: FINANCE_ADMIN_TEXTS.accountHolder, sortKey: 'accountHolder' },
    { key: 'bankName', header: FINANCE_ADMIN_TEXTS.bank, sortKey: 'bankName' },
    { key: 'branchCode', header: FINANCE_ADMIN_TEXTS.branchCode },
    { key: 'accountNumber', header: FINANCE_ADMIN_TEXTS.accountNumber },
    { key: 'bankAccountType', header: FINANCE_ADMIN_TEXTS.accountType },
    { key: 'isActive', header: FINANCE_ADMIN_TEXTS.active, text: (row) => yesNo(row.isActive) },
  ],
  filters: [{ kind: 'boolean', name: 'isActive', label: FINANCE_ADMIN_TEXTS.active }],
  fields: [
    // Staff name the owner; a partner's bank account is its own (the server decides, the fields are ignored).
    { name: 'companyId', label: FINANCE_ADMIN_TEXTS.ownerCompany, kind: 'lookup', resource: 'companies', nameField: 'ownerName', createOnly: true },
    { name: 'accountHolder', label: FINANCE_ADMIN_TEXTS.accountHolder, kind: 'text', required: true, maxLength: 200 },
    { name: 'bankName', label: FINANCE_ADMIN_TEXTS.bank, kind: 'text', required: true, maxLength: 100 },
    { name: 'branchCode', label: FINANCE_ADMIN_TEXTS.branchCode, kind: 'text', required: true, maxLength: 10 },
    { name: 'accountNumber', label: FINANCE_ADMIN_TEXTS.accountNumber, kind: 'text', required: true, maxLength: 20 },
    { name: 'bankAccountType', label: FINANCE_ADMIN_TEXTS.accountType, kind: 'enum', options: BANK_ACCOUNT_TYPES, required: true },
    { name: 'isActive', label: FINANCE_ADMIN_TEXTS.active, kind: 'boolean' },
  ],
  defaultSort: 'accountHolder',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FINANCE_ADMIN_TEXTS.bankAccountsExport,
  createOpensEdit: false,
  label: (row) => `${row.bankName} ${row.accountNumber}`,
  api: resourceApi(entityCalls('bankaccounts'), {
    row: asIs, record: asIs, created: asIs, updated: asIs, updateBody: bankAccountUpdateBody, exportable: true,
    select: { from: 'server', query: (search) => ({ search }) },
  }),
};

/** The amount as typed, in the currency's units, to integer cents; what is not an amount goes as null (the server's 400 names it). */
function cents(value: FormValues[string]): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^\d+([.,]\d{1,2})?$/.test(value.trim())) return null;
  return toCents(value.trim());
}

export function fundsReceivedBody(values: FormValues) {
  const { companyId, userId, amount, reference, receivedOn } = bodyOf(values);
  return {
    companyId: typeof companyId === 'number' ? companyId : null, userId: typeof userId === 'number' ? userId : null,
    amount: cents(amount ?? null), reference, receivedOn,
  };
}

/** Funds received are versioned by their allocations' total and amount: an edit answers the row as it is now. */
const fundsRow = (row: S['FundsReceived']): FundsReceivedRow => ({ ...row, xmin: `${row.amount}-${row.allocated}` });
const fundsRecord = (row: S['FundsReceived']): FundsReceivedRow => ({ ...fundsRow(row), amount: (row.amount / 100).toFixed(2) });
const money = (value: number | string) => (typeof value === 'number' ? formatMoney(value) : value);

export const fundsReceivedResource: ResourceDef<FundsReceivedRow> = {
  id: 'fundsReceived',
  title: FINANCE_ADMIN_TEXTS.fundsReceived,
  singular: FINANCE_ADMIN_TEXTS.fundsReceivedOne,
  routes: { list: '/funds-received', add: '/funds-received/add', edit: '/funds-received/edit/:id' },
  operations: { list: 'getfundsreceived', get: 'getfundsreceivedone', create: 'createfundsreceived', update: 'updatefundsreceived' },
  columns: [
    { key: 'receivedOn', header: FINANCE_ADMIN_TEXTS.receivedOn, text: (row) => formatDate(row.receivedOn, 'dd-MM-yyyy') },
    { key: 'customerName', header: FINANCE_ADMIN_TEXTS.customer },
    { key: 'reference', header: FINANCE_ADMIN_TEXTS.reference },
    { key: 'amount', header: FINANCE_ADMIN_TEXTS.amount, text: (row) => money(row.amount) },
    { key: 'allocated', header: FINANCE_ADMIN_TEXTS.allocated, text: (row) => formatMoney(row.allocated) },
    { key: 'unallocated', header: FINANCE_ADMIN_TEXTS.unallocated, text: (row) => formatMoney(row.unallocated) },
  ],
  filters: [],
  fields: [
    { name: 'companyId', label: FINANCE_ADMIN_TEXTS.customerCompany, kind: 'lookup', resource: 'companies', nameField: 'customerName' },
    { name: 'amount', label: FINANCE_ADMIN_TEXTS.amountReceived, kind: 'text', required: true, maxLength: 14 },
    { name: 'reference', label: FINANCE_ADMIN_TEXTS.reference, kind: 'text', required: true, maxLength: 100 },
    { name: 'receivedOn', label: FINANCE_ADMIN_TEXTS.receivedOn, kind: 'date', required: true },
  ],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: FINANCE_ADMIN_TEXTS.fundsReceived,
  createOpensEdit: true,
  related: [{ label: FINANCE_ADMIN_TEXTS.allocate, path: (id) => `/funds-received/${id}/allocation`, operation: 'allocatefundsreceived' }],
  label: (row) => row.reference,
  api: resourceApi(entityCalls('fundsreceived'), {
    row: fundsRow, record: fundsRecord, created: fundsRecord, updated: fundsRecord,
    createBody: fundsReceivedBody, select: 'none',
  }),
};

// ---- Withdrawals and advances ----

export type PayoutRow = S['PayoutRequest'] & { xmin: string };
type PayoutKind = 'withdrawals' | 'advances';

const payoutRow = (row: S['PayoutRequest']): PayoutRow => ({ ...row, xmin: `${row.status}-${row.decidedAt ?? ''}` });
const readOnly = (): never => {
  throw new Error('Withdrawals and advances are completed or cancelled from the list, never edited.');
};

/** A fresh key per decision: a retry of the same click is the server's to answer once (the request is no longer requested). */
const idempotencyKey = (what: string) => ({ header: { 'Idempotency-Key': `${what}-${globalThis.crypto.randomUUID()}` } });

function decide(kind: PayoutKind, decision: 'complete' | 'cancel') {
  return async (cca2: string, ids: number[]) => {
    const path = decision === 'complete' ? '/payoutrequests/{cca2}/{kind}/complete' : '/payoutrequests/{cca2}/{kind}/cancel';
    const { data } = await api.connect.POST(path, { params: { path: { cca2, kind }, ...idempotencyKey(`${kind}-${decision}`) }, body: { ids } });
    return data?.items.length ?? 0;
  };
}

export async function requestPayout(cca2: string, kind: PayoutKind, body: S['PayoutRequestForm'], key: string): Promise<S['PayoutRequest']> {
  const { data } = await api.connect.POST('/payoutrequests/{cca2}/{kind}', { params: { path: { cca2, kind }, header: { 'Idempotency-Key': key } }, body });
  if (!data) throw new Error('The server answered without the request');
  return data;
}

function payoutResource(kind: PayoutKind): ResourceDef<PayoutRow> {
  const title = kind === 'withdrawals' ? FINANCE_ADMIN_TEXTS.withdrawals : FINANCE_ADMIN_TEXTS.advances;
  const list = kind === 'withdrawals' ? '/withdrawals' : '/advances';
  return {
    id: kind,
    title,
    singular: kind === 'withdrawals' ? 'withdrawal' : 'advance',
    routes: { list, edit: list },
    operations: { list: 'getpayoutrequests', get: 'getpayoutrequests', update: 'completepayoutrequests' },
    columns: [
      { key: 'requestedAt', header: FINANCE_ADMIN_TEXTS.requestedAt, text: (row) => formatDate(row.requestedAt, 'dd-MM-yyyy HH:mm') },
      { key: 'accountName', header: FINANCE_ADMIN_TEXTS.account },
      { key: 'bankAccount', header: FINANCE_ADMIN_TEXTS.bank },
      { key: 'amount', header: FINANCE_ADMIN_TEXTS.amount, text: (row) => formatMoney(row.amount) },
      { key: 'reason', header: FINANCE_ADMIN_TEXTS.reason, text: (row) => row.reason ?? '' },
      { key: 'status', header: FINANCE_ADMIN_TEXTS.status },
      { key: 'requestedBy', header: FINANCE_ADMIN_TEXTS.requestedBy },
      { key: 'decidedBy', header: FINANCE_ADMIN_TEXTS.decidedBy, text: (row) => row.decidedBy ?? '' },
    ],
    filters: [{ kind: 'enum', name: 'status', label: FINANCE_ADMIN_TEXTS.status, options: PAYOUT_STATUSES }],
    fields: [],
    defaultSort: 'id',
    pageSizes: PAGE_SIZE_OPTIONS,
    exportName: title,
    createOpensEdit: false,
    bulkActions: [
      {
        id: 'complete', label: FINANCE_ADMIN_TEXTS.complete, operation: 'completepayoutrequests', question: FINANCE_ADMIN_TEXTS.completeQuestion,
        run: decide(kind, 'complete'), doneText: () => FINANCE_ADMIN_TEXTS.completed,
      },
      {
        id: 'cancel', label: FINANCE_ADMIN_TEXTS.cancel, operation: 'cancelpayoutrequests', question: FINANCE_ADMIN_TEXTS.cancelQuestion,
        run: decide(kind, 'cancel'), doneText: () => FINANCE_ADMIN_TEXTS.cancelled,
      },
    ],
    label: (row) => `#${row.id}`,
    api: {
      async list(cca2, params, signal) {
        const status = PAYOUT_STATUSES.find((value) => value === params.filters.status);
        const { data } = await api.connect.GET('/payoutrequests/{cca2}/{kind}', {
          params: { path: { cca2, kind }, query: { page: params.page, pageSize: params.pageSize, ...(params.search && { search: params.search }), ...(status && { status }) } }, signal,
        });
        if (!data) throw new Error('The server answered without the requests');
        return { ...data, items: data.items.map(payoutRow) };
      },
      get: readOnly,
      update: readOnly,
      selectOptions: async () => [],
    },
  };
}

export const withdrawalsResource = payoutResource('withdrawals');
export const advancesResource = payoutResource('advances');
