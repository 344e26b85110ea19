import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/constants';
import { bodyOf, updateOrConflict } from './api-helpers';
import { toApiQuery } from './query';
import type { Page, ResourceDef } from './types';

export type Announcement = components['schemas']['Announcement'];

/**
 * Announcements (000 section 2: /announcements, add, edit; access administrator, management, staff). Shown to
 * every signed-in user of the portal as a dismissible banner from the start date through the end date.
 */
export const announcementsResource: ResourceDef<Announcement> = {
  id: 'announcements',
  title: 'Announcements',
  singular: 'announcement',
  routes: { list: '/announcements', add: '/announcements/add', edit: '/announcements/edit/:id' },
  operations: {
    list: 'getannouncements', get: 'getannouncement', create: 'createannouncement', update: 'updateannouncement', remove: 'deleteannouncements',
  },
  columns: [
    { key: 'title', header: 'Title', sortKey: 'title' },
    { key: 'message', header: 'Message', text: (row) => (row.message.length > 80 ? `${row.message.slice(0, 79)}…` : row.message) },
    { key: 'startDate', header: 'Start date', sortKey: 'startDate' },
    { key: 'endDate', header: 'End date', text: (row) => row.endDate ?? '' },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'date', name: 'activeOn', label: 'Shown on' },
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200 },
    { name: 'message', label: 'Message', kind: 'text', required: true, maxLength: 2000 },
    { name: 'startDate', label: 'Start date (YYYY-MM-DD)', kind: 'text', required: true, maxLength: 10 },
    { name: 'endDate', label: 'End date (YYYY-MM-DD, optional)', kind: 'text', maxLength: 10 },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'startDate',
  pageSizes: PAGE_SIZE_OPTIONS,
  // Not in the spec's export names: the server has no export for announcements.
  exportName: 'Announcements',
  createOpensEdit: true,
  label: (row) => row.title,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/announcements/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      return data as Page<Announcement>;
    },
    async get(cca2, id) {
      const { data } = await api.connect.GET('/announcements/{cca2}/{id}', { params: { path: { cca2, id } } });
      return data!;
    },
    async create(cca2, values) {
      const { data } = await api.connect.POST('/announcements/{cca2}', { params: { path: { cca2 } }, body: bodyOf(values) as never });
      return data!;
    },
    update(cca2, id, values, xmin) {
      return updateOrConflict(
        async () => (await api.connect.PUT('/announcements/{cca2}/{id}', { params: { path: { cca2, id } }, body: { ...bodyOf(values), xmin } as never })).data!,
        () => announcementsResource.api.get(cca2, id),
      );
    },
    async remove(cca2, ids) {
      const { data } = await api.connect.DELETE('/announcements/{cca2}', { params: { path: { cca2 }, query: { ids } } });
      return data!.deleted;
    },
    async selectOptions(cca2, search, signal) {
      const { data } = await api.connect.GET('/announcements/{cca2}', { params: { path: { cca2 }, query: { search } }, signal });
      return (data?.items ?? []).map((row) => ({ key: String(row.id), value: row.title }));
    },
  },
};
