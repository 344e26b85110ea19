import { ACCOUNTS_LABEL } from '../lib/resource-texts';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { ResourceDef } from './types';

export type Company = EntityRow<'companies'>;

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
  related: [
    { label: ACCOUNTS_LABEL, path: (id) => `/companies/${id}/accounts`, operation: 'getaccounts' },
  ],
  label: (row) => row.companyName,
  api: resourceApi(entityCalls('companies'), { row: asIs, record: asIs, created: asIs, updated: asIs, exportable: true }),
};
