import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { bodyOf, updateOrConflict } from './api-helpers';
import { toApiQuery } from './query';
import type { Page, ResourceDef, SelectOption } from './types';

export type Company = components['schemas']['Company'];

/** Company types (002 section 9: "Close Corporation, Listed Company, Natural Person, NPO, Private Company, Trust and others"). */
export const COMPANY_TYPES = ['Close Corporation', 'Listed Company', 'Natural Person', 'NPO', 'Private Company', 'Trust', 'Other'] as const;

/** Companies (000 sections 2 and 6): list, add, edit (no delete in the spec); export "Companies". */
export const companiesResource: ResourceDef<Company> = {
  id: 'companies',
  title: 'Companies',
  singular: 'company',
  routes: { list: '/companies', add: '/companies/add', edit: '/companies/edit/:id' },
  operations: { list: 'getcompanies', get: 'getcompany', create: 'createcompany', update: 'updatecompany' },
  columns: [
    { key: 'companyName', header: 'Company name', sortKey: 'companyName' },
    { key: 'companyType', header: 'Company type' },
    { key: 'contactName', header: 'Contact name' },
    { key: 'phoneNumber', header: 'Phone number' },
    { key: 'email', header: 'Email' },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'enum', name: 'companyType', label: 'Company type', options: COMPANY_TYPES },
  ],
  fields: [
    { name: 'companyName', label: 'Company name', kind: 'text', required: true, maxLength: 200 },
    { name: 'companyType', label: 'Company type', kind: 'enum', options: COMPANY_TYPES },
    { name: 'contactName', label: 'Contact name', kind: 'text', maxLength: 200 },
    { name: 'phoneNumber', label: 'Phone number', kind: 'phone', maxLength: 40 },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 254 },
    { name: 'registrationNumber', label: 'Registration number', kind: 'text', maxLength: 64 },
    { name: 'vatNumber', label: 'VAT number', kind: 'text', maxLength: 64 },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'companyName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Companies',
  // The spec says so for stores; ours for companies too, so both add screens behave alike.
  createOpensEdit: true,
  label: (row) => row.companyName,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/companies/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      return data as Page<Company>;
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/companies/{cca2}/{id}', { params: { path: { cca2, id } } });
      return data!;
    },
    async create(cca2, values) {
      const { data } = await api.connect.POST('/companies/{cca2}', { params: { path: { cca2 } }, body: bodyOf(values) as never });
      return data!;
    },
    update(cca2, id, values, xmin) {
      return updateOrConflict(
        async () => (await api.connect.PUT('/companies/{cca2}/{id}', { params: { path: { cca2, id } }, body: { ...bodyOf(values), xmin } as never })).data!,
        () => companiesResource.api.get(cca2, id),
      );
    },
    async exportFile(cca2, params, signal) {
      const { response } = await api.connect.GET('/companies/{cca2}', {
        params: { path: { cca2 }, query: { ...toApiQuery({ ...params, page: 1 }), exportExcel: true } as never }, parseAs: 'stream', signal,
      });
      return response;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/companies/{cca2}', { params: { path: { cca2 }, query: { select: true, search } }, signal });
      return data as SelectOption[];
    },
  },
};
