import { USERS_ADMIN_TEXTS } from '../lib/users-admin-texts';
import { FINANCE_TEXTS } from '../lib/finance-texts';
import { api } from '../api';
import type { operations } from '../api/generated/identity';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { DRIVER_DEPOSITS_TEXTS } from '../lib/driver-deposits-texts';
import { STORED_ROLES, userExportName } from '../lib/roles';
import { bodyOf } from './api-helpers';
import { entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef } from './types';

type UserAdminRow = EntityRow<'users'>;

/**
 * identity's createProfile with the form's body: the roles go as typed, unknown names included, and the
 * server names the field (the generated body would only take known role names).
 */
interface ProfilePaths {
  '/v1/profile': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: Omit<operations['createProfile'], 'requestBody'> & { requestBody: { content: { 'application/json': Record<string, unknown> } } };
  };
}
let profileClient: ReturnType<typeof api.identityAs<ProfilePaths>> | undefined;
const profiles = () => (profileClient ??= api.identityAs<ProfilePaths>());

/** A user as the list and form hold it: the roles also as one editable text ("Driver, Partner"). */
export type UserAdmin = UserAdminRow & { rolesText: string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const withRolesText = (row: UserAdminRow): UserAdmin => ({ ...row, rolesText: row.roles.join(', ') });

/** "Driver, partner" → ['Driver', 'Partner'] (names matched case-insensitively; unknown names go to the server, which names the field). */
export function rolesOf(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const names = text.split(',').map((name) => name.trim()).filter(Boolean);
  return [...new Set(names.map((name) => STORED_ROLES.find((role) => role.toLowerCase() === name.toLowerCase()) ?? name))];
}

/** The body of createProfile / updateuser from the form's values. */
export function userBody(values: FormValues): Record<string, unknown> {
  const { rolesText, email: _email, ...rest } = bodyOf(values);
  return { ...rest, roles: rolesOf(rolesText) };
}

/**
 * Users (000 sections 2 and 6: administrator, management, staff): list with the catalogue's roles, isActive,
 * companyid and storeid filters and the verified flag; add through identity's createProfile (the new user gets
 * an invitation to choose a password), then the edit screen; export "Users".
 */
export const usersResource: ResourceDef<UserAdmin> = {
  id: 'users',
  title: 'Users',
  singular: 'user',
  routes: { list: '/users', add: '/users/add', edit: '/users/edit/:id' },
  operations: { list: 'getusers', get: 'getuser', create: 'createProfile', update: 'updateuser' },
  columns: [
    { key: 'fullName', header: 'Name', sortKey: 'lastName' },
    { key: 'email', header: 'Email', sortKey: 'email' },
    { key: 'phoneNumber', header: 'Phone number' },
    { key: 'rolesText', header: 'Roles' },
    { key: 'companyName', header: 'Company' },
    { key: 'storeName', header: 'Store' },
    { key: 'emailConfirmed', header: 'Verified', text: (row) => yesNo(row.emailConfirmed) },
    { key: 'isActive', header: 'Active', text: (row) => yesNo(row.isActive) },
  ],
  filters: [
    { kind: 'enum', name: 'roles', label: 'Role', options: STORED_ROLES },
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'boolean', name: 'verified', label: 'Verified' },
    { kind: 'lookup', name: 'companyid', label: 'Company', resource: 'companies' },
    { kind: 'lookup', name: 'storeid', label: 'Store', resource: 'stores' },
  ],
  fields: [
    { name: 'email', label: 'Email', kind: 'email', required: true, maxLength: 254, createOnly: true },
    { name: 'firstName', label: 'First name', kind: 'text', required: true, maxLength: 100 },
    { name: 'lastName', label: 'Last name', kind: 'text', required: true, maxLength: 100 },
    { name: 'phoneNumber', label: 'Phone number', kind: 'phone', maxLength: 32 },
    { name: 'rolesText', label: 'Roles (separate with ,)', kind: 'text', maxLength: 400 },
    { name: 'companyId', label: 'Company', kind: 'lookup', resource: 'companies', nameField: 'companyName' },
    { name: 'storeId', label: 'Store', kind: 'lookup', resource: 'stores', nameField: 'storeName' },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
    { name: 'beta', label: 'Beta', kind: 'boolean' },
  ],
  defaultSort: 'lastName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Users',
  exportNameOf: (params) => userExportName(params.filters.roles),
  createOpensEdit: true,
  related: [
    { label: USERS_ADMIN_TEXTS.ratings, path: (id) => `/users/${id}/ratings`, operation: 'getratings' },
    { label: FINANCE_TEXTS.accounts, path: (id) => `/users/${id}/accounts`, operation: 'getaccounts' },
    // Issue 20: a driver's cash deposits (the deposit modal records them); a user who is not a driver has none.
    { label: DRIVER_DEPOSITS_TEXTS.title, path: (id) => `/users/${id}/deposits`, operation: 'getdriverdeposits', shownFor: (row) => row.roles.includes('Driver') },
  ],
  label: (row) => row.fullName,
  api: resourceApi(entityCalls('users'), {
    row: withRolesText, record: withRolesText, updated: withRolesText,
    updateBody: userBody,
    exportable: true,
    async createWith(cca2, values) {
      const { isActive, beta, ...profile } = userBody(values);
      const { data } = await profiles().POST('/v1/profile', { body: { ...profile, email: String(values.email ?? '').trim() } });
      if (!data) throw new Error('The server answered without a body');
      const created = await usersResource.api.get(cca2, data.id);
      // Active and beta are not part of the invitation: set right after it when the form changed them.
      if (isActive === false || beta === true) {
        return usersResource.api.update(cca2, created.id, { ...values, isActive: isActive !== false, beta: beta === true }, created.xmin);
      }
      return created;
    },
  }),
};
