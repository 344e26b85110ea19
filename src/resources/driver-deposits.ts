import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { formatDate } from '../lib/date-format';
import { DRIVER_DEPOSITS_TEXTS } from '../lib/driver-deposits-texts';
import { formatMoney } from '../lib/money';
import type { ListParams, Page, ResourceDef } from './types';

/** A recorded deposit as the list holds it: the driver's ledger account comes with each row (its "Ledger" link). */
export type DriverDepositRow = components['schemas']['DriverDeposit'] & { xmin: string; accountId: number | null };

const readOnly = (): never => {
  throw new Error(DRIVER_DEPOSITS_TEXTS.readOnly);
};

/** The description both ledger postings of a deposit carry (server/domain/deposits.ts): the statement's search finds the pair. */
export const depositPostingsSearch = (depositId: number): string => `deposit ${depositId} (`;

/** getdriverdeposits answers a driver's whole list (few rows a day): the list's page is cut here. */
export function depositsPage(data: components['schemas']['DriverDeposits'], params: ListParams): Page<DriverDepositRow> {
  const rows = data.items.map((item) => ({ ...item, xmin: String(item.id), accountId: data.accountId }));
  const start = (params.page - 1) * params.pageSize;
  return {
    items: rows.slice(start, start + params.pageSize),
    paging: { page: params.page, pageSize: params.pageSize, totalItems: rows.length, totalPages: Math.max(1, Math.ceil(rows.length / params.pageSize)) },
  };
}

/**
 * A driver's recorded cash deposits (issue 20: the deposit modal records them), newest first, at /users/:id/deposits;
 * read-only (a deposit is corrected in the ledger, not edited). Each row opens its Cash Debit and Cash Credit in
 * the driver's account statement.
 */
export const driverDepositsResource: ResourceDef<DriverDepositRow> = {
  id: 'driverDeposits',
  title: DRIVER_DEPOSITS_TEXTS.title,
  singular: DRIVER_DEPOSITS_TEXTS.singular,
  routes: { list: '/users/:id/deposits', edit: '/users/:id/deposits' },
  operations: { list: 'getdriverdeposits', get: 'getdriverdeposits', update: 'recorddriverdeposit' },
  columns: [
    { key: 'depositedAt', header: DRIVER_DEPOSITS_TEXTS.depositedAt, text: (row) => formatDate(row.depositedAt, 'dd-MM-yyyy HH:mm') },
    { key: 'amountCents', header: DRIVER_DEPOSITS_TEXTS.amount, text: (row) => formatMoney(row.amountCents) },
    { key: 'reference', header: DRIVER_DEPOSITS_TEXTS.reference },
    { key: 'note', header: DRIVER_DEPOSITS_TEXTS.note, text: (row) => row.note ?? '' },
    { key: 'createdAt', header: DRIVER_DEPOSITS_TEXTS.recordedAt, text: (row) => formatDate(row.createdAt, 'dd-MM-yyyy HH:mm') },
  ],
  filters: [{ kind: 'parent', name: 'driverId', label: DRIVER_DEPOSITS_TEXTS.driver }],
  fields: [],
  defaultSort: '',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: DRIVER_DEPOSITS_TEXTS.title,
  createOpensEdit: false,
  label: (row) => `${row.reference} (#${row.id})`,
  api: {
    async list(cca2, params, signal) {
      const driverId = Number(params.filters.driverId);
      const { data } = await api.connect.GET('/drivers/deposits/{cca2}/{driverId}', { params: { path: { cca2, driverId } }, signal });
      if (!data) throw new Error('The server answered without the deposits');
      return depositsPage(data, params);
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};
