import { api } from '../api';
import type { components } from '../api/generated/connect';
import { EXTENDED_PAGE_SIZE_OPTIONS, STORE_LIST_PAGE_SIZE } from '../lib/constants';
import { SUCCESS_TEXTS } from '../lib/error-catalogue';
import { bodyOf, updateOrConflict } from './api-helpers';
import { deleteSelected } from './bulk';
import { toApiQuery } from './query';
import type { Page, ResourceDef, SelectOption } from './types';

export type Store = components['schemas']['Store'];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Stores (000 sections 2 and 6; 002 section 7): list, add (staff), edit, delete; export "Stores". */
export const storesResource: ResourceDef<Store> = {
  id: 'stores',
  title: 'Stores',
  singular: 'store',
  routes: { list: '/stores', add: '/stores/add', edit: '/stores/edit/:id' },
  operations: { list: 'getstores', get: 'getstore', create: 'createstore', update: 'updatestore', remove: 'deletestores' },
  columns: [
    { key: 'storeName', header: 'Store name', sortKey: 'storeName' },
    { key: 'contactName', header: 'Contact name' },
    { key: 'phoneNumber', header: 'Phone number' },
    { key: 'unitName', header: 'Unit', text: (row) => [row.unitName, row.unitNumber].filter(Boolean).join(' ') },
    { key: 'qsrMode', header: 'QSR mode', text: (row) => yesNo(row.qsrMode) },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => yesNo(row.isActive) },
  ],
  filters: [
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'boolean', name: 'qsrMode', label: 'QSR mode' },
    { kind: 'lookup', name: 'companyid', label: 'Company', resource: 'companies' },
  ],
  fields: [
    { name: 'storeName', label: 'Store name', kind: 'text', required: true, maxLength: 200 },
    { name: 'companyId', label: 'Company', kind: 'lookup', resource: 'companies', required: true, createOnly: true },
    { name: 'contactName', label: 'Contact name', kind: 'text', maxLength: 200 },
    { name: 'phoneNumber', label: 'Phone number', kind: 'phone', maxLength: 40 },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 254 },
    { name: 'address', label: 'Address', kind: 'text', maxLength: 500 },
    { name: 'unitName', label: 'Unit name', kind: 'text', maxLength: 100 },
    { name: 'unitNumber', label: 'Unit number', kind: 'text', maxLength: 40 },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
    { name: 'qsrMode', label: 'QSR mode', kind: 'boolean' },
  ],
  defaultSort: 'storeName',
  pageSizes: EXTENDED_PAGE_SIZE_OPTIONS,
  exportName: 'Stores',
  createOpensEdit: true,
  deletedText: SUCCESS_TEXTS.deletedStores,
  bulkActions: [
    deleteSelected({
      operation: 'deletestores', singular: 'store', pluralName: 'stores', doneText: SUCCESS_TEXTS.deletedStores,
      remove: (cca2, ids) => storesResource.api.remove!(cca2, ids),
    }),
  ],
  label: (row) => row.storeName,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/stores/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      return data as Page<Store>;
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/stores/{cca2}/{id}', { params: { path: { cca2, id } } });
      return data!;
    },
    async create(cca2, values) {
      const { data } = await api.connect.POST('/stores/{cca2}', { params: { path: { cca2 } }, body: bodyOf(values) as never });
      return data!;
    },
    update(cca2, id, values, xmin) {
      const { companyId: _companyId, ...rest } = values;
      return updateOrConflict(
        async () => (await api.connect.PUT('/stores/{cca2}/{id}', { params: { path: { cca2, id } }, body: { ...bodyOf(rest), xmin } as never })).data!,
        () => storesResource.api.get(cca2, id),
      );
    },
    async remove(cca2, ids) {
      const { data } = await api.connect.DELETE('/stores/{cca2}', { params: { path: { cca2 }, query: { ids } } });
      return data!.deleted;
    },
    async exportFile(cca2, params, signal) {
      const { response } = await api.connect.GET('/stores/{cca2}', {
        params: { path: { cca2 }, query: { ...toApiQuery({ ...params, page: 1 }), exportExcel: true } as never }, parseAs: 'stream', signal,
      });
      return response;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/stores/{cca2}', {
        params: { path: { cca2 }, query: { select: true, search, pageSize: STORE_LIST_PAGE_SIZE, isActive: true } }, signal,
      });
      return data as SelectOption[];
    },
  },
};
