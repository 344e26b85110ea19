import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { STORED_ROLES } from '../lib/roles';
import { bodyOf, updateOrConflict } from './api-helpers';
import { toApiQuery } from './query';
import type { FormValues, Page, ResourceDef, SelectOption } from './types';

type UserAdminRow = components['schemas']['UserAdmin'];
type RoleName = components['schemas']['UsrRoleName'];

/** A user as the list and form hold it: the roles also as one editable text ("Driver, Partner"). */
export type UserAdmin = UserAdminRow & { rolesText: string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const withRolesText = (row: UserAdminRow): UserAdmin => ({ ...row, rolesText: row.roles.join(', ') });

/** "Driver, partner" → ['Driver', 'Partner'] (names matched case-insensitively; unknown names go to the server, which names the field). */
export function rolesOf(text: unknown): RoleName[] {
  if (typeof text !== 'string') return [];
  const names = text.split(',').map((name) => name.trim()).filter(Boolean);
  return [...new Set(names.map((name) => STORED_ROLES.find((role) => role.toLowerCase() === name.toLowerCase()) ?? name))] as RoleName[];
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
  createOpensEdit: true,
  label: (row) => row.fullName,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/users/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      const page = data as Page<UserAdminRow>;
      return { ...page, items: page.items.map(withRolesText) };
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/users/{cca2}/{id}', { params: { path: { cca2, id } } });
      return withRolesText(data!);
    },
    async create(cca2, values) {
      const { isActive, beta, ...profile } = userBody(values);
      const { data } = await api.identity.POST('/v1/profile', { body: { ...profile, email: String(values.email ?? '').trim() } as never });
      const created = await usersResource.api.get(cca2, data!.id);
      // Active and beta are not part of the invitation: set right after it when the form changed them.
      if (isActive === false || beta === true) {
        return usersResource.api.update(cca2, created.id, { ...values, isActive: isActive !== false, beta: beta === true }, created.xmin);
      }
      return created;
    },
    update(cca2, id, values, xmin) {
      return updateOrConflict(
        async () => withRolesText((await api.connect.PUT('/users/{cca2}/{id}', { params: { path: { cca2, id } }, body: { ...userBody(values), xmin } as never })).data!),
        () => usersResource.api.get(cca2, id),
      );
    },
    async exportFile(cca2, params, signal) {
      const { response } = await api.connect.GET('/users/{cca2}', {
        params: { path: { cca2 }, query: { ...toApiQuery({ ...params, page: 1 }), exportExcel: true } as never }, parseAs: 'stream', signal,
      });
      return response;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/users/{cca2}', { params: { path: { cca2 }, query: { select: true, search } }, signal });
      return data as SelectOption[];
    },
  },
};
