import { EXTENDED_PAGE_SIZE_OPTIONS, STORE_LIST_PAGE_SIZE } from '../lib/list-constants';
import { ACCOUNTS_LABEL } from '../lib/resource-texts';
import { SUCCESS_TEXTS } from '../lib/success-texts';
import { bodyOf } from './api-helpers';
import { deleteSelected } from './bulk';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { ResourceDef } from './types';

export type Store = EntityRow<'stores'>;

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
  related: [
    { label: ACCOUNTS_LABEL, path: (id) => `/stores/${id}/accounts`, operation: 'getaccounts' },
    // Issue 16: the store's deliveries from a sheet.
    { label: 'Delivery uploads', path: (id) => `/stores/${id}/batches`, operation: 'getdeliverybatches' },
  ],
  // Issue 16: stores from a sheet.
  upload: { to: '/stores/batches/add', operation: 'uploadstoresheet' },
  deletedText: SUCCESS_TEXTS.deletedStores,
  bulkActions: [
    deleteSelected({
      operation: 'deletestores', singular: 'store', pluralName: 'stores', doneText: SUCCESS_TEXTS.deletedStores,
      remove: (cca2, ids) => storesResource.api.remove!(cca2, ids),
    }),
  ],
  label: (row) => row.storeName,
  api: resourceApi(entityCalls('stores'), {
    row: asIs, record: asIs, created: asIs, updated: asIs, remove: 'byIds', exportable: true,
    // The company is chosen on create only.
    updateBody: ({ companyId: _companyId, ...rest }) => bodyOf(rest),
    select: { from: 'server', query: (search) => ({ search, pageSize: STORE_LIST_PAGE_SIZE, isActive: true }) },
  }),
};
